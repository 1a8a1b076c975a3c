"""The catalogue's edition select: the chosen game's editions, each game named without one."""

import re

import pytest
from django.urls import reverse

from tests.factories import AngelFactory, EditionFactory, GameFactory, PrintingFactory
from tests.inwo_factories import InwoGameFactory, PlotFactory

pytestmark = pytest.mark.django_db


def edition_options(response) -> list[str] | None:
    """Return the labels the edition select offers, None where the page shows no select."""
    html = response.content.decode()
    select = re.search(r'<select name="edition".*?</select>', html, re.S)
    if select is None:
        return None
    return [label.strip() for label in re.findall(r"<option[^>]*>([^<]*)</option>", select[0])]


def names(response) -> list[str]:
    return sorted(card.name for card in response.context["page"].object_list)


def get(client, **params):
    return client.get(reverse("card-list"), params)


@pytest.fixture
def two_games_editions():
    angels = GameFactory()
    inwo = InwoGameFactory()
    first = EditionFactory(game=angels, name="Pierwsza", slug="pierwsza")
    EditionFactory(game=inwo, name="Limited", slug="limited")
    PrintingFactory(card=AngelFactory(name="Zetiel"), edition=first)
    PlotFactory(name="Whispering Campaign")
    return angels, inwo


def test_a_chosen_game_offers_its_own_editions_only(client, two_games_editions):
    assert edition_options(get(client, game="aniolowie")) == ["każda", "Pierwsza"]
    assert edition_options(get(client, game="inwo")) == ["każda", "Limited"]


def test_every_game_names_each_editions_game(client, two_games_editions):
    client.cookies["django_language"] = "en"
    assert edition_options(get(client)) == [
        "any",
        "Pierwsza – Aniołowie (Angels)",
        "Limited – Illuminati: New World Order",
    ]


def test_a_game_with_no_edition_shows_no_edition_select(client):
    AngelFactory(name="Zetiel")
    EditionFactory(game=InwoGameFactory(), name="Limited", slug="limited")
    response = get(client, game="aniolowie")
    assert response.status_code == 200
    assert edition_options(response) is None
    assert edition_options(get(client, game="inwo")) == ["każda", "Limited"]


def test_another_games_edition_is_an_error_not_a_silent_empty_list(client, two_games_editions):
    response = get(client, game="inwo", edition="pierwsza")
    assert response.status_code == 200
    assert "Wybierz poprawną wartość" in response.content.decode()
    assert names(get(client, game="aniolowie", edition="pierwsza")) == ["Zetiel"]


def test_an_edition_slug_two_games_share_asks_for_the_game(client, two_games_editions):
    angels, inwo = two_games_editions
    EditionFactory(game=inwo, name="Pierwsza INWO", slug="pierwsza")
    response = get(client, edition="pierwsza")
    assert response.status_code == 200
    assert "Edycja o tym oznaczeniu jest w kilku grach: wybierz najpierw grę." in (
        response.content.decode()
    )
    assert names(get(client, game="aniolowie", edition="pierwsza")) == ["Zetiel"]
