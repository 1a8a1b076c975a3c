"""Word the Aniołowie rules' violations: an error naming its cards, lists of names as prose."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from operator import attrgetter

from rules.aniolowie.card import Card
from rules.core.verdict import Severity, Violation


def error(code: str, pl: str, en: str, cards: Iterable[Card] = ()) -> Violation:
    """Build an error naming every name its cards were written with."""
    return Violation(code, Severity.ERROR, pl, en, names_of(cards))


def names_of(cards: Iterable[Card]) -> tuple[str, ...]:
    """Return the names the cards were written with, unique, card by card in the order given."""
    # Distinct cards never share a name (equal names fold to one key), so no name repeats.
    return tuple(chain.from_iterable(map(_NAMES, cards)))


_NAMES = attrgetter("names")


def listing(cards: Iterable[Card]) -> str:
    """Return the cards' names as a comma-separated list."""
    return ", ".join(names_of(cards))


def join(words: Sequence[str], last: str) -> str:
    """Join words as prose: "A", "A and B", "A, B and C" (`last` is "and" or "i")."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"
