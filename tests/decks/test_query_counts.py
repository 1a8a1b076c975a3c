"""Each deck page costs a fixed number of queries, however many decks, cards and likes there are.

The counts are pinned: a query more (an N+1 above all) fails here before it slows the site.
"""

import json
from contextlib import nullcontext

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from decks.models import Deck
from tests.caches import empty_caches
from tests.deck_world import DeckWorld

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _sessions_in_the_database(settings):
    # With REDIS_URL the sessions are cached (a query fewer); the counts here are the database's.
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"


def client_of(world: DeckWorld, who: str) -> Client:
    """Return a client of the large deck's owner ("owner") or of a visitor ("anonymous")."""
    client = Client()
    if who == "owner":
        client.force_login(world.owner)
    return client


MIRROR_CHECK = 1 if connection.vendor == "sqlite" else 0

# (who asks, the address from the world, the queries it may cost). The lists read their decks'
# tags in one query more; "my decks" and the owner's deck page the owner's folders in one more.
# A signed-in player's deck page reads their collection's stamp (its ETag follows their copies)
# and what the deck needs of their copies; the builder, the copies its deck needs and those of
# the cards its search found.
PAGES = {
    "public list": ("anonymous", lambda w: reverse("deck-list"), 4),
    "most liked": ("anonymous", lambda w: reverse("deck-list") + "?sort=liked", 4),
    "filtered list": ("anonymous", lambda w: reverse("deck-list") + "?faction=fallen&card=a", 4),
    "tagged list": ("anonymous", lambda w: reverse("deck-list") + "?tag=upadli", 4),
    "my decks": ("owner", lambda w: reverse("my-decks"), 6),
    "my decks, a folder": ("owner", lambda w: reverse("my-decks") + f"?folder={w.folder.pk}", 6),
    "my decks, a tag": ("owner", lambda w: reverse("my-decks") + "?tag=upadli", 6),
    # One of them for the page cache's key: the deck's row and the catalogue's version at once.
    "deck page": ("anonymous", lambda w: w.deck.get_absolute_url(), 6),
    "deck page, owner": ("owner", lambda w: w.deck.get_absolute_url(), 12),
    "builder": ("owner", lambda w: reverse("deck-edit", args=[w.deck.pk]), 10),
    "builder search": (
        "owner",
        lambda w: reverse("deck-edit", args=[w.deck.pk]) + "?q=a",
        # The query is built twice: for the fitting cards shown, for the game's cards counted.
        10 + 2 * MIRROR_CHECK,
    ),
    # The copies, the want list, the share key, the catalogue's size, each game's copies.
    "my collection": ("owner", lambda w: reverse("collection-game", args=["aniolowie"]), 9),
    "hand": ("anonymous", lambda w: reverse("deck-hand", args=[w.deck.pk]) + "?seed=7", 3),
    "stats": ("anonymous", lambda w: reverse("deck-stats", args=[w.deck.pk]), 2),
    "history": ("anonymous", lambda w: reverse("deck-history", args=[w.deck.pk]), 4),
    "print": ("anonymous", lambda w: reverse("deck-print", args=[w.deck.pk]), 2),
}


@pytest.mark.parametrize("page", PAGES)
def test_a_page_costs_the_same_queries_at_twice_the_size(page, django_assert_num_queries):
    who, address, queries = PAGES[page]
    world = DeckWorld()
    for size in (2, 4):
        world.grow(size - world.size)
        client = client_of(world, who)
        client.get(address(world))  # a first request may set up the session
        empty_caches()  # what is counted is the page's own work, not a cached copy of it
        with django_assert_num_queries(queries):
            response = client.get(address(world))
        assert response.status_code == 200


def test_a_builder_save_costs_the_same_queries_at_twice_the_cards(django_assert_num_queries):
    world = DeckWorld()
    client = client_of(world, "owner")
    for size, queries in ((2, 15), (4, 15)):
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
