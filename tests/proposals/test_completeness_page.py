"""The page of what a game's catalogue knows, and the missing facts most wanted."""

import pytest
from django.urls import reverse

from decks import services
from tests.factories import InterventionFactory, UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def deck_lacking(card, cards, *, visibility: str):
    return services.deck_create(
        owner=UserFactory(),
        name="T",
        options={"faction": "fallen"},
        cards={**cards, card.pk: 1},
        visibility=visibility,
    )


def test_the_page_counts_known_facts_and_ranks_the_missing_ones_public_decks_first(client):
    in_public = InterventionFactory(name="Publiczna", slug="publiczna", faction=None)
    in_private = InterventionFactory(name="Prywatna", slug="prywatna", faction=None)
    legal = legal_deck_cards("fallen")
    deck_lacking(in_public, legal, visibility="public")
    deck_lacking(in_private, legal, visibility="private")
    deck_lacking(in_private, legal, visibility="private")

    page = client.get(reverse("completeness", args=["aniolowie"])).content.decode()

    assert "Znamy " in page and "faktów kart" in page
    wanted = page[page.index("Najbardziej brakujące fakty") : page.index("Według rodzaju")]
    assert wanted.index("Publiczna – Frakcja") < wanted.index("Prywatna – Frakcja")
    assert "1 talia, w tym publicznych: 1" in wanted
    assert "2 talie, w tym publicznych: 0" in wanted
    assert 'href="/cards/aniolowie/publiczna/propose/"' in wanted


def test_the_home_page_gives_each_games_share_of_known_facts(client):
    InterventionFactory(faction=None, edition_symbol="empty")
    page = client.get("/").content.decode()
    assert "znamy 50 % faktów" in page
    assert 'href="/cards/aniolowie/completeness/"' in page


def test_an_unknown_game_has_no_such_page(client):
    assert client.get("/cards/no-such-game/completeness/").status_code == 404
