"""Validate card-game decks in pure Python (no Django): every violation at once, in PL and EN.

Public API (stable; the Django side and the CLI use it), with nothing of any one game:

- validate_contract(data: dict) -> Verdict — parse a decoded JSON deck and check it; raises
  DeckFormatError for input that is not a deck (path like "cards[3].order" plus a message).
- parse_deck(data: dict) -> deck object of the game named by data["game"]; validate_deck(deck).
- get_game(game_id) -> Game, all_games(), game_ids(), is_game(game_id), default_game_id(): each
  served game's declaration (card schema, deck sections, options, formats, charts, opening hand;
  see rules.core.schema), in the order rules.core.registry.configure() was given them.
- Verdict(valid, violations, to_dict(lang="en")); Violation(code, severity, message_pl,
  message_en, cards); Severity; DeckFormatError(path, message); card_key(name).
"""

from rules.core import DeckFormatError, Severity, Verdict, Violation, card_key
from rules.core.registry import (
    all_games,
    all_options,
    default_game_id,
    game_ids,
    get_game,
    is_game,
    parse_deck,
    validate_contract,
    validate_deck,
)

__all__ = [
    "DeckFormatError",
    "Severity",
    "Verdict",
    "Violation",
    "all_games",
    "all_options",
    "card_key",
    "default_game_id",
    "game_ids",
    "get_game",
    "is_game",
    "parse_deck",
    "validate_contract",
    "validate_deck",
]
