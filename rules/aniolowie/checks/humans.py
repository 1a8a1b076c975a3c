"""Check an Aniołowie deck's humans: exactly four, half good and half evil, at most one neutral.

Sources: ch. VI 6.1 p. 28 (humans half good, half evil; one neutral may stand in for either, at
most one neutral) and ch. VII p. 40 (four humans in every deck).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.aniolowie.card import Card
from rules.aniolowie.checks.unknowns import Unknowns
from rules.aniolowie.checks.wording import error
from rules.aniolowie.codes import HUMAN_BALANCE, HUMAN_COUNT, NEUTRAL_HUMAN_LIMIT
from rules.core.verdict import Violation, en_plural, pl_plural

HUMANS_PER_DECK = 4
MAX_NEUTRAL_HUMANS = 1


def _balance_reachable(good: int, evil: int, neutral: int, total: int) -> bool:
    """Tell whether these humans allow the required two good and two evil (p. 28, p. 40).

    A neutral stands in for either side. With exactly four humans this is "half good, half evil";
    with fewer or more, `human-count` already fires, so this only asks whether adding (or
    removing) humans could get there without changing anyone's alignment. `total` is the number
    of humans; the answer is the same for any good, evil or neutral above HUMANS_PER_DECK.
    """
    half = HUMANS_PER_DECK // 2
    if total <= HUMANS_PER_DECK:
        return good <= half and evil <= half
    return min(good, half) + min(evil, half) + neutral >= HUMANS_PER_DECK


def _splits(good: int, evil: int, neutral: int, unsure: Iterable[int]) -> set[tuple[int, int, int]]:
    """Return every (good, evil, neutral) reachable by giving each unknown count one alignment.

    Each side is capped at HUMANS_PER_DECK, beyond which _balance_reachable cannot tell values
    apart: that keeps at most 5 ** 3 splits, where exact sums would grow as 3 ** len(unsure).
    """
    cap = HUMANS_PER_DECK
    splits = {(min(good, cap), min(evil, cap), min(neutral, cap))}
    for n in unsure:
        splits = {
            split
            for g, e, u in splits
            for split in ((min(g + n, cap), e, u), (g, min(e + n, cap), u), (g, e, min(u + n, cap)))
        }
    return splits


def check_humans(humans: list[Card], found: list[Violation], unknowns: Unknowns) -> None:
    """Check the number of humans, their good/evil balance and the one-neutral limit."""
    tally = {"good": 0, "evil": 0, "neutral": 0}
    unsure: list[Card] = []
    for card in humans:
        if card.alignment is None:
            unsure.append(card)
        else:
            tally[card.alignment] += card.count
    good, evil, neutral = tally["good"], tally["evil"], tally["neutral"]
    unsure_copies = sum(card.count for card in unsure)
    total = good + evil + neutral + unsure_copies

    if total != HUMANS_PER_DECK:
        found.append(_human_count_violation(total, humans))

    # Each unknown card may be good, evil or neutral: collect the verdict of every reading.
    splits = _splits(good, evil, neutral, (card.count for card in unsure))
    outcomes = {_balance_reachable(g, e, u, total) for g, e, u in splits}
    if outcomes == {False}:
        found.append(_human_balance_violation(good, evil, neutral, humans, unsure))
    # A fault that every reading of the unknowns confirms is decided: no warning is due.
    if unsure and len(outcomes) == 2:
        unknowns.add(unsure, "alignment", "balance")

    if neutral > MAX_NEUTRAL_HUMANS:
        extra = neutral - MAX_NEUTRAL_HUMANS
        found.append(
            error(
                NEUTRAL_HUMAN_LIMIT,
                f"Talia ma {neutral} neutralne karty ludzi; dozwolona jest najwyżej jedna. "
                f"Zamień nadmiarowe ({extra}) na dobre lub złe.",
                f"The deck has {neutral} neutral humans; at most one is allowed. Replace "
                f"{extra} of them with a good or evil human.",
                (card for card in humans if card.alignment == "neutral"),
            )
        )
    if unsure and neutral + unsure_copies > MAX_NEUTRAL_HUMANS:
        unknowns.add(unsure, "alignment", "neutral")


def _human_count_violation(total: int, humans: list[Card]) -> Violation:
    """Say how many humans to add or remove."""
    if total < HUMANS_PER_DECK:
        k = HUMANS_PER_DECK - total
        fix_pl = f"Dodaj {k} {pl_plural(k, 'kartę człowieka', 'karty ludzi', 'kart ludzi')}."
        fix_en = f"Add {k} {en_plural(k, 'human', 'humans')}."
    else:
        k = total - HUMANS_PER_DECK
        fix_pl = f"Usuń {k} {pl_plural(k, 'kartę człowieka', 'karty ludzi', 'kart ludzi')}."
        fix_en = f"Remove {k} {en_plural(k, 'human', 'humans')}."
    return error(
        HUMAN_COUNT,
        f"Talia ma {total} {pl_plural(total, 'kartę człowieka', 'karty ludzi', 'kart ludzi')}; "
        "musi mieć dokładnie 4 (dwie dobre i dwie złe, jedna neutralna może zastąpić dowolną). "
        + fix_pl,
        f"The deck has {total} human {en_plural(total, 'card', 'cards')}; it needs exactly 4 "
        "(two good and two evil; one neutral may stand in for either). " + fix_en,
        humans,
    )


def _human_balance_violation(
    good: int, evil: int, neutral: int, humans: list[Card], unsure: list[Card]
) -> Violation:
    """Say which side of the humans outweighs the other and how to fix it."""
    if good > evil:
        at_fault = [card for card in humans if card.alignment == "good"]
        fix_pl = "Zamień część dobrych kart ludzi na złe."
        fix_en = "Swap some of the good humans for evil ones."
    elif evil > good:
        at_fault = [card for card in humans if card.alignment == "evil"]
        fix_pl = "Zamień część złych kart ludzi na dobre."
        fix_en = "Swap some of the evil humans for good ones."
    else:  # only reachable when unknown alignments decide it
        at_fault = humans
        fix_pl = "Zmień karty ludzi tak, by były dwie dobre i dwie złe."
        fix_en = "Change the humans so that two are good and two evil."
    unsure_copies = sum(card.count for card in unsure)
    tail_pl = f", o nieznanym charakterze {unsure_copies}" if unsure else ""
    tail_en = f", {unsure_copies} of unknown alignment" if unsure else ""
    return error(
        HUMAN_BALANCE,
        "Karty ludzi muszą być w połowie dobre, w połowie złe: dwie dobre i dwie złe (jedna "
        f"neutralna może zastąpić dobrą lub złą); w talii są: dobre {good}, złe {evil}, "
        f"neutralne {neutral}{tail_pl}. " + fix_pl,
        "The humans must be half good, half evil: two good and two evil (a neutral may stand "
        f"in for either); this deck has {good} good, {evil} evil, {neutral} neutral{tail_en}. "
        + fix_en,
        at_fault,
    )
