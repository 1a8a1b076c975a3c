"""Map game ids to the packages that declare them, and dispatch decks to their game's rules.

The games are named, not found: `configure` takes their packages' module paths in order (the
site's settings name them, as INSTALLED_APPS names apps), and each package's `GAME` declares its
own id. Only the packages named are ever imported, so a site serving one game never loads the
others. The order decides what nothing else does: the first game is the default unless another
is named, and a search word two games share means the earlier game's across all games.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from typing import Any

from rules.core.schema import Game, Option
from rules.core.verdict import DeckFormatError, Verdict, describe_value


class RegistryError(Exception):
    """The games configured cannot be served: a module without a GAME, an id twice, no games."""


# The module paths configured, in order; None until `configure` is called.
_modules: list[str] | None = None
_default: str | None = None
# The games by id, in the configured order, imported on first use; and each one's module path.
_games: dict[str, Game] | None = None
_module_of: dict[str, str] = {}


def configure(modules, *, default: str | None = None) -> None:
    """Serve the games declared by these packages (module paths), in this order.

    `default` is the id of the game a deck is for when nothing says otherwise (a plain-text
    file, an API call that names none); None: the first game's. Nothing is imported until a
    game is asked for.
    """
    global _modules, _default, _games
    _modules, _default, _games = [str(module).strip() for module in modules], default, None


def configuration() -> tuple[tuple[str, ...], str | None]:
    """Return the module paths configured (with those registered since) and the default id."""
    return tuple(_modules or ()), _default


def _registered() -> dict[str, Game]:
    """Return the games by id, importing the configured packages on first use."""
    global _games
    if _games is None:
        if _modules is None:
            raise RegistryError(
                "No games are configured: call rules.core.registry.configure() with the games' "
                "module paths (the site's settings do, from GAMES)."
            )
        games: dict[str, Game] = {}
        for module_path in _modules:
            _add(games, module_path)
        if _default is not None and _default not in games:
            raise RegistryError(
                f"the default game {_default!r} is not among the games configured: "
                + ", ".join(games)
            )
        _games = games
    return _games


def _add(games: dict[str, Game], module_path: str) -> Game:
    """Import a game package and add its GAME to `games`; say which module falls short."""
    game = getattr(importlib.import_module(module_path), "GAME", None)
    if not isinstance(game, Game):
        raise RegistryError(f"{module_path} defines no GAME (a rules.core.schema.Game)")
    if game.id in games:
        raise RegistryError(f"{module_path} declares the game id {game.id!r} again")
    games[game.id] = game
    _module_of[game.id] = module_path
    return game


def register(module_path: str) -> str:
    """Serve one more game package (a test's toy game, a plug-in) after the others; return its id."""
    game = _add(_registered(), module_path)
    assert _modules is not None  # _registered() refused to run without them
    _modules.append(module_path)
    return game.id


def unregister(game_id: str) -> None:
    """Stop serving a game registered with `register`."""
    if _registered().pop(game_id, None) is not None and _modules is not None:
        _modules.remove(_module_of.pop(game_id))


def game_ids() -> tuple[str, ...]:
    """Return the id of every game served, in the configured order."""
    return tuple(_registered())


def is_game(game_id: object) -> bool:
    """Tell whether `game_id` is the id of a game served."""
    return isinstance(game_id, str) and game_id in _registered()


def default_game_id() -> str:
    """Return the id of the game a deck is for when nothing says otherwise."""
    games = _registered()
    if _default is not None:
        return _default
    if not games:
        raise RegistryError("No games are configured: GAMES names none.")
    return next(iter(games))


def get_game(game_id: object) -> Game:
    """Return the declaration of a game id; raise DeckFormatError(path "game") if unknown."""
    games = _registered()
    game = games.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        known = ", ".join(games)
        if game_id is None:
            raise DeckFormatError("game", f"missing; say which game the deck is for: {known}")
        raise DeckFormatError(
            "game", f"unknown game {describe_value(game_id)}; expected one of {known}"
        )
    return game


def all_games() -> tuple[Game, ...]:
    """Return every served game's declaration, in the configured order."""
    return tuple(_registered().values())


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
