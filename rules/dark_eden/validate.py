"""Dark Eden's deck rules: one leader apart from the deck, at least 60 cards, at most 5 copies.

Sources: the Polish rulebook (shared/rulebooks/003_590e61198c5ee5fc.txt). "Talia musi składać
się co najmniej z 60ciu kart. Przywódca nie wlicza się w liczbę kart w talii. Podczas gry, każdy
z graczy używa tylko jednego Przywódcy" (the introduction); "PROJEKTOWANIE TALII": at least 60
cards and no upper limit, "najwyżej pięć egzemplarzy tej samej karty w talii", except a card
that says "NIEOGRANICZONA LICZBA W TALII"; "PRZYNALEŻNOŚĆ": normally a player uses only cards of
the leader's affiliation or the general one, though cards in play may open others, so a card of
another affiliation is a warning, not an error. A unique card limits the copies in play, not in
the deck ("KARTY UNIKATOWE"): no rule here. The rulebook names the Megacorporations but not the
Genesis corporations, so whether a corporation's leader may use the Megacorporations' cards (or
the other way round) is left unchecked and said so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.contract import read_card_basics, read_envelope
from rules.core.schema import UNLIMITED
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
from rules.dark_eden.schema import (
    AFFILIATIONS,
    ALL_KINDS,
    CORPORATIONS,
    GAME_ID,
    GENERAL,
    LEADER,
    MEGACORPORATIONS,
)

LEADER_SECTION, DECK = "leader", "deck"
SECTIONS = (LEADER_SECTION, DECK)
STANDARD = "standard"
FORMATS = (STANDARD,)
DECK_SIZE = 60
MAX_COPIES = 5

LEADER_COUNT = "leader-count"
DECK_SIZE_CODE = "deck-size"
COPY_LIMIT = "copy-limit"
AFFILIATION = "affiliation"
UNVERIFIED = "unverified"

# The card attributes the rules read from a deck's JSON contract.
CONTRACT_ATTRIBUTES = ("affiliation", "unlimited")

AFFILIATION_IDS = tuple(value.id for value in AFFILIATIONS)
_AFFILIATION_LABELS = {value.id: value.label for value in AFFILIATIONS}
_CORPORATE = frozenset({MEGACORPORATIONS, *CORPORATIONS})


@dataclass(frozen=True, slots=True)
class Card:
    """One entry of a deck: a card, the section it lies in, its copies and what the rules read."""

    name: str
    kind: str
    section: str
    count: int
    affiliation: str | None = None
    unlimited: bool | None = None


@dataclass(frozen=True, slots=True)
class Deck:
    """A Dark Eden deck: its leader and its cards, each entry in its section."""

    cards: tuple[Card, ...]
    format: str = STANDARD
    game: str = GAME_ID

    @property
    def leaders(self) -> tuple[Card, ...]:
        """Return the leader cards, wherever they lie."""
        return tuple(card for card in self.cards if card.kind == LEADER)

    @property
    def deck_cards(self) -> tuple[Card, ...]:
        """Return the cards of the deck proper, the leader left out."""
        return tuple(card for card in self.cards if card.kind != LEADER)

    @property
    def size(self) -> int:
        """Return the number of cards in the deck, the leader not counted."""
        return sum(card.count for card in self.deck_cards)


def parse_deck(data: object) -> Deck:
    """Turn a deck in the JSON contract into a Deck; raise DeckFormatError naming the fault.

    Required: "game" ("dark-eden") and "cards"; each card needs "name", "kind" and "count" (1 to
    MAX_COUNT). "section" is "leader" (a leader's, and only a leader's) or "deck" (missing: the
    kind's own); "affiliation" is an affiliation id and "unlimited" true or false (missing or
    null: unknown). "format" is "standard" (the default). Unknown keys are ignored. Entries of one
    card (names equal but for case and diacritics) are merged; entries that disagree on its kind,
    affiliation or unlimited mark are refused, and what one leaves unknown another may give.
    """
    deck_format, raw_cards = read_envelope(
        data, game_id=GAME_ID, formats=FORMATS, default_format=STANDARD
    )
    merged: dict[str, Card] = {}
    for index, raw in enumerate(raw_cards):
        card = _parse_card(raw, index)
        key = card_key(card.name)
        known = merged.get(key)
        if known is None:
            merged[key] = card
            continue
        if known.kind != card.kind:
            raise DeckFormatError(
                f"cards[{index}]", f"{card.name!r} appears twice with different kinds"
            )
        # One card is one affiliation and one mark however its copies are split.
        for field in ("affiliation", "unlimited"):
            mine, theirs = getattr(card, field), getattr(known, field)
            if mine is not None and theirs is not None and mine != theirs:
                raise DeckFormatError(
                    f"cards[{index}].{field}",
                    f"{card.name!r} appears twice with different values of {field}: "
                    f"{describe_value(theirs)} and {describe_value(mine)}",
                )
        # What one entry leaves unknown another may tell.
        merged[key] = replace(
            known,
            count=known.count + card.count,
            affiliation=known.affiliation or card.affiliation,
            unlimited=known.unlimited if known.unlimited is not None else card.unlimited,
        )
    return Deck(cards=tuple(merged.values()), format=deck_format)


def _parse_card(raw: object, index: int) -> Card:
    where = f"cards[{index}]"
    raw, name, kind, count = read_card_basics(raw, index, kinds=ALL_KINDS)
    home = LEADER_SECTION if kind == LEADER else DECK
    section = raw.get("section")
    if section is None:
        section = home
    elif section != home:
        expected = (
            "the leader lies apart from the deck" if kind == LEADER else "it lies in the deck"
        )
        raise DeckFormatError(
            f"{where}.section",
            f"a {kind} cannot lie in section {describe_value(section)}: {expected} ({home!r})",
        )
    affiliation = raw.get("affiliation")
    if affiliation is not None and affiliation not in AFFILIATION_IDS:
        raise DeckFormatError(
            f"{where}.affiliation",
            f"unknown affiliation {describe_value(affiliation)}; expected one of "
            f"{', '.join(AFFILIATION_IDS)} (or null)",
        )
    unlimited = raw.get("unlimited")
    if unlimited is not None and type(unlimited) is not bool:
        raise DeckFormatError(
            f"{where}.unlimited", f"expected true, false or null, got {describe_value(unlimited)}"
        )
    return Card(
        name=name,
        kind=kind,
        section=section,
        count=count,
        affiliation=affiliation,
        unlimited=unlimited,
    )


def copy_limit(kind: str, attributes) -> int | float | None:
    """Return how many copies of a card a deck may hold: one leader, else 5 or unlimited (None
    while unknown)."""
    if kind == LEADER:
        return 1
    unlimited = attributes.get("unlimited")
    if unlimited is None:
        return None
    return UNLIMITED if unlimited else MAX_COPIES


def validate(deck: Deck) -> Verdict:
    """Check a deck against Dark Eden's deck rules; return every violation found."""
    found: list[Violation] = []
    leader = _check_leader(deck, found)
    _check_size(deck, found)
    _check_copies(deck, found)
    if leader is not None:
        _check_affiliations(deck, leader, found)
    return Verdict(tuple(found))


