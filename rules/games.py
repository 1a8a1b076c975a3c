"""The games this package ships, in order, and the environment's choice among them.

Plain Python that imports nothing, so that the site's settings (through config/games.py) and
`python -m rules` read the same list and the site and the command line judge the same games. An
operator serves a subset (or a plug-in's game) by setting GAMES to comma-separated module paths,
and names the default game, the one a deck is for when nothing says otherwise, with DEFAULT_GAME
(a game id; the first game's when unset).
"""

import os
from collections.abc import Mapping

GAMES = ("rules.aniolowie", "rules.dark_eden", "rules.inwo", "rules.seven_fallen")
DEFAULT_GAME = "aniolowie"


def site_games(environ: Mapping[str, str] = os.environ) -> tuple[tuple[str, ...], str | None]:
    """Return the module paths of the games served and the default game's id (None: the first)."""
    named = environ.get("GAMES")
    if named is None:
        return GAMES, environ.get("DEFAULT_GAME") or DEFAULT_GAME
    modules = tuple(item.strip() for item in named.split(",") if item.strip())
    return modules, environ.get("DEFAULT_GAME") or None
