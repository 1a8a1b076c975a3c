"""Check an Aniołowie deck against the deck-building rules of the rulebook (v2.1, ch. VII).

Sources (file 000_57452c809325322f.txt of the shared rulebooks, printed pages): each rule's module
in rules.aniolowie.checks names its own. Unknown attributes are never guessed: a rule that depends
on one is reported as an `unverified` warning only when some value of it could change the outcome;
an error is reported only when it holds whatever the unknown values are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules.aniolowie.card import Card, Deck
from rules.aniolowie.checks.copies import check_copies
from rules.aniolowie.checks.factions import check_factions
from rules.aniolowie.checks.humans import check_humans
from rules.aniolowie.checks.orders import check_ladder, check_order_copies
from rules.aniolowie.checks.size import check_deck_size
from rules.aniolowie.checks.unknowns import Unknowns
from rules.core.verdict import Verdict, Violation


def validate(deck: Deck) -> Verdict:
    """Check every deck-building rule and return all violations at once, errors first."""
    groups = _group(deck.cards)
    found: list[Violation] = []
    unknowns = Unknowns()
    check_deck_size(groups.total, found)
    check_humans(groups.humans, found, unknowns)
    check_factions(deck.faction, groups.sided, groups.faceless, found, unknowns)
    check_copies(groups.copied, found, unknowns)
    check_order_copies(groups.by_order, groups.unplaced, found, unknowns)
    check_ladder(groups.by_order, groups.unplaced, found, unknowns)
    found.extend(unknowns.warnings(deck.cards))
    return Verdict(tuple(found))


class _Groups(NamedTuple):
    """The cards of a deck sorted into what each rule looks at."""

    total: int  # copies in the deck
    humans: list[Card]
    sided: list[tuple[Card, str]]  # cards of a known faction other than "any", with it
    faceless: list[Card]  # angels and interventions of unknown faction
    copied: list[Card]  # cards with more than one copy
    by_order: dict[str, list[Card]]  # angels by their known order
    unplaced: list[Card]  # angels of unknown order


def _group(cards: Sequence[Card]) -> _Groups:
    """Sort the cards for the rules in one pass (the builder validates on every click)."""
    total = 0
    humans: list[Card] = []
    sided: list[tuple[Card, str]] = []
    faceless: list[Card] = []
    copied: list[Card] = []
    by_order: dict[str, list[Card]] = {}
    unplaced: list[Card] = []
    for card in cards:
        count = card.count
        total += count
        if count > 1:
            copied.append(card)
        kind = card.kind
        if kind == "human":  # humans belong to no faction
            humans.append(card)
            continue
        order = card.order
        faction = card.faction
        if faction is None and order == "thrones":
            faction = "lord"  # Thrones are the Lord's angels only (p. 11)
        if faction is None:
            faceless.append(card)
        elif faction != "any":
            sided.append((card, faction))
        if kind == "angel":
            if order is None:
                unplaced.append(card)
            elif order in by_order:
                by_order[order].append(card)
            else:
                by_order[order] = [card]
    return _Groups(total, humans, sided, faceless, copied, by_order, unplaced)