def _check_leader(deck: Deck, found: list[Violation]) -> Card | None:
    """Check for one leader, one copy; return it, or None if there is not exactly one."""
    leaders = deck.leaders
    count = sum(card.count for card in leaders)
    if count == 1:
        return leaders[0]
    if count == 0:
        pl = "Talia nie ma Przywódcy: każdy gracz gra jednym. Wybierz Przywódcę."
        en = "The deck has no leader: each player plays with one. Choose a leader."
    else:
        pl = (
            f"Talia ma {count} {pl_plural(count, 'kartę', 'karty', 'kart')} Przywódców, a gracz "
            "używa tylko jednego Przywódcy: zostaw jeden egzemplarz jednego Przywódcy."
        )
        en = (
            f"The deck has {count} leader cards, and a player uses only one leader: keep one "
            "copy of one leader."
        )
    found.append(Violation.about(LEADER_COUNT, Severity.ERROR, pl, en, leaders))
    return None


def _check_size(deck: Deck, found: list[Violation]) -> None:
    size = deck.size
    if size >= DECK_SIZE:
        return
    missing = DECK_SIZE - size
    pl = (
        f"Talia musi mieć co najmniej {DECK_SIZE} kart (Przywódca się nie liczy), a ma {size}: "
        f"dodaj {missing} {pl_plural(missing, 'kartę', 'karty', 'kart')}."
    )
    en = (
        f"A deck holds at least {DECK_SIZE} cards (the leader does not count); this one has "
        f"{size}: add {missing} {en_plural(missing, 'card', 'cards')}."
    )
    found.append(Violation.about(DECK_SIZE_CODE, Severity.ERROR, pl, en))


