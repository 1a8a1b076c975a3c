"""The Deck every game parses into: its cards' total, the options it states, equality."""

from dataclasses import dataclass

from rules.core.deck import Deck


@dataclass(frozen=True, slots=True)
class Unit:
    name: str
    kind: str
    count: int


CARDS = (Unit("Knight", "unit", 3), Unit("Fireball", "spell", 2))


def test_the_total_counts_every_copy():
    assert Deck("toy", CARDS).total == 5
    assert Deck("toy", ()).total == 0


def test_an_option_left_unstated_is_none():
    deck = Deck("toy", CARDS, options={"colour": "red"})
    assert deck.option("colour") == "red"
    assert deck.option("size") is None
    assert Deck("toy", CARDS).options == {}


def test_decks_are_equal_when_game_cards_format_and_options_are():
    assert Deck("toy", CARDS, "standard", {"colour": "red"}) == Deck(
        "toy", CARDS, "standard", {"colour": "red"}
    )
    assert Deck("toy", CARDS, "standard") != Deck("toy", CARDS, "open")
    assert Deck("toy", CARDS, options={"colour": "red"}) != Deck("toy", CARDS)
    assert Deck("toy", CARDS).format is None
