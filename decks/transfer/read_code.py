"""Read a deck code (decks.codes), or a link holding one, as an imported deck."""

from __future__ import annotations

from collections.abc import Mapping

from decks import codes
from decks.transfer.imported import ImportedDeck
from decks.transfer.problems import ImportFailed, Problem


def read_code(code: str, *, options: Mapping[str, str] | None = None) -> ImportedDeck:
    """Read a deck code (or a link holding one) and check its cards exist; raise ImportFailed."""
    try:
        opened = codes.open_code(code)
    except codes.CodeError as exc:
        raise ImportFailed([Problem(exc.message)]) from None
    stated = {**opened.options, **(options or {})}
    return ImportedDeck(opened.game, stated, opened.cards, opened.cards_by_id, format=opened.format)
