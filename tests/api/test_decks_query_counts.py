"""The deck endpoints cost a fixed number of queries, however many decks, cards and likes."""

import pytest
from rest_framework.test import APIClient

from tests.caches import empty_caches
from tests.deck_world import DeckWorld

pytestmark = pytest.mark.django_db


ENDPOINTS = {
    "list": ("anonymous", lambda w: "/api/v1/decks/", 2),
    "most liked": ("anonymous", lambda w: "/api/v1/decks/?sort=liked", 2),
    "filtered": ("anonymous", lambda w: "/api/v1/decks/?faction=fallen&valid=false", 2),
    "mine": ("owner", lambda w: "/api/v1/decks/?mine=1", 3),
    "detail": ("anonymous", lambda w: f"/api/v1/decks/{w.deck.pk}/", 2),
    "detail, owner": ("owner", lambda w: f"/api/v1/decks/{w.deck.pk}/", 3),
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
