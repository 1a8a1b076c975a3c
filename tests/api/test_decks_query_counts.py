"""The deck endpoints cost a fixed number of queries, however many decks, cards and likes."""

import pytest
from rest_framework.test import APIClient

from decks import services
from tests.caches import empty_caches
from tests.factories import AngelFactory, HumanFactory, UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


class World:
    """Public and private decks of many players, liked by each other, and one large deck."""

    def __init__(self, owner):
        self.owner = owner
        self.cards = legal_deck_cards("fallen")
        self.deck = services.deck_create(
            owner=owner,
            name="Duża",
            options={"faction": "fallen"},
            visibility="public",
            cards=self.cards,
        )
        self.players = []

    def grow(self, by: int) -> None:
        """Add `by` players with a public and a private deck each, liking the others' decks;
        the owner gets `by` more decks and the large deck more cards."""
        for n in range(len(self.players), len(self.players) + by):
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
            for other in self.players:
                services.deck_like(deck=shown, user=other)
            self.players.append(player)
            self.cards.update(extra)
        self.deck.refresh_from_db()
        self.deck = services.deck_update(
            deck=self.deck, expected_version=self.deck.version, cards=self.cards
        )


# (who asks, the address, the queries it may cost).
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
    world = World(alice)
    client = client_for(alice) if who == "owner" else APIClient()
    for size in (2, 4):
        world.grow(size - len(world.players))
        empty_caches()  # what is counted is the endpoint's own work, not a cached copy of it
        with django_assert_num_queries(queries):
            response = client.get(address(world))
        assert response.status_code == 200
