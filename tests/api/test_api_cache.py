"""The catalogue API's answers in the cache: the same to every caller, new at once after an edit."""

import pytest

from cardbase.models import Card
from tests.factories import CardFactory

pytestmark = pytest.mark.django_db

URLS = ["/api/v1/cards/", "/api/v1/cards/aniolowie/pamiec/", "/api/v1/editions/"]


@pytest.fixture
def card(game):
    return CardFactory(game=game, slug="pamiec", name="Pamiętliwy")


@pytest.mark.parametrize("url", URLS)
def test_a_repeated_read_is_answered_from_the_cache(client, card, url, django_assert_num_queries):
    first = client.get(url)
    assert first.status_code == 200
    with django_assert_num_queries(1):  # the catalogue's version
        second = client.get(url)
    assert second.status_code == 200
    assert second.json() == first.json()
    assert second["ETag"] == first["ETag"]
    assert second["Content-Type"] == first["Content-Type"]


@pytest.mark.parametrize("url", URLS)
def test_a_matching_etag_is_answered_304_before_any_work(
    client, card, url, django_assert_num_queries
):
    etag = client.get(url)["ETag"]
    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again["ETag"] == etag


def test_an_edit_is_answered_at_once_with_a_new_etag(client, card):
    url = "/api/v1/cards/aniolowie/pamiec/"
    etag = client.get(url)["ETag"]
    Card.objects.filter(pk=card.pk).update(name="Niepamiętliwy")
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response.json()["name"] == "Niepamiętliwy"
    assert response["ETag"] != etag
    assert client.get("/api/v1/cards/").json()["results"][0]["name"] == "Niepamiętliwy"


def test_a_cached_answer_still_counts_toward_the_throttle(client, card, throttle_rates):
    throttle_rates(anon="2/minute")
    assert client.get("/api/v1/cards/").status_code == 200
    assert client.get("/api/v1/cards/").status_code == 200  # from the cache
    assert client.get("/api/v1/cards/").status_code == 429


def test_every_caller_gets_the_same_answer(client, client_for, alice, card):
    anonymous = client.get("/api/v1/cards/")
    signed_in = client_for(alice).get("/api/v1/cards/")
    assert signed_in.json() == anonymous.json()


def test_the_browsable_api_is_never_cached(client_for, client, alice, card):
    page = client_for(alice).get("/api/v1/cards/", HTTP_ACCEPT="text/html")
    assert page.status_code == 200
    assert "alice" in page.content.decode()
    other = client.get("/api/v1/cards/", HTTP_ACCEPT="text/html")
    assert "alice" not in other.content.decode()


def test_formats_are_cached_apart(client, card):
    as_json = client.get("/api/v1/cards/", HTTP_ACCEPT="application/json")
    as_html = client.get("/api/v1/cards/", HTTP_ACCEPT="text/html")
    assert as_json["Content-Type"].startswith("application/json")
    assert as_html["Content-Type"].startswith("text/html")
    again = client.get("/api/v1/cards/", HTTP_ACCEPT="application/json")
    assert again["Content-Type"].startswith("application/json")
    assert as_json["ETag"] != as_html.get("ETag")
