"""The site's settings serve the games rules/games.py names, in order, Aniołowie the default."""

from django.conf import settings

import rules
from config.games import GAMES


def test_the_site_serves_the_games_named_in_order_with_aniolowie_the_default():
    assert settings.GAMES == GAMES
    assert rules.game_ids() == ("aniolowie", "dark-eden", "inwo", "7-fallen")
    assert rules.default_game_id() == "aniolowie"
