"""Judge a deck read but not saved: grouped as the deck page shows it, or validated from a text."""

from __future__ import annotations

from collections.abc import Mapping

import rules
from cardbase.models import Game
from decks.contract import contract_for, judge
from decks.models import Deck
from decks.selectors.sheet import DeckSheet, sheet_for
from decks.transfer.imported import ImportedDeck, imported_contract
from decks.transfer.read_text import read_text


def unsaved_sheet(imported: ImportedDeck, *, name: str, lang: str) -> DeckSheet:
    """Group an imported deck as the deck page does, with the rules' verdict computed now."""
    game = Game.objects.get(slug=imported.game)
    deck_format = imported.format or rules.get_game(game.slug).default_format.id
    deck = Deck(name=name, game=game, options=imported.options, format=deck_format)
    entries = imported.entries
    contract = contract_for(
        game=game.slug, options=imported.options, format=deck_format, entries=entries
    )
    return sheet_for(deck=deck, entries=entries, verdict=judge(contract), lang=lang)


def judge_text(
    text: str, *, game: str | None = None, options: Mapping[str, str] | None = None
) -> rules.Verdict:
    """Resolve a plain-text deck in the catalogue and validate it; raise ImportFailed."""
    imported = read_text(text, game=game or rules.default_game_id(), options=options)
    return rules.validate_contract(imported_contract(imported))
