"""Each deck page costs a fixed number of queries, however many decks, cards and likes there are.

The counts are pinned: a query more (an N+1 above all) fails here before it slows the site.
"""

import json
from contextlib import nullcontext

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from decks import services
from decks.models import Deck
from tests.caches import empty_caches
from tests.factories import AngelFactory, HumanFactory, UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _sessions_in_the_database(settings):
    # With REDIS_URL the sessions are cached (a query fewer); the counts here are the database's.
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"


class World:
    """Public decks of many players with likes, and one player's decks, one of them large."""

    def __init__(self):
        self.owner = UserFactory(username="wlasciciel")
        self.cards = legal_deck_cards("fallen")
        self.deck = services.deck_create(
            owner=self.owner,
            name="Duża",
            options={"faction": "fallen"},
            visibility="public",
            cards=self.cards,
        )
        self.fans = []
        self.size = 0

    def grow(self, by: int) -> None:
        """Add `by` players, each with a public and a private deck, liking the large deck and
        the other players' decks; the owner gets `by` more decks, and the large one more cards
        and versions."""
        for n in range(self.size, self.size + by):
            player = UserFactory(username=f"gracz-{n}")
            extra = {AngelFactory(faction="fallen").pk: 1, HumanFactory().pk: 1}
            shown = services.deck_create(
                owner=player,
                name=f"Publiczna {n}",
                options={"faction": "fallen"},
                visibility="public",
                cards={**self.cards, **extra},
            )
            services.deck_create(owner=player, name=f"Prywatna {n}", options={"faction": "lord"})
            services.deck_create(owner=self.owner, name=f"Moja {n}", options={"faction": "lord"})
            services.deck_like(deck=self.deck, user=player)
            for fan in self.fans:
                services.deck_like(deck=shown, user=fan)
            self.fans.append(player)
            self.cards.update(extra)
        self.deck.refresh_from_db()
        self.deck = services.deck_update(
            deck=self.deck, expected_version=self.deck.version, cards=self.cards
        )
        self.size += by

    def client(self, who: str) -> Client:
        client = Client()
        if who == "owner":
            client.force_login(self.owner)
        return client


# SQLite's text search first asks whether its mirror table is there (cardsearch), a query more.
MIRROR_CHECK = 1 if connection.vendor == "sqlite" else 0

# (who asks, the address from the world, the queries it may cost).
PAGES = {
    "public list": ("anonymous", lambda w: reverse("deck-list"), 3),
    "most liked": ("anonymous", lambda w: reverse("deck-list") + "?sort=liked", 3),
    "filtered list": ("anonymous", lambda w: reverse("deck-list") + "?faction=fallen&card=a", 3),
    "my decks": ("owner", lambda w: reverse("my-decks"), 4),
    # Two of them for the page cache's key: the catalogue's version and the deck's row.
    "deck page": ("anonymous", lambda w: w.deck.get_absolute_url(), 6),
    "deck page, owner": ("owner", lambda w: w.deck.get_absolute_url(), 9),
    "builder": ("owner", lambda w: reverse("deck-edit", args=[w.deck.pk]), 8),
    "builder search": (
        "owner",
        lambda w: reverse("deck-edit", args=[w.deck.pk]) + "?q=a",
        8 + MIRROR_CHECK,
    ),
    "hand": ("anonymous", lambda w: reverse("deck-hand", args=[w.deck.pk]) + "?seed=7", 3),
    "stats": ("anonymous", lambda w: reverse("deck-stats", args=[w.deck.pk]), 2),
    "history": ("anonymous", lambda w: reverse("deck-history", args=[w.deck.pk]), 4),
    "print": ("anonymous", lambda w: reverse("deck-print", args=[w.deck.pk]), 2),
}


@pytest.mark.parametrize("page", PAGES)
def test_a_page_costs_the_same_queries_at_twice_the_size(page, django_assert_num_queries):
    who, address, queries = PAGES[page]
    world = World()
    for size in (2, 4):
        world.grow(size - world.size)
        client = world.client(who)
        client.get(address(world))  # a first request may set up the session
        empty_caches()  # what is counted is the page's own work, not a cached copy of it
        with django_assert_num_queries(queries):
            response = client.get(address(world))
        assert response.status_code == 200


def test_a_builder_save_costs_the_same_queries_at_twice_the_cards(django_assert_num_queries):
    world = World()
    client = world.client("owner")
    for size, queries in ((2, 14), (4, 14)):
        world.grow(size - world.size)
        cards = {f"{card_id}:": count for card_id, count in world.cards.items()}
        first = next(iter(cards))
        # The first save of a session starts a version and stores the session; the next one,
        # counted here, adds to that version.
        for copies, counted in ((cards[first] + 1, False), (cards[first], True)):
            deck = Deck.objects.get(pk=world.deck.pk)
            empty_caches()
            with django_assert_num_queries(queries) if counted else nullcontext():
                response = client.post(
                    reverse("deck-save", args=[deck.pk]),
                    json.dumps({"version": deck.version, "cards": {**cards, first: copies}}),
                    content_type="application/json",
                )
            assert response.status_code == 200, response.content
        answer = response.json()
        # The one answer holds all the page needs: the version, the counts and every panel.
        assert answer["version"] == deck.version + 1
        assert {"deck", "verdict", "totals", "bar", "share"} <= set(answer["panels"])
