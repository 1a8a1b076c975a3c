"""Check that an Aniołowie deck holds one faction (ch. I p. 6, ch. VII p. 40).

Interventions marked for both factions fit any deck; a deck that names no faction takes the one
its cards share.
"""

from __future__ import annotations

from rules.aniolowie.card import Card
from rules.aniolowie.checks.unknowns import Unknowns
from rules.aniolowie.checks.wording import error, listing, names_of
from rules.aniolowie.codes import FACTION_MIX
from rules.aniolowie.schema import FACTION_NAMES_EN, FACTION_NAMES_PL, Faction
from rules.core.verdict import Violation, en_plural


def check_factions(
    deck_faction: Faction | None,
    definite: list[tuple[Card, str]],
    unsure: list[Card],
    found: list[Violation],
    unknowns: Unknowns,
) -> None:
    """Check that every card of a known faction is of the deck's (declared or its cards' own)."""
    inferred = False
    if deck_faction is None:
        seen = {faction for _, faction in definite}
        if len(seen) > 1:
            found.append(_mixed_factions_violation(definite))
            if unsure:  # broken anyway, but each of these may be at fault too
                unknowns.add(unsure, "faction", "faction")
            return
        if not seen:
            # Nothing to compare against: a mix needs at least two cards of unknown faction.
            if len(unsure) > 1:
                unknowns.add(unsure, "faction", "faction")
            return
        deck_faction = seen.pop()
        inferred = True

    wrong = [card for card, faction in definite if faction != deck_faction]
    if wrong:
        other = "fallen" if deck_faction == "lord" else "lord"
        names = listing(wrong)
        own_pl, own_en = FACTION_NAMES_PL[deck_faction], FACTION_NAMES_EN[deck_faction]
        if inferred:
            whose_pl = f"a pozostałe karty talii należą do {own_pl} (talia nie podaje frakcji)"
            whose_en = f"but the deck's other cards are of the {own_en} (it names no faction)"
        else:
            whose_pl = f"a to talia {own_pl}"
            whose_en = f"but this is a deck of the {own_en}"
        found.append(
            error(
                FACTION_MIX,
                f"{names}: karty {FACTION_NAMES_PL[other]}, {whose_pl}. Talia może mieć karty "
                "tylko jednej frakcji: usuń te karty albo zamień je na karty frakcji talii "
                "(interwencje obu frakcji pasują do każdej talii).",
                f"{names}: {en_plural(len(names_of(wrong)), 'a card', 'cards')} of the "
                f"{FACTION_NAMES_EN[other]}, {whose_en}. A deck holds one "
                "faction only: remove these cards or swap them for cards of its faction "
                "(interventions marked for both factions fit any deck).",
                wrong,
            )
        )
    if unsure:
        unknowns.add(unsure, "faction", "faction")


def _mixed_factions_violation(definite: list[tuple[Card, str]]) -> Violation:
    """Report a deck that names no faction and mixes both, blaming the smaller side."""
    lord = [card for card, faction in definite if faction == "lord"]
    fallen = [card for card, faction in definite if faction == "fallen"]
    n_lord = sum(card.count for card in lord)
    n_fallen = sum(card.count for card in fallen)
    # Blame the smaller side; on a tie nothing tells which side the player meant.
    if n_lord < n_fallen:
        at_fault = lord
    elif n_fallen < n_lord:
        at_fault = fallen
    else:
        at_fault = [card for card, _ in definite]
    names = listing(at_fault)
    return error(
        FACTION_MIX,
        f"Talia nie podaje frakcji, a łączy obie: kart Aniołów Pana: {n_lord}, kart Upadłych "
        f"Aniołów: {n_fallen}. Zostaw jedną frakcję: usuń {names} (albo karty drugiej strony) "
        "i podaj frakcję talii.",
        f"The deck names no faction and mixes both: {n_lord} {en_plural(n_lord, 'card', 'cards')}"
        f" of the Angels of the Lord and {n_fallen} of the Fallen Angels. Keep one faction: "
        f"remove {names} (or the other side's cards) and set the deck's faction.",
        at_fault,
    )
