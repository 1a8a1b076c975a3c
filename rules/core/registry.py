"""Map game ids to the packages that declare them, and dispatch decks to their game's rules."""

from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.core.schema import Game, Option
from rules.core.verdict import DeckFormatError, Verdict, describe_value

RULES_DIR = Path(__file__).resolve().parent.parent
# Packages beside the games in rules/ that are no game.
NOT_GAMES = frozenset({"core"})
# Game packages from elsewhere (a plug-in, the tests' toy game), comma-separated module paths.
EXTRA_GAMES_VARIABLE = "RULES_EXTRA_GAMES"


def _discovered() -> dict[str, str]:
    """Map the id of every game package in rules/ to its module, in the order of their names.

    A package's id is its name with "-" for "_" (rules/dark_eden is "dark-eden"), so that a game
    is found without importing it. Plug-ins named in RULES_EXTRA_GAMES are imported for their id
    and come after.
    """
    found = {
        info.name.replace("_", "-"): f"rules.{info.name}"
        for info in sorted(pkgutil.iter_modules([str(RULES_DIR)]), key=lambda i: i.name)
        if info.ispkg and info.name not in NOT_GAMES
    }
    for module_path in filter(None, os.environ.get(EXTRA_GAMES_VARIABLE, "").split(",")):
        module_path = module_path.strip()
        found.setdefault(importlib.import_module(module_path).GAME.id, module_path)
    return found


# One package per game; each defines GAME, a rules.core.schema.Game. The first is the game a
# deck is for when nothing says otherwise (a plain-text file, an API client that sends none).
GAME_MODULES: dict[str, str] = _discovered()

_loaded: dict[str, Game] = {}


def register(module_path: str, game_id: str) -> None:
    """Register one more game package (a test's toy game, a plug-in) under its id."""
    GAME_MODULES[game_id] = module_path
    _loaded.pop(game_id, None)


def unregister(game_id: str) -> None:
    """Forget a game registered with `register`."""
    GAME_MODULES.pop(game_id, None)
    _loaded.pop(game_id, None)


def default_game_id() -> str:
    """Return the id of the game a deck is for when nothing says otherwise."""
    return next(iter(GAME_MODULES))


def get_game(game_id: object) -> Game:
    """Return the declaration of a game id; raise DeckFormatError(path "game") if unknown."""
    game = _loaded.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        if not isinstance(game_id, str) or game_id not in GAME_MODULES:
            known = ", ".join(GAME_MODULES)
            if game_id is None:
                raise DeckFormatError("game", f"missing; say which game the deck is for: {known}")
            raise DeckFormatError(
                "game", f"unknown game {describe_value(game_id)}; expected one of {known}"
            )
        # Imported on first use so a site that serves one game never loads the others.
        game = _loaded[game_id] = importlib.import_module(GAME_MODULES[game_id]).GAME
    return game


def all_games() -> tuple[Game, ...]:
    """Return every registered game's declaration, in registration order."""
    return tuple(get_game(game_id) for game_id in GAME_MODULES)


def all_options() -> tuple[Option, ...]:
    """Return every registered game's deck options, each id once, the values of all merged."""
    merged: dict[str, Option] = {}
    for game in all_games():
        for option in game.options:
            known = merged.get(option.id)
            if known is None:
                merged[option.id] = option
            else:
                ids = {value.id for value in known.values}
                extra = tuple(value for value in option.values if value.id not in ids)
                merged[option.id] = replace(known, values=known.values + extra)
    return tuple(merged.values())


def parse_deck(data: object) -> Any:
    """Parse a decoded JSON deck with the rules of its "game"; raise DeckFormatError."""
    if not isinstance(data, dict):
        raise DeckFormatError("", f"a deck must be a JSON object, got {describe_value(data)}")
    return get_game(data.get("game")).parse_deck(data)


def validate_deck(deck: Any) -> Verdict:
    """Validate a deck returned by parse_deck with the rules of its game."""
    return get_game(deck.game).validate(deck)


def validate_contract(data: object) -> Verdict:
    """Parse and validate a decoded JSON deck in one call; raise DeckFormatError if malformed."""
    if not isinstance(data, dict):
        raise DeckFormatError("", f"a deck must be a JSON object, got {describe_value(data)}")
    game = get_game(data.get("game"))
    return game.validate(game.parse_deck(data))
