"""A search within one game reads the query with that game's own key names."""

import pytest
from django.urls import reverse

from cardbase.filters import CardFilter
from cardbase.search.cards import search_cards
from cardbase.search.translate import vocabulary_of
from cardsearch import Vocabulary
from tests.factories import HumanFactory
from tests.inwo_factories import GroupFactory, NwoFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_games():
    GroupFactory(name="Discordians", alignments=["weird", "liberal"])
    GroupFactory(name="CIA", alignments=["government", "violent"])
    GroupFactory(name="Nieznani", alignments=None)
    NwoFactory(name="Zielony Porządek", nwo_colour="blue")
    HumanFactory(name="Zły Jan", alignment="evil")
    HumanFactory(name="Dobra Ewa", alignment="good")


def found(query, game=None):
    result = search_cards(query=query, game=game)
    assert result.error is None, result.error
    return sorted(card.name for card in result.queryset)


def test_each_game_reads_charakter_as_its_own_attribute(two_games):
    assert found("charakter:zwariowany", "inwo") == ["Discordians"]
    assert found("alignment:government", "inwo") == ["CIA"]
    assert found("charakter:zły", "aniolowie") == ["Zły Jan"]
    assert found("kolor:niebieska", "inwo") == ["Zielony Porządek"]


def test_a_value_the_game_does_not_have_is_an_error_within_it(two_games):
    result = search_cards(query="charakter:zły", game="inwo")
    assert result.error is not None
    assert "charakter:" in result.error.message("en")


def test_across_games_a_shared_key_matches_either_game_s_attribute(two_games):
    assert found("charakter:zwariowany") == ["Discordians"]
    assert found("charakter:zły") == ["Zły Jan"]
    assert found("colour:blue") == ["Zielony Porządek"]
    # Unknown in every game's sense: the Group without alignments, none of the others.
    assert found("charakter:nieznany typ:organizacja") == ["Nieznani"]


def test_a_game_s_vocabulary_is_built_once():
    assert vocabulary_of("inwo") is vocabulary_of("inwo")
    assert vocabulary_of("inwo") is not vocabulary_of("aniolowie")
    assert isinstance(vocabulary_of(None), Vocabulary)


def test_the_catalogue_filtered_to_a_game_searches_with_its_words(client, two_games):
    response = client.get(reverse("card-list"), {"game": "inwo", "q": "charakter:zwariowany"})
    assert [card.name for card in response.context["page"]] == ["Discordians"]
    assert response.context["search_error"] is None
    response = client.get(reverse("card-list"), {"game": "inwo", "q": "charakter:zły"})
    assert list(response.context["page"]) == []
    assert response.context["search_error"] is not None


def test_a_filterset_searching_one_game_reads_its_words(two_games):
    filterset = CardFilter({"q": "charakter:zwariowany"}, game="inwo")
    assert filterset.is_valid()
    assert [card.name for card in filterset.qs] == ["Discordians"]
    assert not CardFilter({"q": "charakter:zły"}, game="inwo").is_valid()


def test_the_api_searches_within_the_game_asked_for(client, two_games):
    response = client.get("/api/v1/cards/", {"game": "inwo", "q": "charakter:zwariowany"})
    assert response.status_code == 200
    assert [card["name"] for card in response.json()["results"]] == ["Discordians"]
    response = client.get("/api/v1/cards/", {"game": "inwo", "q": "charakter:zły"})
    assert response.status_code == 400
    assert response.json()["error"]["query"]["position"] == len("charakter:")


def test_did_you_mean_within_a_game_proposes_only_what_finds_that_game_s_cards(two_games):
    # "Dobra" is an Aniołowie human's word: all games find it, INWO does not.
    assert search_cards(query="dobbra").did_you_mean() == "dobra"
    assert search_cards(query="dobbra", game="inwo").did_you_mean() is None
    assert search_cards(query="discordianz", game="inwo").did_you_mean() == "discordians"
