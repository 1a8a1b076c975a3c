"""Check an Aniołowie deck's size: at least 45 cards, the four humans included (ch. VII p. 40)."""

from __future__ import annotations

from rules.aniolowie.checks.wording import error
from rules.aniolowie.codes import DECK_SIZE
from rules.core.verdict import Violation, en_plural, pl_plural

MIN_DECK_SIZE = 45


def check_deck_size(total: int, found: list[Violation]) -> None:
    """Check that the deck holds at least MIN_DECK_SIZE cards."""
    if total >= MIN_DECK_SIZE:
        return
    short = MIN_DECK_SIZE - total
    found.append(
        error(
            DECK_SIZE,
            f"Talia ma {total} {pl_plural(total, 'kartę', 'karty', 'kart')}; musi mieć co "
            f"najmniej {MIN_DECK_SIZE} (4 karty ludzi się wliczają). Dodaj jeszcze {short} "
            f"{pl_plural(short, 'kartę', 'karty', 'kart')}.",
            f"The deck has {total} {en_plural(total, 'card', 'cards')}; it needs at least "
            f"{MIN_DECK_SIZE} (the 4 humans count). Add {short} more "
            f"{en_plural(short, 'card', 'cards')}.",
        )
    )
