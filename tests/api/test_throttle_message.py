"""A throttled client is told how long to wait, wholly in its own language."""

import pytest
from django.utils import translation

from api.throttling import throttled_message


def _throttled(client, throttle_rates, **headers):
    throttle_rates(anon="1/minute")
    client.get("/api/v1/games/", **headers)
    response = client.get("/api/v1/games/", **headers)
    assert response.status_code == 429
    return response.json()["error"]["message"], int(response["Retry-After"])


def _polish_seconds(n: int) -> str:
    if n == 1:
        return "sekundę"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "sekundy"
    return "sekund"


@pytest.mark.django_db
def test_a_polish_request_is_told_in_polish(client, throttle_rates):
    message, wait = _throttled(client, throttle_rates)
    assert message == f"Zbyt wiele żądań; spróbuj ponownie za {wait} {_polish_seconds(wait)}."


@pytest.mark.django_db
def test_an_english_request_is_told_in_english(client, throttle_rates):
    message, wait = _throttled(client, throttle_rates, HTTP_ACCEPT_LANGUAGE="en")
    assert message == f"Too many requests; try again in {wait} seconds."


@pytest.mark.parametrize(
    ("wait", "polish", "english"),
    [
        (1, "Zbyt wiele żądań; spróbuj ponownie za 1 sekundę.", "try again in 1 second."),
        (2, "Zbyt wiele żądań; spróbuj ponownie za 2 sekundy.", "try again in 2 seconds."),
        (5, "Zbyt wiele żądań; spróbuj ponownie za 5 sekund.", "try again in 5 seconds."),
        (12, "Zbyt wiele żądań; spróbuj ponownie za 12 sekund.", "try again in 12 seconds."),
        (22, "Zbyt wiele żądań; spróbuj ponownie za 22 sekundy.", "try again in 22 seconds."),
        (25, "Zbyt wiele żądań; spróbuj ponownie za 25 sekund.", "try again in 25 seconds."),
    ],
)
def test_the_seconds_take_the_right_plural_form(wait, polish, english):
    with translation.override("pl"):
        assert throttled_message(wait) == polish
    with translation.override("en"):
        assert throttled_message(wait) == f"Too many requests; {english}"


def test_a_wait_nobody_knows_is_still_one_language():
    with translation.override("pl"):
        assert throttled_message(None) == "Zbyt wiele żądań; spróbuj ponownie później."
    with translation.override("en"):
        assert throttled_message(None) == "Too many requests; try again later."
