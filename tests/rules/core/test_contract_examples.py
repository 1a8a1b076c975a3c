"""Each game's contract example (shown in the API's docs) is a deck its own rules read."""

import pytest

import rules


@pytest.mark.parametrize("game", rules.all_games(), ids=lambda game: game.id)
def test_every_games_example_is_a_deck_of_that_game(game):
    assert game.contract_example is not None
    deck = game.parse_deck(dict(game.contract_example.deck))
    assert deck.game == game.id
    # An example shows a verdict worth reading: it breaks at least one rule.
    assert game.validate(deck).violations
