"""Exact odds of an opening hand; pure Python, no Django, no simulation.

The model: a player draws a game's hand size from the sections its hand rule names (Aniołowie,
rulebook ch. VI, 6.2 d, p. 30: 7 cards from the ZASTĘP, the deck without its humans). A redraw puts
the whole hand back, shuffles and draws anew, so each redraw is a fresh draw from the same cards,
independent of the hands before. A player who redraws exactly when a hand fails a condition
therefore meets it with probability 1 - (1 - p)^(redraws + 1), where p is the chance for one hand.

One hand holds min(hand size, population) cards: a smaller pool is drawn whole. Draws are without
replacement, so the chances are hypergeometric, computed exactly as fractions.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

HAND_SIZE = 7


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


def with_redraws(p: Fraction, redraws: int = 1) -> Fraction:
    """Return the chance to meet a condition when the hand may be redrawn `redraws` times."""
    return 1 - (1 - p) ** (redraws + 1)


@dataclass(frozen=True)
class Chance:
    """One condition's chance for the first hand, and with every redraw used on failure."""

    key: str
    first: Fraction
    redraw: Fraction


@dataclass(frozen=True)
class OpeningOdds:
    """The chances of an opening hand, in the order they were asked for."""

    population: int
    hand: int
    redraws: int
    chances: tuple[Chance, ...]

    def __iter__(self):
        return iter(self.chances)

    def __getitem__(self, key: str) -> Chance:
        for chance in self.chances:
            if chance.key == key:
                return chance
        raise KeyError(key)


def opening_odds(
    *,
    population: int,
    marked: Mapping[str, int],
    groups: Mapping[str, Mapping[str, int]] | None = None,
    hand: int = HAND_SIZE,
    redraws: int = 0,
) -> OpeningOdds:
    """Return the chances of an opening hand holding a marked card, or a card of every group.

    `marked` counts disjoint sets of cards (each kind's); a hand meets one by holding at least
    one of its cards. Each entry of `groups` counts disjoint groups within the pool (the angels
    of each choir); a hand meets it by holding a card of every group.
    """
    groups = groups or {}
    if sum(marked.values()) > population or any(
        sum(sizes.values()) > population for sizes in groups.values()
    ):
        raise ValueError("the marked cards do not fit in the pool")

    def chance(key: str, p: Fraction) -> Chance:
        return Chance(key, p, with_redraws(p, redraws))

    return OpeningOdds(
        population=population,
        hand=hand_size(population, hand),
        redraws=redraws,
        chances=(
            *(chance(key, at_least_one(population, n, hand)) for key, n in marked.items()),
            *(chance(key, each_group(population, sizes, hand)) for key, sizes in groups.items()),
        ),
    )


def _check(population: int, marked: int) -> None:
    if population < 0 or marked < 0 or marked > population:
        raise ValueError(f"cannot mark {marked} of {population} cards")
