"""A game is its package, a fixture and tests: the toy game gets the whole site, nothing else added.

The checks run in a process of their own, where the environment names the toy game among the
site's games (GAMES) before Django starts, as an operator names a new game's package.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

from config.games import GAMES

CHECKS = Path(__file__).with_name("toy_site_checks.py")
ROOT = Path(__file__).resolve().parents[2]


def test_the_toy_game_gets_catalogue_search_api_builder_and_rules():
    env = {**os.environ, "GAMES": ",".join([*GAMES, "tests.toy_game"])}
    # SQLite of its own, with no replica: the suite's PostgreSQL test database is in use by this
    # very run.
    for variable in ("DATABASE_URL", "DATABASE_REPLICA_URL"):
        env.pop(variable, None)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-q"]
        + ["--import-mode=importlib", str(CHECKS)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    passed = re.search(r"(\d+) passed", result.stdout)
    collected = len(re.findall(r"^def test_", CHECKS.read_text(encoding="utf-8"), re.M))
    assert passed and int(passed.group(1)) >= collected, result.stdout[-2000:]
