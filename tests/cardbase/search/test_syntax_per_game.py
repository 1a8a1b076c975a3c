"""/cards/syntax/?game=… shows one game's keys and examples, counted among that game's cards only."""

import pytest
from django.urls import reverse

from cardbase.selectors.syntax_counts import counted_syntax_rows
from tests.factories import AngelFactory
from tests.inwo_factories import GroupFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_games():
    AngelFactory(name="Gammon", faction="fallen", order="powers", level=7)
    AngelFactory(name="Betiel", faction="lord", order=None)  # its order is unknown
    for number in range(3):
        GroupFactory(name=f"Grupa {number}")


def example_count(rows, query: str) -> int:
    """Return what the page says an example finds."""
    return next(count for row in rows for shown, _, count in row.counted_examples if shown == query)


def test_unknown_counts_only_the_chosen_games_cards(two_games):
    # Across every game an INWO Group has no order either; within Aniołowie only Betiel lacks one.
    assert example_count(counted_syntax_rows("aniolowie"), "zakon:nieznany") == 1
    assert example_count(counted_syntax_rows(), "zakon:nieznany") == 4


def test_a_games_page_names_the_game_and_links_the_others(client, two_games):
    body = client.get(reverse("card-search-syntax"), {"game": "inwo"}).content.decode()

    assert "<h1>Składnia wyszukiwania: Illuminati: New World Order</h1>" in body
    assert '<strong aria-current="page">Illuminati: New World Order</strong>' in body
    assert f'<a href="{reverse("card-search-syntax")}?game=aniolowie">Aniołowie</a>' in body
    assert "zakon:nieznany" not in body


def test_an_unknown_game_shows_every_games_language(client, two_games):
    body = client.get(reverse("card-search-syntax"), {"game": "chess"}).content.decode()

    assert "<h1>Składnia wyszukiwania</h1>" in body
    assert '<strong aria-current="page">Wszystkie gry</strong>' in body


def test_the_catalogue_links_the_syntax_of_the_game_it_shows(client, two_games):
    body = client.get(reverse("card-list"), {"game": "inwo"}).content.decode()

    assert f'href="{reverse("card-search-syntax")}?game=inwo"' in body
