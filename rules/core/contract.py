"""Read the parts of a deck's JSON contract every game shares: the envelope and a card's basics.

A game's `parse_deck` reads its own attributes and sections on top; each fault is a
DeckFormatError naming its path (`cards[3].count`), never a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from rules.core.deck import CardT, Deck
from rules.core.entries import CardEntries, EntryMerge
from rules.core.verdict import MAX_COUNT, DeckFormatError, describe_value


def read_envelope(
    data: object, *, game_id: str, formats: Sequence[str], default_format: str
) -> tuple[str, list[Any]]:
    """Check a deck's game, format and card list; return (format, the raw cards)."""
    if not isinstance(data, dict):
        raise DeckFormatError("", f"a deck must be a JSON object, got {describe_value(data)}")
    if data.get("game") != game_id:
        raise DeckFormatError(
            "game", f"expected {game_id!r}, got {describe_value(data.get('game'))}"
        )
    deck_format = data.get("format")
    if deck_format is None:
        deck_format = default_format
    if deck_format not in formats:
        raise DeckFormatError(
            "format",
            f"unknown format {describe_value(deck_format)}; expected one of {', '.join(formats)}",
        )
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list):
        got = "missing" if "cards" not in data else f"got {describe_value(raw_cards)}"
        raise DeckFormatError("cards", f"expected a list of cards, {got}")
    return deck_format, raw_cards


def read_deck(
    data: object,
    *,
    game_id: str,
    formats: Sequence[str],
    default_format: str,
    merge: EntryMerge,
    read_card: Callable[[object, int], CardT],
) -> Deck[CardT]:
    """Read a deck's envelope, then each card with `read_card`, merging one card's entries."""
    deck_format, raw_cards = read_envelope(
        data, game_id=game_id, formats=formats, default_format=default_format
    )
    entries = CardEntries(merge)
    for index, raw in enumerate(raw_cards):
        entries.add(read_card(raw, index))
    return Deck(game=game_id, cards=entries.cards(), format=deck_format)


def read_card_basics(
    raw: object, index: int, *, kinds: Collection[str]
) -> tuple[dict[str, Any], str, str, int]:
    """Check one entry's name, kind and count; return (the entry, name, kind, count)."""
    where = f"cards[{index}]"
    if not isinstance(raw, dict):
        raise DeckFormatError(where, f"a card must be an object, got {describe_value(raw)}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DeckFormatError(
            f"{where}.name", f"expected the card's name, got {describe_value(name)}"
        )
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise DeckFormatError(
            f"{where}.kind",
            f"unknown kind {describe_value(kind)}; expected one of {', '.join(sorted(kinds))}",
        )
    count = raw.get("count")
    if type(count) is not int or not 1 <= count <= MAX_COUNT:
        raise DeckFormatError(
            f"{where}.count",
            f"expected a whole number from 1 to {MAX_COUNT}, got {describe_value(count)}",
        )
    return raw, name.strip(), kind, count
