"""A deck an import read: its game, options, format and cards, not saved."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import rules
from cardbase.models import Card
from decks.contract import Entry, contract_for


@dataclass(frozen=True)
class ImportedDeck:
    """A deck read from text, JSON or a code, its cards checked against the catalogue."""

    game: str
    options: dict[str, str]  # the deck options stated or inferred; a missing one is unsettled
    cards: dict[tuple[int, str], int]  # {(card id, section id): count}
    # The catalogue cards behind the ids, so callers need not load them again.
    cards_by_id: dict[int, Card] = field(default_factory=dict)
    format: str | None = None  # None: the game's default
    # What the import changed to make the deck storable (cards a file put where they cannot lie).
    notes: tuple[str, ...] = ()

    @property
    def card_counts(self) -> dict[int, int]:
        """Return each card's copies in all sections: {card id: count}."""
        totals: dict[int, int] = {}
        for (card_id, _section), count in self.cards.items():
            totals[card_id] = totals.get(card_id, 0) + count
        return totals

    @property
    def entries(self) -> list[Entry]:
        """Return the cards as entries, in name order, one card's sections in the game's order."""
        order = {s.id: i for i, s in enumerate(rules.get_game(self.game).sections)}
        return sorted(
            (
                Entry(self.cards_by_id[card_id], section, n)
                for (card_id, section), n in self.cards.items()
            ),
            key=lambda e: (e.card.search_name, e.card.pk, order.get(e.section, len(order))),
        )


def imported_contract(imported: ImportedDeck) -> dict[str, Any]:
    """Return an imported deck in the rules' JSON contract."""
    return contract_for(
        game=imported.game,
        options=imported.options,
        format=imported.format or "",
        entries=imported.entries,
    )
