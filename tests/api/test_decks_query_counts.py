"""The deck endpoints cost a fixed number of queries, however many decks, cards and likes."""

import pytest
from rest_framework.test import APIClient

from tests.caches import empty_caches
from tests.deck_world import DeckWorld

pytestmark = pytest.mark.django_db


# Every deck answered comes with its tags: one query more for a whole page of decks.
ENDPOINTS = {
    "list": ("anonymous", lambda w: "/api/v1/decks/", 3),
    "most liked": ("anonymous", lambda w: "/api/v1/decks/?sort=liked", 3),
    "filtered": ("anonymous", lambda w: "/api/v1/decks/?faction=fallen&valid=false", 3),
    "tagged": ("anonymous", lambda w: "/api/v1/decks/?tag=upadli", 3),
    "mine": ("owner", lambda w: "/api/v1/decks/?mine=1", 4),
    # The folder asked for is read first, to refuse one that is not the player's.
    "mine, a folder": ("owner", lambda w: f"/api/v1/decks/?mine=1&folder={w.folder.pk}", 5),
    "mine, not archived": ("owner", lambda w: "/api/v1/decks/?mine=1&archived=false", 4),
    "detail": ("anonymous", lambda w: f"/api/v1/decks/{w.deck.pk}/", 3),
    "detail, owner": ("owner", lambda w: f"/api/v1/decks/{w.deck.pk}/", 4),
    "folders": ("owner", lambda w: "/api/v1/folders/", 3),
}


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_an_endpoint_costs_the_same_queries_at_twice_the_size(
    endpoint, alice, client_for, django_assert_num_queries
):
    who, address, queries = ENDPOINTS[endpoint]
    world = DeckWorld(owner=alice)
    client = client_for(alice) if who == "owner" else APIClient()
    for size in (2, 4):
        world.grow(size - world.size)
        empty_caches()  # what is counted is the endpoint's own work, not a cached copy of it
        with django_assert_num_queries(queries):
            response = client.get(address(world))
        assert response.status_code == 200