def _check_copies(deck: Deck, found: list[Violation]) -> None:
    unsure: list[Card] = []
    for card in deck.deck_cards:
        if card.count <= MAX_COPIES or card.unlimited:
            continue
        if card.unlimited is None:
            unsure.append(card)
            continue
        extra = card.count - MAX_COPIES
        pl = (
            f"{card.name}: {card.count} egzemplarzy, a talia może mieć najwyżej {MAX_COPIES} "
            f"egzemplarzy karty (chyba że karta mówi „NIEOGRANICZONA LICZBA W TALII”): usuń "
            f"{extra} {pl_plural(extra, 'egzemplarz', 'egzemplarze', 'egzemplarzy')}."
        )
        en = (
            f"{card.name}: {card.count} copies, and a deck holds at most {MAX_COPIES} copies of a "
            f"card (unless it says UNLIMITED): remove {extra} {en_plural(extra, 'copy', 'copies')}."
        )
        found.append(Violation.about(COPY_LIMIT, Severity.ERROR, pl, en, [card]))
    if unsure:
        names = ", ".join(card.name for card in unsure)
        found.append(
            Violation.about(
                UNVERIFIED,
                Severity.WARNING,
                f"Nie wiadomo, czy {names} może mieć w talii więcej niż {MAX_COPIES} egzemplarzy "
                "(„NIEOGRANICZONA LICZBA W TALII”), więc tego nie sprawdzono.",
                f"Whether {names} may have more than {MAX_COPIES} copies (UNLIMITED) is unknown, "
                "so the copy limit was not checked.",
                unsure,
            )
        )


def _check_affiliations(deck: Deck, leader: Card, found: list[Violation]) -> None:
    if leader.affiliation is None:
        found.append(
            Violation.about(
                UNVERIFIED,
                Severity.WARNING,
                f"Nie wiadomo, jaką przynależność ma {leader.name}, więc nie sprawdzono "
                "przynależności kart.",
                f"The affiliation of {leader.name} is unknown, so the cards' affiliations were "
                "not checked.",
                [leader],
            )
        )
        return
    foreign: list[Card] = []
    unsure: list[Card] = []
    for card in deck.deck_cards:
        fit = _fits(card.affiliation, leader.affiliation)
        if fit is None:
            unsure.append(card)
        elif not fit:
            foreign.append(card)
    label_pl = _AFFILIATION_LABELS[leader.affiliation]("pl")
    label_en = _AFFILIATION_LABELS[leader.affiliation]("en")
    if foreign:
        names = ", ".join(card.name for card in foreign)
        found.append(
            Violation.about(
                AFFILIATION,
                Severity.WARNING,
                f"{names}: ani ogólna przynależność, ani Przywódcy ({label_pl}). Zwykle nie można "
                "ich zagrać; zostaw je tylko, jeśli karta w grze pozwoli używać ich przynależności.",
                f"{names}: neither general nor the leader's affiliation ({label_en}). They are "
                "normally unplayable; keep them only if a card in play will open their affiliation.",
                foreign,
            )
        )
    if unsure:
        names = ", ".join(card.name for card in unsure)
        found.append(
            Violation.about(
                UNVERIFIED,
                Severity.WARNING,
                f"Nie sprawdzono przynależności: {names} (nieznana przynależność karty albo "
                "Megakorporacje obok jednej z korporacji, o których podręcznik nie mówi).",
                f"Affiliation not checked: {names} (the card's affiliation is unknown, or it pairs "
                "the Megacorporations with one of their corporations, which the rulebook does not "
                "cover).",
                unsure,
            )
        )


def _fits(card: str | None, leader: str) -> bool | None:
    """Tell whether a card's affiliation suits the leader's; None where that cannot be told."""
    if card is None:
        return None
    if card in (GENERAL, leader):
        return True
    if MEGACORPORATIONS in (card, leader) and card in _CORPORATE and leader in _CORPORATE:
        return None
    return False
