"""INWO's deck rules: one Illuminati to lead, every card in the deck its back belongs to, 45 cards.

Sources: the Polish rulebook (shared/rulebooks/001_d833c858ba7d0620.txt), "Początek gry":
step 1 (45 cards with the Illuminati, all players the same number; about 12-20 Groups, advice
only), step 2 (the puppet back makes the Group deck, the hand the Plot deck), step 3 and
"Rodzaje Grup" (one Illuminati each; spares may hide in the Plot deck, p. 23), step 5 (the
leading Group is a Group: "Nie możesz wybrać na przywódcę karty Zasobów"). There is no copy
limit. The tournament format (World Domination Handbook v1.2) makes 45 a must; a One Big Deck
is shared by the table, so neither the one-Illuminati nor the size rule applies to it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.contract import read_card_basics, read_envelope
from rules.core.verdict import (
    DeckFormatError,
    Severity,
    Verdict,
    Violation,
    card_key,
    describe_value,
    en_plural,
    pl_plural,
)
from rules.inwo.schema import (
    ALL_KINDS,
    GAME_ID,
    GROUP_KINDS,
    HAND,
    ILLUMINATI,
    PUPPET,
    USUAL_BACK,
)

LEAD, GROUPS, PLOTS = "lead", "groups", "plots"
SECTIONS = (LEAD, GROUPS, PLOTS)
STANDARD, TOURNAMENT, ONE_BIG_DECK = "standard", "tournament", "one-big-deck"
FORMATS = (STANDARD, TOURNAMENT, ONE_BIG_DECK)
DECK_SIZE = 45
BACKS = (PUPPET, HAND)

ILLUMINATI_COUNT = "illuminati-count"
WRONG_SECTION = "wrong-section"
DECK_SIZE_CODE = "deck-size"
UNVERIFIED = "unverified"

# The card attributes the rules read from a deck's JSON contract.
CONTRACT_ATTRIBUTES = ("back",)

# Which deck a back belongs to.
_DECK_OF_BACK = {PUPPET: GROUPS, HAND: PLOTS}
_SECTION_PL = {LEAD: "karty przywódcze", GROUPS: "talia Grup", PLOTS: "talia Intryg"}
_SECTION_EN = {LEAD: "the lead cards", GROUPS: "the Group deck", PLOTS: "the Plot deck"}


@dataclass(frozen=True, slots=True)
class Card:
    """One entry of a deck: a card, the section it lies in and how many copies."""

    name: str
    kind: str
    section: str
    count: int
    back: str | None = None


@dataclass(frozen=True, slots=True)
class Deck:
    """An INWO deck: its format and its entries (one per card and section)."""

    cards: tuple[Card, ...]
    format: str = STANDARD
    game: str = GAME_ID

    @property
    def total(self) -> int:
        """Return the number of cards in all sections."""
        return sum(card.count for card in self.cards)


def parse_deck(data: object) -> Deck:
    """Turn a deck in the JSON contract into a Deck; raise DeckFormatError naming the fault.

    Required: "game" ("inwo") and "cards"; each card needs "name", "kind" and "count" (1 to
    MAX_COUNT). "section" is "lead", "groups" or "plots" (missing: the kind's usual deck, the
    lead for an Illuminati); "back" is "puppet" or "hand" (missing or null: unknown). "format" is
    "standard" (the default), "tournament" or "one-big-deck". Unknown keys are ignored. Entries
    of one card (names equal but for case and diacritics) in one section are merged.
    """
    deck_format, raw_cards = read_envelope(
        data, game_id=GAME_ID, formats=FORMATS, default_format=STANDARD
    )
    merged: dict[tuple[str, str], Card] = {}
    # One card is one kind and one back wherever its copies lie.
    kind_of: dict[str, str] = {}
    back_of: dict[str, str] = {}
    for index, raw in enumerate(raw_cards):
        card = _parse_card(raw, index)
        name_key = card_key(card.name)
        kind = kind_of.setdefault(name_key, card.kind)
        back = back_of.setdefault(name_key, card.back) if card.back else back_of.get(name_key)
        if kind != card.kind or (card.back and back != card.back):
            raise DeckFormatError(
                f"cards[{index}]",
                f"{card.name!r} appears twice with different "
                f"{'kinds' if kind != card.kind else 'backs'}",
            )
        key = (name_key, card.section)
        known = merged.get(key)
        if known is None:
            merged[key] = card
        else:
            merged[key] = replace(known, count=known.count + card.count)
    # An entry that leaves the back unknown takes it from another entry of the card.
    cards = tuple(
        card if card.back or name_key not in back_of else replace(card, back=back_of[name_key])
        for (name_key, _), card in merged.items()
    )
    return Deck(cards=cards, format=deck_format)


def _parse_card(raw: object, index: int) -> Card:
    raw, name, kind, count = read_card_basics(raw, index, kinds=ALL_KINDS)
    section = raw.get("section")
    if section is None:
        section = LEAD if kind == ILLUMINATI else _DECK_OF_BACK[USUAL_BACK[kind]]
    elif section not in SECTIONS:
        raise DeckFormatError(
            f"cards[{index}].section",
            f"unknown section {describe_value(section)}; expected one of {', '.join(SECTIONS)}",
        )
    back = raw.get("back")
    if back is not None and back not in BACKS:
        raise DeckFormatError(
            f"cards[{index}].back",
            f"unknown back {describe_value(back)}; expected puppet or hand (or null)",
        )
    return Card(name=name, kind=kind, section=section, count=count, back=back)


def validate(deck: Deck) -> Verdict:
    """Check a deck against INWO's deck rules; return every violation found."""
    found: list[Violation] = []
    if deck.format != ONE_BIG_DECK:
        _check_illuminati(deck, found)
    _check_sections(deck, found)
    if deck.format != ONE_BIG_DECK:
        _check_size(deck, found)
    return Verdict(tuple(found))


def _check_illuminati(deck: Deck, found: list[Violation]) -> None:
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


def _home(card: Card) -> str | None:
    """Return the deck a card's back puts it in outside the lead; None while the back is unknown."""
    back = card.back or (None if card.kind == ILLUMINATI else USUAL_BACK[card.kind])
    return _DECK_OF_BACK[back] if back else None


def _check_sections(deck: Deck, found: list[Violation]) -> None:
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
            )
        )


def _misplaced(card: Card) -> Violation:
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


def _check_size(deck: Deck, found: list[Violation]) -> None:
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
