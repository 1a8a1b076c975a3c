"""A site that grows: players with public and private decks liking each other's, and one
player's large public deck; for tests that pin a page's queries at one size and at twice it.

Every deck listed bears tags, and the owner's new decks lie in a folder of theirs, so that a list
reading them row by row costs more queries at twice the size.
"""

from cardbase.models import Card
from decks import services
from decks.services.collection import set_owned, set_wanted
from decks.services.likes import deck_like
from decks.services.organising import deck_file, deck_tag, folder_create
from tests.factories import AngelFactory, HumanFactory, UserFactory, legal_deck_cards


class DeckWorld:
    """Public decks of many players with likes, and one player's decks, one of them large."""

    def __init__(self, owner=None):
        self.owner = owner or UserFactory(username="wlasciciel")
        self.cards = legal_deck_cards("fallen")
        self.deck = services.deck_create(
            owner=self.owner,
            name="Duża",
            options={"faction": "fallen"},
            visibility="public",
            cards=self.cards,
        )
        deck_tag(deck=self.deck, tags=["duża", "upadli"])
        self.folder = folder_create(owner=self.owner, name="Teczka")
        self.players = []

    @property
    def size(self) -> int:
        return len(self.players)

    def grow(self, by: int) -> None:
        """Add `by` players, each with a public and a private deck, liking the large deck and
        the other players' decks; the owner gets `by` more decks and cards in their collection,
        and the large one more cards and versions."""
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
            deck_tag(deck=shown, tags=["upadli", f"gracza {n}"])
            services.deck_create(owner=player, name=f"Prywatna {n}", options={"faction": "lord"})
            mine = services.deck_create(
                owner=self.owner, name=f"Moja {n}", options={"faction": "lord"}
            )
            deck_tag(deck=mine, tags=["upadli"])
            deck_file(deck=mine, folder=self.folder)
            deck_like(deck=self.deck, user=player)
            for other in self.players:
                deck_like(deck=shown, user=other)
            self.players.append(player)
            self.cards.update(extra)
            # The owner owns one of the new cards and wants the other: the collection grows too.
            angel, human = extra
            set_owned(owner=self.owner, card=Card.objects.get(pk=angel), count=2)
            set_wanted(owner=self.owner, card=Card.objects.get(pk=human), count=1)
        self.deck.refresh_from_db()
        self.deck = services.deck_update(
            deck=self.deck, expected_version=self.deck.version, cards=self.cards
        )
