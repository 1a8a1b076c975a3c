"""The games served: those rules/games.py names, or those GAMES and DEFAULT_GAME name."""

import subprocess
import sys

from rules.games import site_games
from tests.purity import REPO


def test_the_package_serves_its_games_in_order_with_aniolowie_the_default():
    served = ("rules.aniolowie", "rules.dark_eden", "rules.inwo", "rules.seven_fallen")
    assert site_games({}) == (served, "aniolowie")


def test_an_operator_serves_a_subset_whose_first_game_is_the_default():
    assert site_games({"GAMES": " rules.inwo, ,rules.dark_eden"}) == (
        ("rules.inwo", "rules.dark_eden"),
        None,
    )
    assert site_games({"GAMES": "rules.inwo,rules.dark_eden", "DEFAULT_GAME": "dark-eden"}) == (
        ("rules.inwo", "rules.dark_eden"),
        "dark-eden",
    )


def test_the_command_line_judges_the_games_the_environment_names():
    deck = '{"game": "aniolowie", "cards": []}'
    run = [sys.executable, "-m", "rules", "validate", "-"]
    served = subprocess.run(run, cwd=REPO, input=deck, capture_output=True, text=True)
    assert served.returncode == 1 and '"deck-size"' in served.stdout
    left_out = subprocess.run(
        run, cwd=REPO, input=deck, capture_output=True, text=True, env={"GAMES": "rules.inwo"}
    )
    assert left_out.returncode == 2
    assert "unknown game 'aniolowie'; expected one of inwo" in left_out.stderr
