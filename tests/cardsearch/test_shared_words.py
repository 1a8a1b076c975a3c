"""A word two games give to different kinds or values: the first game's in a search of all."""

import pytest

import rules
from cardsearch import Vocabulary


def test_intryga_is_the_first_games_kind_in_all_games_and_each_games_own_alone():
    everything = Vocabulary.from_games(rules.all_games())
    kind = everything.key("rodzaj")
    # Dark Eden is registered before INWO: its Intrigue keeps the word; INWO's Plot keeps "plot".
    assert kind.values["intryga"] == "intrigue"
    assert kind.values["plot"] == "plot"
    inwo = Vocabulary.from_games([rules.get_game("inwo")])
    assert inwo.key("rodzaj").values["intryga"] == "plot"


def test_one_game_giving_one_word_to_two_kinds_is_still_an_error():
    from dataclasses import replace

    from rules.core.schema import Kind, Text

    game = rules.get_game("dark-eden")
    twin = Kind("twin", Text(pl="Intryga", en="Twin"))
    broken = replace(game, schema=replace(game.schema, kinds=(*game.schema.kinds, twin)))
    with pytest.raises(ValueError, match="names two values"):
        Vocabulary.from_games([broken])
