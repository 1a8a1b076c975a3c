"""INWO's deck rules: one Illuminati to lead, every card in the deck its back belongs to, 45 cards.

Sources: the Polish rulebook (shared/rulebooks/001_d833c858ba7d0620.txt), "Początek gry":
step 1 (45 cards with the Illuminati, all players the same number; about 12-20 Groups, advice
only), step 2 (the puppet back makes the Group deck, the hand the Plot deck), step 3 and
"Rodzaje Grup" (one Illuminati each; spares may hide in the Plot deck, p. 23), step 5 (the
leading Group is a Group: "Nie możesz wybrać na przywódcę karty Zasobów"; chosen at the table,
so a deck without one is only prompted for it). There is no copy
limit. The tournament format (World Domination Handbook v1.2) makes 45 a must; a One Big Deck
is shared by the table, so neither the one-Illuminati nor the size rule applies to it.
"""

from __future__ import annotations

from rules.core.deck import Deck
from rules.core.verdict import Severity, Verdict, Violation, en_plural, pl_plural
from rules.inwo.contract import DECK_OF_BACK, GROUPS, LEAD, ONE_BIG_DECK, PLOTS, TOURNAMENT, Card
from rules.inwo.schema import GROUP_KINDS, ILLUMINATI, USUAL_BACK

DECK_SIZE = 45

ILLUMINATI_COUNT = "illuminati-count"
LEADING_GROUP = "leading-group"
WRONG_SECTION = "wrong-section"
DECK_SIZE_CODE = "deck-size"
UNVERIFIED = "unverified"

_SECTION_PL = {LEAD: "karty przywódcze", GROUPS: "talia Grup", PLOTS: "talia Intryg"}
_SECTION_EN = {LEAD: "the lead cards", GROUPS: "the Group deck", PLOTS: "the Plot deck"}


def validate(deck: Deck[Card]) -> Verdict:
    """Check a deck against INWO's deck rules; return every violation found."""
    found: list[Violation] = []
    if deck.format != ONE_BIG_DECK:
        _check_illuminati(deck, found)
        _check_leading_group(deck, found)
    _check_sections(deck, found)
    if deck.format != ONE_BIG_DECK:
        _check_size(deck, found)
    return Verdict(tuple(found))


def _check_illuminati(deck: Deck[Card], found: list[Violation]) -> None:
    """Check that the lead cards hold exactly one Illuminati."""
    leading = [c for c in deck.cards if c.section == LEAD and c.kind == ILLUMINATI]
    count = sum(c.count for c in leading)
    if count == 1:
        return
    if count == 0:
        pl = "Wśród kart przywódczych nie ma Illuminati: każdy gracz ma jedną; dodaj ją."
        en = "The lead cards hold no Illuminati: each player has one; add it."
    else:
        pl = (
            f"Wśród kart przywódczych jest {count} Illuminati, a gracz ma jedną: zostaw jedną, "
            "zapasowe przenieś do talii Intryg."
        )
        en = (
            f"The lead cards hold {count} Illuminati, and a player has one: keep one and move "
            "the spares to the Plot deck."
        )
    found.append(Violation.about(ILLUMINATI_COUNT, Severity.ERROR, pl, en, leading))


def _check_leading_group(deck: Deck[Card], found: list[Violation]) -> None:
    """Prompt for the Group that starts as the Illuminati's first puppet when none leads."""
    if any(c.section == LEAD and c.kind in GROUP_KINDS for c in deck.cards):
        return
    # Step 5 lets a player choose the leading Group at the table, so this is advice, not a fault.
    pl = (
        "Wśród kart przywódczych nie ma Grupy: wybierz Grupę, która zacznie jako pierwsza "
        "marionetka Twojej Illuminati (nigdy Zasób), i połóż ją wśród kart przywódczych."
    )
    en = (
        "The lead cards hold no Group: choose the Group that starts as your Illuminati's first "
        "puppet (never a Resource) and put it among the lead cards."
    )
    found.append(Violation.about(LEADING_GROUP, Severity.WARNING, pl, en))


