"""An operator serves some of the games: the others' cards and decks stay stored, off every page."""

import pytest

from decks.models import Deck
from rules.core import registry
from tests.factories import AngelFactory, DeckFactory, UserFactory
from tests.inwo_factories import GroupFactory, InwoGameFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def aniolowie_only(settings):
    """Serve Aniołowie alone, as GAMES=rules.aniolowie does, after cards of INWO were stored."""
    modules, default = registry.configuration()
    registry.configure(["rules.aniolowie"])
    settings.SERVES_SOME_GAMES_ONLY = True
    yield
    registry.configure(modules, default=default)


@pytest.fixture
def catalogue():
    angel = AngelFactory(name="Gabriel")
    group = GroupFactory(name="Grupa Trzymająca Władzę")
    return angel, group


def test_the_catalogue_and_the_home_page_show_only_the_games_served(
    client, catalogue, aniolowie_only
):
    angel, group = catalogue
    listed = client.get("/cards/")
    assert listed.status_code == 200
    assert "Gabriel" in listed.content.decode() and group.name not in listed.content.decode()
    home = client.get("/").content.decode()
    assert "Illuminati" not in home
    assert client.get(group.get_absolute_url()).status_code == 404
    assert client.get(angel.get_absolute_url()).status_code == 200


def test_the_api_lists_only_the_games_served_and_refuses_another_by_name(
    client, catalogue, aniolowie_only
):
    body = client.get("/api/v1/cards/").json()
    assert [card["name"] for card in body["results"]] == ["Gabriel"]
    refused = client.get("/api/v1/cards/", {"game": "inwo"})
    assert refused.status_code == 400
    assert list(refused.json()["error"]["fields"]) == ["game"]
    assert [game["id"] for game in client.get("/api/v1/games/").json()["results"]] == ["aniolowie"]


def test_a_deck_of_a_game_no_longer_served_is_kept_but_not_shown(client, aniolowie_only):
    owner = UserFactory()
    deck = DeckFactory(owner=owner, game=InwoGameFactory(), visibility="public", options={})
    client.force_login(owner)
    assert client.get("/decks/").status_code == 200
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    assert deck.name not in client.get("/decks/").content.decode()
    assert Deck.objects.filter(pk=deck.pk, game__slug="inwo").exists()


def test_every_game_served_reads_no_filter(settings):
    assert settings.SERVES_SOME_GAMES_ONLY is False
