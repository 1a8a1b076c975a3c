"""Exact odds of an Aniołowie opening hand; pure Python, no Django, no simulation.

The model (rulebook ch. VI, 6.2 d, p. 30): each player draws 7 cards from their ZASTĘP, the deck
without its 4 humans. In the first turn only, a player unhappy with the hand may put all of it back,
shuffle the ZASTĘP and draw 7 anew, once; the second hand must be kept. Because the whole hand goes
back and the ZASTĘP is shuffled, the second hand is a fresh draw from the same cards, independent of
the first. A player who redraws exactly when the first hand fails a condition therefore meets it
with probability 1 - (1 - p)², where p is the chance for one hand.

One hand holds min(7, size of the ZASTĘP) cards: a smaller ZASTĘP is drawn whole. Draws are without
replacement, so the chances are hypergeometric, computed exactly as fractions.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

HAND_SIZE = 7
CHOIRS = ("I", "II", "III")


def hand_size(population: int, hand: int = HAND_SIZE) -> int:
    """Return how many cards one opening hand holds from a ZASTĘP of `population` cards."""
    return max(0, min(hand, population))


def chance_none(population: int, excluded: int, hand: int = HAND_SIZE) -> Fraction:
    """Return the chance that a hand drawn from `population` cards holds none of `excluded`."""
    _check(population, excluded)
    drawn = hand_size(population, hand)
    return Fraction(comb(population - excluded, drawn), comb(population, drawn))


def at_least_one(population: int, marked: int, hand: int = HAND_SIZE) -> Fraction:
    """Return the chance that a hand holds at least one of `marked` cards."""
    return 1 - chance_none(population, marked, hand)


def each_group(
    population: int, groups: Mapping[str, int] | list[int], hand: int = HAND_SIZE
) -> Fraction:
    """Return the chance that a hand holds at least one card of every group (disjoint groups).

    Inclusion–exclusion over the groups: P(all present) = Σ over subsets S of (-1)^|S| ·
    P(no card of any group in S). Cards in no group (e.g. angels of unknown order) only fill
    the hand.
    """
    sizes = list(groups.values()) if isinstance(groups, Mapping) else list(groups)
    _check(population, sum(sizes))
    total = Fraction(0)
    for k in range(len(sizes) + 1):
        for subset in combinations(sizes, k):
            total += (-1) ** k * chance_none(population, sum(subset), hand)
    return total


def with_one_redraw(p: Fraction) -> Fraction:
    """Return the chance to meet a condition when the hand is redrawn once on failure."""
    return 1 - (1 - p) ** 2


@dataclass(frozen=True)
class Chance:
    """One condition's chance for the first hand, and after one redraw on failure."""

    key: str
    first: Fraction
    redraw: Fraction


@dataclass(frozen=True)
class OpeningOdds:
    """The chances of an opening hand of a ZASTĘP."""

    population: int
    hand: int
    angel: Chance
    every_choir: Chance
    intervention: Chance

    def __iter__(self):
        return iter((self.angel, self.every_choir, self.intervention))


def opening_odds(
    *, population: int, angels: int, choirs: Mapping[str, int], interventions: int
) -> OpeningOdds:
    """Return the chances of 7 cards from the ZASTĘP holding an angel, every choir, an intervention.

    `choirs` counts the angels of each choir (I, II, III); a missing choir counts 0. Angels of
    unknown order count in `angels` but toward no choir.
    """
    by_choir = {choir: choirs.get(choir, 0) for choir in CHOIRS}
    if sum(by_choir.values()) > angels or angels + interventions > population:
        raise ValueError("the groups do not fit in the ZASTĘP")

    def chance(key: str, p: Fraction) -> Chance:
        return Chance(key, p, with_one_redraw(p))

    return OpeningOdds(
        population=population,
        hand=hand_size(population),
        angel=chance("angel", at_least_one(population, angels)),
        every_choir=chance("every_choir", each_group(population, by_choir)),
        intervention=chance("intervention", at_least_one(population, interventions)),
    )


def _check(population: int, marked: int) -> None:
    if population < 0 or marked < 0 or marked > population:
        raise ValueError(f"cannot mark {marked} of {population} cards")
