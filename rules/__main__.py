"""Run the deck validator CLI: python -m rules validate FILE.json.

It judges the games the site serves (config/games.py, or GAMES and DEFAULT_GAME from the
environment), so the command line and the site share one verdict.
"""

import sys

from config.games import site_games
from rules.cli import main
from rules.core.registry import configure

modules, default = site_games()
configure(modules, default=default)
sys.exit(main())
