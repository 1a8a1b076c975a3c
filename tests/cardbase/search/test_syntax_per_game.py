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


def test_the_page_of_every_game_shows_each_game_apart_and_counts_within_it(client, two_games):
    body = client.get(reverse("card-search-syntax")).content.decode()

    # One table per game, under its name, in the order the site serves them.
    games = ("aniolowie", "inwo", "dark-eden", "7-fallen")
    headings = [f'<h2 id="syntax-{game}">' for game in games]
    assert all(heading in body for heading in headings)
    assert body.count('<table class="syntax-table') == 4
    tables = {
        game: body.split(f'data-game="{game}"')[1].split("</table>")[0]
        for game in ("aniolowie", "inwo", "dark-eden")
    }
    # "Unknown" counts only the table's own game: Betiel, not the three Groups.
    assert "<code>zakon:nieznany</code></a> – zakon nieznany" in tables["aniolowie"]
    assert 'zakon nieznany <span class="example-count">(1 karta)' in tables["aniolowie"]
    assert "zakon:" not in tables["inwo"] and "zakon:" not in tables["dark-eden"]
    # Each example opens the catalogue on its own game.
    assert f'href="{reverse("card-list")}?game=inwo&amp;q=' in tables["inwo"]
    assert f'href="{reverse("card-list")}?game=aniolowie&amp;q=' not in tables["inwo"]


def test_each_key_of_every_game_says_what_it_means_in_more_than_a_word(client):
    client.cookies["django_language"] = "en"
    body = client.get(reverse("card-search-syntax")).content.decode()
    assert "The kind of card: Illuminati, a Group (Organization, Personality or Place)" in body
    assert "The kind of card: Leader, Place, Warrior, Intrigue" in body
    assert "The set the card came out in, by the card list: Limited, Unlimited" in body
    assert "The kind of card.<" not in body and "The card&#x27;s set.<" not in body
