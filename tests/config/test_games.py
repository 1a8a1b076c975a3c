"""The games a site serves: named in config/games.py, or by GAMES and DEFAULT_GAME."""

import subprocess
import sys

from django.conf import settings

import rules
from config.games import GAMES, site_games
from tests.purity import REPO


def test_the_site_serves_the_games_named_in_order_with_aniolowie_the_default():
    assert site_games({}) == (("rules.aniolowie", "rules.dark_eden", "rules.inwo"), "aniolowie")
    assert settings.GAMES == GAMES
    assert rules.game_ids() == ("aniolowie", "dark-eden", "inwo")
    assert rules.default_game_id() == "aniolowie"


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
