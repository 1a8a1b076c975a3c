"""Run the deck validator CLI: python -m rules validate FILE.json.

It judges the games the site serves (rules/games.py, or GAMES and DEFAULT_GAME from the
environment), so the command line and the site share one verdict.
"""

import sys

from rules.cli import main
from rules.core.registry import configure
from rules.games import site_games

modules, default = site_games()
configure(modules, default=default)
sys.exit(main())
