"""Exact opening-hand odds: closed forms, brute-force enumeration, edge cases; no database."""

from fractions import Fraction
from itertools import combinations, product
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks import odds


def enumerate_chance(deck: list[str], hand: int, meets) -> Fraction:
    """Return the share of all possible hands (card positions, so copies count) that meet."""
    drawn = min(hand, len(deck))
    hands = list(combinations(range(len(deck)), drawn))
    good = sum(1 for h in hands if meets([deck[i] for i in h]))
    return Fraction(good, len(hands))


def every_choir(hand: list[str]) -> bool:
    return {"I", "II", "III"} <= set(hand)


def test_one_angel_in_a_45_card_zastep_with_20_angels_is_the_closed_form():
    assert odds.at_least_one(45, 20) == 1 - Fraction(comb(25, 7), comb(45, 7))
    assert 0 < odds.at_least_one(45, 20) < 1


def test_no_marked_card_is_the_hypergeometric_zero_term():
    assert odds.chance_none(42, 18) == Fraction(comb(24, 7), comb(42, 7))
    assert odds.chance_none(10, 0) == 1
    assert odds.at_least_one(10, 10) == 1


def test_a_hand_of_one_angel_among_one_card_groups():
    # 7 cards out of 8 miss a given card only when it is the one left: 1/8.
    assert odds.chance_none(8, 1) == Fraction(1, 8)


@pytest.mark.parametrize(
    ("deck", "hand"),
    [
        (["I", "I", "II", "III", "III", "III", "x", "x", "x"], 7),
        (["I", "I", "II", "III", "III", "III", "x", "x", "x"], 4),
        (["I", "II", "III", "x"], 3),
        (["I", "I", "II", "II", "III", "x", "x", "x", "x", "x", "x"], 7),
    ],
)
def test_every_choir_by_inclusion_exclusion_matches_enumeration(deck, hand):
    groups = {choir: deck.count(choir) for choir in ("I", "II", "III")}
    assert odds.each_group(len(deck), groups, hand) == enumerate_chance(deck, hand, every_choir)


@settings(max_examples=60, deadline=None)
@given(
    i=st.integers(0, 3),
    ii=st.integers(0, 3),
    iii=st.integers(0, 3),
    other=st.integers(0, 4),
    hand=st.integers(0, 7),
)
def test_every_choir_matches_enumeration_on_any_tiny_deck(i, ii, iii, other, hand):
    deck = ["I"] * i + ["II"] * ii + ["III"] * iii + ["x"] * other
    expected = enumerate_chance(deck, hand, every_choir)
    assert odds.each_group(len(deck), [i, ii, iii], hand) == expected


def test_a_missing_choir_makes_every_choir_impossible():
    assert odds.each_group(42, {"I": 0, "II": 9, "III": 9}) == 0


def test_three_choirs_cannot_fit_in_a_hand_of_two():
    assert odds.each_group(2, [1, 1, 0]) == 0
    assert odds.each_group(3, [1, 1, 1]) == 1  # the whole ZASTĘP is drawn


def test_a_zastep_smaller_than_seven_is_drawn_whole():
    assert odds.hand_size(5) == 5
    assert odds.at_least_one(5, 1) == 1
    assert odds.at_least_one(5, 0) == 0
    assert odds.each_group(5, [1, 1, 1]) == 1


def lord_odds(population, angels, choirs, interventions):
    """Ask for Aniołowie's chances: an angel, an intervention, every choir; one redraw."""
    return odds.opening_odds(
        population=population,
        marked={"angel": angels, "intervention": interventions},
        groups={"every_choir": {"I": 0, "II": 0, "III": 0} | choirs},
        redraws=1,
    )


def test_an_empty_zastep_holds_nothing():
    result = lord_odds(0, 0, {}, 0)
    assert result.hand == 0
    assert [chance.key for chance in result] == ["angel", "intervention", "every_choir"]
    for chance in result:
        assert chance.first == 0 and chance.redraw == 0


def test_one_redraw_is_two_independent_hands():
    p = Fraction(1, 3)
    assert odds.with_redraws(p, 1) == p + (1 - p) * p == Fraction(5, 9)
    assert odds.with_redraws(Fraction(0), 1) == 0
    assert odds.with_redraws(Fraction(1), 1) == 1
    assert odds.with_redraws(p, 0) == p  # no redraw allowed: the first hand is the hand


def test_the_redraw_matches_enumerating_both_hands():
    # The whole hand goes back and the ZASTĘP is shuffled (6.2 d): the second hand is drawn
    # from the full ZASTĘP; redraw exactly when the first lacks an angel.
    deck = ["a", "a", "x", "x", "x", "x", "x", "x", "x"]
    hands = list(combinations(range(len(deck)), 7))
    good = sum(
        1
        for first, second in product(hands, hands)
        if "a" in [deck[i] for i in first] or "a" in [deck[i] for i in second]
    )
    expected = Fraction(good, len(hands) ** 2)
    assert odds.with_redraws(odds.at_least_one(len(deck), 2), 1) == expected


def test_opening_odds_of_a_legal_lord_deck():
    # legal_deck_cards("lord"): 24 angels (9 in choir III, 9 in II, 6 in I), 18 interventions.
    result = lord_odds(42, 24, {"I": 6, "II": 9, "III": 9}, 18)
    assert result.hand == 7
    assert result["angel"].first == 1 - Fraction(comb(18, 7), comb(42, 7)) == Fraction(28789, 28823)
    assert result["intervention"].first == 1 - Fraction(comb(24, 7), comb(42, 7))
    assert result["every_choir"].first == Fraction(26019, 57646)
    assert result["every_choir"].redraw == 1 - (1 - Fraction(26019, 57646)) ** 2
    assert round(float(result["every_choir"].first) * 100, 2) == 45.14


def test_an_angel_s_chance_ignores_the_choirs_and_an_empty_choir_is_never_complete():
    # Which angels count toward a choir is decks.analysis's to say (tested on the stats page).
    known = lord_odds(20, 6, {"III": 6}, 14)
    unknown = lord_odds(20, 6, {}, 14)
    assert known["angel"].first == unknown["angel"].first
    assert unknown["every_choir"].first == 0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"population": 5, "marked": {"angel": 4, "intervention": 2}},
        {"population": 10, "marked": {"angel": 2}, "groups": {"every_choir": {"I": 6, "II": 5}}},
    ],
)
def test_groups_that_do_not_fit_are_refused(kwargs):
    with pytest.raises(ValueError):
        odds.opening_odds(**kwargs)


def test_unknown_chance_keys_are_a_key_error():
    with pytest.raises(KeyError):
        lord_odds(10, 2, {}, 2)["hand"]


def test_the_odds_module_imports_no_django():
    import subprocess
    import sys

    code = "import sys, decks.odds; print('django' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr
