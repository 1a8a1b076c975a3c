"""What the Aniołowie rules read of a card and a deck: a card's attributes, a deck's faction."""

from __future__ import annotations

from typing import NamedTuple

from rules.aniolowie.schema import (
    Alignment,
    CardFaction,
    Color,
    EditionSymbol,
    Faction,
    Kind,
    OrderId,
    Sex,
)
from rules.core.deck import Deck as AnyDeck
from rules.core.verdict import card_key

# The card attributes a deck's JSON contract may give (GAME.contract_attributes).
CONTRACT_ATTRIBUTES = ("faction", "order", "level", "color", "alignment", "sex", "edition_symbol")
# The deck option that names the deck's faction (GAME.options).
FACTION = "faction"


class _CardFields(NamedTuple):
    name: str
    kind: Kind
    count: int
    faction: CardFaction | None
    order: OrderId | None
    level: int | None
    color: Color | None
    alignment: Alignment | None
    sex: Sex | None
    edition_symbol: EditionSymbol | None
    # The folded name (`card_key`): entries with equal keys are the same card.
    key: str
    names: tuple[str, ...]


# A tuple: immutable, and built from one tuple of values, which costs far less than an __init__
# per card (see rules.aniolowie.contract).
class Card(_CardFields):
    """One card of a deck and its copies; None marks an unknown attribute.

    Same-name entries of a deck are merged into one Card by parse_deck: `count` adds their copies
    and `names` keeps every name they were written with (unique, in deck order).
    """

    __slots__ = ()

    def __new__(
        cls,
        name: str,
        kind: Kind,
        count: int = 1,
        faction: CardFaction | None = None,
        order: OrderId | None = None,
        level: int | None = None,
        color: Color | None = None,
        alignment: Alignment | None = None,
        sex: Sex | None = None,
        edition_symbol: EditionSymbol | None = None,
        key: str = "",
        names: tuple[str, ...] = (),
    ) -> Card:
        """Build a card; fold the name into `key` and start `names` unless they are given."""
        values = (name, kind, count, faction, order, level, color, alignment, sex, edition_symbol)
        return tuple.__new__(cls, (*values, key or card_key(name), names or (name,)))


class Deck(AnyDeck[Card]):
    """An Aniołowie deck: its cards and the faction it declares (None: infer it from the cards)."""

    __slots__ = ()

    @property
    def faction(self) -> Faction | None:
        """Return the faction the deck declares, None if it leaves it to its cards."""
        return self.options.get(FACTION)  # type: ignore[return-value]
