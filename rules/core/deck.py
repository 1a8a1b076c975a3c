"""A parsed deck of any game: its cards, the format it is judged by and the options it states."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar


class DeckCard(Protocol):
    """What every game's parsed card has: the name the deck wrote, its kind and its copies."""

    @property
    def name(self) -> str:
        """The name the deck wrote the card with."""

    @property
    def kind(self) -> str:
        """The card's kind."""

    @property
    def count(self) -> int:
        """How many copies the entry holds."""


CardT = TypeVar("CardT", bound=DeckCard)


@dataclass(frozen=True, slots=True)
class Deck(Generic[CardT]):
    """A deck as its game's rules read it: its cards and what the deck states beside them.

    `cards` holds one card per card and section, its entries merged (rules.core.entries);
    `format` is the format the deck is judged by (None where the game reads none); `options`
    holds the deck options it states by option id (an option it leaves unstated is absent).
    """

    game: str
    cards: tuple[CardT, ...]
    format: str | None = None
    # A mapping is no key of anything: a deck is compared, never hashed.
    options: Mapping[str, str] = field(default_factory=dict, hash=False)

    @property
    def total(self) -> int:
        """Return the number of cards in all sections."""
        return sum(card.count for card in self.cards)

    def option(self, option_id: str) -> str | None:
        """Return the value the deck states for an option, None if it states none."""
        return self.options.get(option_id)
