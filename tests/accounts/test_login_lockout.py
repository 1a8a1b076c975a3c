"""Password guessing: after too many failures the login refuses even the right password."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "anioly-i-demony-7"  # UserFactory's
LOCKED_PL = (
    "Zbyt wiele nieudanych prób logowania na to konto z Twojego adresu. "
    "Spróbuj ponownie za 30 minut."
)
LOCKED_EN = "Too many failed logins to this account from your address. Try again in 30 minutes."


@pytest.fixture(autouse=True)
def _fast_hashes(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _log_in(client: Client, username: str, password: str, path: str = "/accounts/login/", **extra):
    return client.post(path, {"username": username, "password": password}, **extra)


def _guess(client: Client, username: str, times: int = 25, path="/accounts/login/", **extra):
    for attempt in range(times):
        _log_in(client, username, f"zgaduje-{attempt}", path, **extra)


def test_after_25_wrong_passwords_even_the_right_one_is_refused(client):
    UserFactory(username="gabriel")
    _guess(client, "gabriel")

    response = _log_in(client, "gabriel", PASSWORD)

    assert response.status_code == 429
    assert SESSION_KEY not in client.session
    html = response.content.decode()
    assert LOCKED_PL in html and reverse("password_reset") in html
    assert int(response["Retry-After"]) == 30 * 60


def test_the_lockout_page_speaks_english_too(client):
    UserFactory(username="gabriel")
    _guess(client, "gabriel", HTTP_ACCEPT_LANGUAGE="en")

    response = _log_in(client, "gabriel", PASSWORD, HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 429 and LOCKED_EN in response.content.decode()


def test_the_limit_and_the_cool_off_are_settings(client, settings):
    settings.AXES_FAILURE_LIMIT = 3
    UserFactory(username="gabriel")
    _guess(client, "gabriel", times=2)
    assert _log_in(client, "gabriel", PASSWORD).status_code == 302
    client.logout()

    _guess(client, "gabriel", times=3)

    assert _log_in(client, "gabriel", PASSWORD).status_code == 429


def test_the_admin_login_is_locked_too(client):
    UserFactory(username="szef", is_staff=True, is_superuser=True)
    _guess(client, "szef", path="/admin/login/")

    response = _log_in(client, "szef", PASSWORD, path="/admin/login/")

    assert response.status_code == 429 and LOCKED_PL in response.content.decode()
    assert SESSION_KEY not in client.session
    assert client.get("/admin/").status_code == 302  # still sent to the login


def test_another_player_from_the_same_address_is_unaffected(client):
    UserFactory(username="gabriel")
    UserFactory(username="rafael")
    _guess(client, "gabriel")

    response = _log_in(client, "rafael", PASSWORD)

    assert response.status_code == 302
    assert client.session[SESSION_KEY] == str(UserFactory(username="rafael").pk)


def test_a_success_resets_the_count(client):
    UserFactory(username="gabriel")
    for _ in range(3):
        _guess(client, "gabriel", times=9)
        assert _log_in(client, "gabriel", PASSWORD).status_code == 302
        client.logout()


def test_behind_a_trusted_proxy_each_client_address_counts_apart(client, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    UserFactory(username="gabriel")
    _guess(client, "gabriel", HTTP_X_FORWARDED_FOR="203.0.113.5")

    locked = _log_in(client, "gabriel", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.5")
    other = _log_in(client, "gabriel", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.6")

    assert (locked.status_code, other.status_code) == (429, 302)


def test_without_trusted_proxies_a_forged_forwarded_for_changes_nothing(client):
    UserFactory(username="gabriel")
    _guess(client, "gabriel", HTTP_X_FORWARDED_FOR="203.0.113.5")

    response = _log_in(client, "gabriel", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.6")

    assert response.status_code == 429


def test_the_api_token_endpoint_is_locked_with_a_json_answer(client, settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "token": "1000/minute", "anon": "1000/minute"},
    }
    UserFactory(username="gabriel")
    for attempt in range(25):
        client.post(
            "/api/v1/auth/token/",
            {"username": "gabriel", "password": f"zgaduje-{attempt}"},
            content_type="application/json",
        )

    response = client.post(
        "/api/v1/auth/token/",
        {"username": "gabriel", "password": PASSWORD},
        content_type="application/json",
    )

    assert response.status_code == 429
    error = response.json()["error"]
    assert (error["code"], error["message"]) == ("locked_out", LOCKED_PL)