def _home(card: Card) -> str | None:
    """Return the deck a card's back puts it in outside the lead; None while the back is unknown."""
    back = card.back or (None if card.kind == ILLUMINATI else USUAL_BACK[card.kind])
    return DECK_OF_BACK[back] if back else None


def _check_sections(deck: Deck[Card], found: list[Violation]) -> None:
    """Check that every card lies where its kind and back allow; warn where the back is unknown."""
    misplaced: list[Card] = []
    unsure: list[Card] = []
    for card in deck.cards:
        if card.section == LEAD:
            if card.kind != ILLUMINATI and card.kind not in GROUP_KINDS:
                misplaced.append(card)
            continue
        home = _home(card)
        if home is None:
            unsure.append(card)
        elif home != card.section:
            misplaced.append(card)
    for card in misplaced:
        found.append(_misplaced(card))
    if unsure:
        names = ", ".join(c.name for c in unsure)
        found.append(
            Violation.about(
                UNVERIFIED,
                Severity.WARNING,
                f"Nie wiadomo, jaki rewers ma {names}, więc nie da się sprawdzić, czy może leżeć "
                "w tej talii (Illuminati zwykle mają rękę na odwrocie).",
                f"The back of {names} is unknown, so whether it may lie in this deck cannot be "
                "checked (an Illuminati usually has the hand on its back).",
                unsure,
                unknown=("back",),
            )
        )


def _misplaced(card: Card) -> Violation:
    """Say why a card cannot lie in its section and where it belongs."""
    where_pl, where_en = _SECTION_PL[card.section], _SECTION_EN[card.section]
    if card.section == LEAD:
        pl = (
            f"{card.name} nie może być kartą przywódczą: przywódcą jest Illuminati i Grupa, "
            "nigdy Zasób ani Intryga. Przenieś ją do talii, do której należy."
        )
        en = (
            f"{card.name} cannot be a lead card: the lead is the Illuminati and a Group, never "
            "a Resource or a Plot. Move it to the deck it belongs to."
        )
    else:
        home = _home(card)
        pl = (
            f"{card.name} nie należy do: {where_pl}; jej rewers każe ją włożyć do: "
            f"{_SECTION_PL[home]}. Przenieś ją tam."
        )
        en = (
            f"{card.name} does not belong in {where_en}: its back puts it in {_SECTION_EN[home]}. "
            "Move it there."
        )
    return Violation.about(WRONG_SECTION, Severity.ERROR, pl, en, [card])


def _check_size(deck: Deck[Card], found: list[Violation]) -> None:
    """Check the deck size: 45 a must in a tournament, the rulebook's advice otherwise."""
    total = deck.total
    if total == DECK_SIZE:
        return
    strict = deck.format == TOURNAMENT
    diff = abs(total - DECK_SIZE)
    more = total > DECK_SIZE
    cards_pl = pl_plural(diff, "kartę", "karty", "kart")
    cards_en = en_plural(diff, "card", "cards")
    fix_pl = f"{'usuń' if more else 'dodaj'} {diff} {cards_pl}"
    fix_en = f"{'remove' if more else 'add'} {diff} {cards_en}"
    held_pl = f"{total} {pl_plural(total, 'kartę', 'karty', 'kart')}"
    if strict:
        pl = f"Talia turniejowa ma dokładnie {DECK_SIZE} kart z Illuminati, a ta ma {held_pl}: {fix_pl}."
        en = f"A tournament deck holds exactly {DECK_SIZE} cards with the Illuminati; this one has {total}: {fix_en}."
    else:
        pl = (
            f"Podręcznik zaleca talię {DECK_SIZE} kart z Illuminati, a ta ma {held_pl}; "
            f"wszyscy gracze muszą mieć tyle samo kart ({fix_pl}, by mieć zalecane {DECK_SIZE})."
        )
        en = (
            f"The rulebook recommends {DECK_SIZE} cards with the Illuminati; this deck has {total}, "
            f"and all players must have the same number ({fix_en} for the recommended {DECK_SIZE})."
        )
    found.append(
        Violation.about(DECK_SIZE_CODE, Severity.ERROR if strict else Severity.WARNING, pl, en)
    )
