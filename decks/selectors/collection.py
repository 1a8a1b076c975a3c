"""A player's collection: the copies they own, their want list, and what a deck needs of them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import FilteredRelation, Q, QuerySet, Sum

from cardbase.models import Card, Game
from decks.models import Collection, Deck, OwnedCard, WantedCard
from decks.selectors.entries import card_totals, deck_entries

Viewer = User | AnonymousUser


def owned_copies(user: Viewer) -> QuerySet[OwnedCard]:
    """Return the rows of the user's owned cards (none for a visitor): filters join on them."""
    if not user.is_authenticated:
        return OwnedCard.objects.none()
    # The collection's key is its owner's: no join and no look-up of the collection first.
    return OwnedCard.objects.filter(collection_id=user.pk)


def owned_counts(*, user: Viewer, card_ids: Iterable[int] | None = None) -> dict[int, int]:
    """Return {card id: copies owned} of the user's cards, of `card_ids` only if given."""
    rows = owned_copies(user)
    if card_ids is not None:
        rows = rows.filter(card_id__in=list(card_ids))
    return dict(rows.values_list("card_id", "count"))


def collection_stamp(user: Viewer) -> str:
    """Return what moves whenever the user's collection changes ("" for a visitor)."""
    if not user.is_authenticated:
        return ""
    updated = Collection.objects.filter(pk=user.pk).values_list("updated", flat=True).first()
    return updated.isoformat() if updated else "-"


@dataclass(frozen=True)
class CollectionLine:
    """A card of a collection or want list, with its copies (and editions, when told)."""

    card: Card
    count: int
    editions: dict[str, int]


@dataclass(frozen=True)
class GameCollection:
    """One game's part of a player's collection: its cards, the totals, the want list."""

    game: Game
    lines: list[CollectionLine]
    wanted: list[CollectionLine]
    share_key: str
    catalogue_size: int

    @property
    def copies(self) -> int:
        return sum(line.count for line in self.lines)

    @property
    def distinct(self) -> int:
        return len(self.lines)


def _rows(model, *, owner: User, game: Game | None) -> QuerySet:
    rows = model.objects.filter(collection_id=owner.pk).select_related("card__game")
    if game is not None:
        rows = rows.filter(card__game=game)
    return rows.order_by("card__game__slug", "card__search_name", "card_id")


def owned_cards(*, owner: User, game: Game | None = None) -> QuerySet[OwnedCard]:
    """Return the owner's owned cards (of `game` only, if given), by game, then by name."""
    return _rows(OwnedCard, owner=owner, game=game)


def wanted_cards(*, owner: User, game: Game | None = None) -> QuerySet[WantedCard]:
    """Return the owner's want list (of `game` only, if given), by game, then by name."""
    return _rows(WantedCard, owner=owner, game=game)


def game_collection(*, owner: User, game: Game) -> GameCollection:
    """Return the owner's cards of `game` in name order, their want list and the share key."""
    share_key = Collection.objects.filter(pk=owner.pk).values_list("share_key", flat=True).first()
    return GameCollection(
        game=game,
        lines=[
            CollectionLine(row.card, row.count, row.editions)
            for row in owned_cards(owner=owner, game=game)
        ],
        wanted=[
            CollectionLine(row.card, row.count, {}) for row in wanted_cards(owner=owner, game=game)
        ],
        share_key=share_key or "",
        catalogue_size=Card.objects.filter(game=game).count(),
    )


def shared_collection_owner(share_key: str) -> User | None:
    """Return whose collection a read-only link opens, or None for a key no collection has."""
    if not share_key:
        return None
    collection = Collection.objects.select_related("owner").filter(share_key=share_key).first()
    return collection.owner if collection else None


def collection_games(user: User) -> list[tuple[Game, int]]:
    """Return every game with the copies the user owns of it (0 for none), in name order."""
    copies = dict(
        OwnedCard.objects.filter(collection_id=user.pk)
        .values_list("card__game_id")
        .annotate(copies=Sum("count"))
        .order_by()
    )
    return [(game, copies.get(game.pk, 0)) for game in Game.objects.order_by("name")]


@dataclass(frozen=True)
class NeededCard:
    """A card of a deck: the copies it holds, those the viewer owns, and how many they lack."""

    card: Card
    needed: int
    owned: int

    @property
    def missing(self) -> int:
        return max(self.needed - self.owned, 0)


@dataclass(frozen=True)
class DeckOwnership:
    """What a deck needs of one viewer's collection, card by card."""

    cards: list[NeededCard]
    # Whether the viewer keeps a collection at all: one who never entered a card is not told
    # they lack every card of every deck.
    collecting: bool = True

    @property
    def line_marks(self) -> dict[int, int] | None:
        """Return {card id: copies owned} for marking a deck's lines; None for a viewer who
        keeps no collection (the lines then say nothing of it)."""
        if not self.collecting:
            return None
        return {needed.card.pk: needed.owned for needed in self.cards}

    @property
    def missing(self) -> list[NeededCard]:
        return [needed for needed in self.cards if needed.missing]

    @property
    def missing_copies(self) -> int:
        return sum(needed.missing for needed in self.cards)

    @property
    def complete(self) -> bool:
        return not self.missing


def ownership_of(*, cards: Iterable[tuple[Card, int]], user: Viewer) -> DeckOwnership | None:
    """Return what a deck's cards (each with its copies) need of the user's collection; None for
    a visitor."""
    if not user.is_authenticated:
        return None
    cards = list(cards)
    # One query: the collection's row (none if the player never kept one), joined to its rows
    # of these cards only (a single null row when it holds none of them).
    rows = (
        Collection.objects.filter(pk=user.pk)
        .annotate(
            these=FilteredRelation(
                "owned", condition=Q(owned__card_id__in=[card.pk for card, _c in cards])
            )
        )
        .values_list("these__card_id", "these__count")
    )
    fetched = list(rows)
    owned = {card_id: count for card_id, count in fetched if card_id is not None}
    return DeckOwnership(
        [NeededCard(card, count, owned.get(card.pk, 0)) for card, count in cards], bool(fetched)
    )


def owned_in_sheet(*, cards: Iterable[tuple[Card, int]], user: Viewer) -> dict[int, int] | None:
    """Return {card id: copies owned} for a deck's lines; None when the viewer keeps no
    collection (the lines then say nothing of it)."""
    ownership = ownership_of(cards=cards, user=user)
    return ownership.line_marks if ownership else None


def deck_ownership(*, deck: Deck, user: Viewer) -> DeckOwnership | None:
    """Return what `deck` needs of the user's collection; None for a visitor."""
    if not user.is_authenticated:
        return None
    return ownership_of(cards=card_totals(deck_entries(deck)), user=user)
