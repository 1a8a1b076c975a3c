"""Validate card-game decks in pure Python (no Django): every violation at once, in PL and EN.

Public API (stable; the Django side and the CLI use it):

- validate_contract(data: dict) -> Verdict — parse a decoded JSON deck and check it; raises
  DeckFormatError for input that is not a deck (path like "cards[3].order" plus a message).
- parse_deck(data: dict) -> deck object of the game named by data["game"]; validate_deck(deck).
- Verdict(valid, violations, to_dict(lang="en")); Violation(code, severity, message_pl,
  message_en, cards); Severity; DeckFormatError(path, message); card_key(name).
- Aniołowie facts: ORDERS (youngest first, each with id, level 3..11 and choir),
  choir_for_order(order) -> "I" | "II" | "III", copy_limit(edition_symbol) -> 2 | 1 | None.
"""

from rules.aniolowie import ORDERS, OrderInfo, choir_for_order, copy_limit
from rules.core import DeckFormatError, Severity, Verdict, Violation, card_key
from rules.registry import GAME_MODULES, parse_deck, validate_contract, validate_deck

__all__ = [
    "GAME_MODULES",
    "ORDERS",
    "DeckFormatError",
    "OrderInfo",
    "Severity",
    "Verdict",
    "Violation",
    "card_key",
    "choir_for_order",
    "copy_limit",
    "parse_deck",
    "validate_contract",
    "validate_deck",
]
