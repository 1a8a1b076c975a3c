"""Every error is the same JSON envelope; odd input never reaches a 500; throttling answers 429."""

import json

import pytest
from rest_framework.test import APIClient

from tests.factories import CardFactory

pytestmark = pytest.mark.django_db


def assert_error(response, status: int) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["status"] == status
    assert isinstance(error["message"], str) and error["message"]
    assert isinstance(error["fields"], dict)
    return error


def post_raw(client, url: str, body: bytes, content_type="application/json"):
    return client.generic("POST", url, body, content_type=content_type)


@pytest.mark.parametrize(
    "body",
    [b"{", b"", b"null", b"[]", b"\xff\xfe", b"NaN", b'{"game": Infinity}', b"[" * 100_000],
)
def test_malformed_json_is_a_400_not_a_500(client, body):
    assert_error(post_raw(client, "/api/v1/validate/", body), 400)


def test_a_huge_body_is_413(client):
    body = json.dumps({"game": "aniolowie", "faction": "lord", "cards": [], "pad": "x" * 2_000_000})
    assert_error(post_raw(client, "/api/v1/validate/", body.encode()), 413)


def test_a_body_that_is_not_json_is_415(client):
    response = post_raw(client, "/api/v1/validate/", b"a=b", "application/x-www-form-urlencoded")
    assert_error(response, 415)


def test_an_unknown_method_is_405(client):
    assert_error(client.put("/api/v1/cards/"), 405)


def test_not_found_is_json(client, game):
    error = assert_error(client.get("/api/v1/cards/no-such-card/"), 404)
    assert error["code"] == "not_found"


def test_bad_search_query_is_400_with_its_position(client, game):
    CardFactory(game=game)
    error = assert_error(client.get("/api/v1/cards/", {"q": "poziom>=", "lang": "en"}), 400)
    assert error["code"] == "invalid_query"
    assert "q" in error["fields"]
    assert error["query"]["position"] >= 0


def test_search_language_filters_cards(client, game):
    CardFactory(game=game, name="Niski", level=3)
    CardFactory(game=game, name="Wysoki", level=9)
    body = client.get("/api/v1/cards/", {"q": "poziom>=5"}).json()
    assert [card["name"] for card in body["results"]] == ["Wysoki"]


def test_validation_errors_name_every_field(alice, client_for, game):
    response = client_for(alice).post(
        "/api/v1/decks/", {"faction": "nobody", "visibility": 3}, format="json"
    )
    error = assert_error(response, 400)
    assert set(error["fields"]) == {"name", "faction", "visibility"}
    assert "name" in error["message"]


def test_throttling_answers_429_with_a_json_message_and_retry_after(client, throttle_rates):
    throttle_rates(anon="3/minute")
    codes = [client.get("/api/v1/games/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    response = client.get("/api/v1/games/")
    error = assert_error(response, 429)
    assert error["code"] == "throttled"
    assert int(response["Retry-After"]) > 0


def test_signed_in_clients_have_their_own_limit(alice, client_for, throttle_rates):
    throttle_rates(anon="1/minute", user="2/minute")
    client = client_for(alice)
    codes = [client.get("/api/v1/games/").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    assert APIClient().get("/api/v1/games/").status_code == 200  # anonymous counts apart


def test_validate_has_its_own_scope(client, throttle_rates):
    throttle_rates(validate="1/minute")
    deck = {"game": "aniolowie", "faction": "lord", "cards": []}
    assert client.post("/api/v1/validate/", deck, format="json").status_code == 200
    assert_error(client.post("/api/v1/validate/", deck, format="json"), 429)
    assert client.get("/api/v1/games/").status_code == 200


@pytest.mark.parametrize(
    "path", ["/api/v1/nothing/", "/api/v1/cards/a%0Ab/", "/api/v1/decks/x%0A/", "/api/v1/decks/1/"]
)
def test_unknown_addresses_under_the_api_are_json_404(client, game, path):
    assert_error(client.get(path), 404)
