"""The registry: every game by its id, and nothing of one game in the public interface."""

import pytest

import rules
from rules.core.schema import Game


def test_every_registered_game_declares_itself_under_its_id():
    games = rules.all_games()
    assert [game.id for game in games] == list(rules.GAME_MODULES)
    assert all(isinstance(game, Game) for game in games)


def test_an_unknown_game_is_a_format_error_naming_the_known_ones():
    with pytest.raises(rules.DeckFormatError, match="unknown game 'chess'; expected one of"):
        rules.get_game("chess")


def test_the_public_interface_names_no_game_specific_fact():
    for name in ("ORDERS", "choir_for_order", "copy_limit", "OrderInfo"):
        assert not hasattr(rules, name)
