"""A message's example line names a card of the deck's game, or a placeholder where none is declared."""

import pytest

from decks.transfer.problems import example_card, no_cards_problem
from rules.core.registry import get_game


def test_each_game_shows_the_card_it_declares():
    assert example_card("aniolowie") == "Gaap"
    assert example_card("inwo") == "The Network"


def test_a_game_that_declares_none_or_no_game_shows_a_placeholder():
    assert get_game("dark-eden").example_card is None
    assert example_card("dark-eden") == "Nazwa karty"
    assert example_card(None) == "Nazwa karty"
    assert example_card("chess") == "Nazwa karty"


@pytest.mark.parametrize(
    ("game", "line"), [("inwo", "„2 The Network”"), ("dark-eden", "„2 Nazwa karty”")]
)
def test_the_no_cards_message_shows_the_games_example(game, line):
    assert no_cards_problem(game).message.endswith(f"np. {line}.")
