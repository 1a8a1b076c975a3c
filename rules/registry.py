"""Map game ids to the modules that hold their rules, and dispatch decks to them."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Protocol, cast

from rules.core import DeckFormatError, Verdict, describe_value

# One module per game; each defines GAME_ID, parse_deck(data) and validate(deck).
GAME_MODULES: dict[str, str] = {
    "aniolowie": "rules.aniolowie",
}


class GameRules(Protocol):
    """The interface every game module offers."""

    GAME_ID: str

    def parse_deck(self, data: object) -> Any: ...

    def validate(self, deck: Any) -> Verdict: ...


_loaded: dict[str, ModuleType] = {}


def rules_for(game: object) -> GameRules:
    """Return the rules module of a game id; raise DeckFormatError(path "game") if unknown."""
    module = _loaded.get(game) if isinstance(game, str) else None
    if module is None:
        if not isinstance(game, str) or game not in GAME_MODULES:
            known = ", ".join(GAME_MODULES)
            if game is None:
                raise DeckFormatError("game", f"missing; say which game the deck is for: {known}")
            raise DeckFormatError(
                "game", f"unknown game {describe_value(game)}; expected one of {known}"
            )
        # Imported on first use so a site that serves one game never loads the others.
        module = _loaded[game] = importlib.import_module(GAME_MODULES[game])
    return cast(GameRules, module)


def parse_deck(data: object) -> Any:
    """Parse a decoded JSON deck with the rules of its "game"; raise DeckFormatError."""
    if not isinstance(data, dict):
        raise DeckFormatError("", f"a deck must be a JSON object, got {describe_value(data)}")
    return rules_for(data.get("game")).parse_deck(data)


def validate_deck(deck: Any) -> Verdict:
    """Validate a deck returned by parse_deck with the rules of its game."""
    return rules_for(deck.game).validate(deck)


def validate_contract(data: object) -> Verdict:
    """Parse and validate a decoded JSON deck in one call; raise DeckFormatError if malformed."""
    if not isinstance(data, dict):
        raise DeckFormatError("", f"a deck must be a JSON object, got {describe_value(data)}")
    rules = rules_for(data.get("game"))
    return rules.validate(rules.parse_deck(data))
