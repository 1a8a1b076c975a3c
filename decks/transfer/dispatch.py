"""Read an import in any of its formats, then settle the deck's options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import rules
from decks.transfer.imported import ImportedDeck
from decks.transfer.options import contradicted_options, inferred_note, settle_options
from decks.transfer.problems import ImportFailed
from decks.transfer.read_code import read_code
from decks.transfer.read_json import read_json
from decks.transfer.read_lackey import read_lackey
from decks.transfer.read_text import read_text

FORMATS = ("text", "json", "code", "lackey")


def read_import(
    fmt: str,
    text: str,
    *,
    options: Mapping[str, str] | None = None,
    game: str | None = None,
) -> ImportedDeck:
    """Read `text` in format `fmt` (one of FORMATS) and settle the deck's options.

    A text or a `.dek` file is read as a deck of `game` (the default game without one); JSON
    and codes say their own game.
    """
    try:
        if fmt == "json":
            imported = read_json(text, options=options, game=game)
        elif fmt == "lackey":
            imported = read_lackey(text, game=game, options=options)
        elif fmt == "code":
            imported = read_code(text, options=options)
        else:
            imported = read_text(text, game=game, options=options)
    except ImportFailed as failed:
        # Cards already read that disagree on an option unsettled: said now, not after a fix.
        given = {**failed.options, **(options or {})}
        contradicted = contradicted_options(failed.cards, given)
        if not contradicted:
            raise
        raise ImportFailed(
            [*failed.problems, *contradicted], cards=failed.cards, options=given
        ) from None
    declared = rules.get_game(imported.game)
    settled = settle_options(declared, imported.options, imported.cards_by_id.values())
    notes = tuple(
        inferred_note(option, settled[option.id])
        for option in declared.options
        if option.id in settled and option.id not in imported.options
    )
    return replace(imported, options=settled, notes=(*imported.notes, *notes))
