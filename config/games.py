"""The games the site serves, as rules/games.py names them (or GAMES and DEFAULT_GAME say).

The list lives in the rules package, which imports nothing of the site, so that the settings and
`python -m rules` read the same one.
"""

from rules.games import DEFAULT_GAME, GAMES, site_games

__all__ = ["DEFAULT_GAME", "GAMES", "site_games"]
