"""Cards live at /cards/<game>/<slug>/; the addresses without the game move there for good."""

import pytest

from tests.factories import AngelFactory, GameFactory


@pytest.fixture
def twins(db, other_game):
    """The same slug in two games: the older card is the one an old address meant."""
    first = AngelFactory(name="Gaap", slug="gaap", order="powers")
    second = AngelFactory(
        game=GameFactory(slug=other_game, name="Aniołowie bis"), name="Gaap", slug="gaap"
    )
    return first, second


def test_each_game_has_its_own_card_at_its_address(client, twins, other_game):
    first, second = twins
    assert first.get_absolute_url() == "/cards/aniolowie/gaap/"
    assert second.get_absolute_url() == f"/cards/{other_game}/gaap/"
    assert client.get("/cards/aniolowie/gaap/").status_code == 200
    assert client.get(f"/cards/{other_game}/gaap/").status_code == 200
    assert client.get("/cards/chess/gaap/").status_code == 404


def test_an_old_address_moves_to_the_card_it_was_made_for(client, twins):
    response = client.get("/cards/gaap/")
    assert (response.status_code, response["Location"]) == (301, "/cards/aniolowie/gaap/")
    face = client.get("/cards/gaap/face.png")
    assert (face.status_code, face["Location"]) == (301, "/cards/aniolowie/gaap/face.png")
    assert client.get("/cards/no-such-card/").status_code == 404


def test_the_api_mirrors_the_addresses(client, twins, other_game):
    assert client.get(f"/api/v1/cards/{other_game}/gaap/").json()["game"] == other_game
    response = client.get("/api/v1/cards/gaap/?lang=en")
    assert response.status_code == 301
    assert response["Location"] == "/api/v1/cards/aniolowie/gaap/?lang=en"
    missing = client.get("/api/v1/cards/no-such-card/")
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "not_found")
