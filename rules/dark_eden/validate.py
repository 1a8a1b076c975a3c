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

from rules.core.deck import Deck
from rules.core.schema import UNLIMITED
from rules.core.verdict import Severity, Verdict, Violation, en_plural, pl_plural
from rules.dark_eden.contract import Card
from rules.dark_eden.schema import (
    AFFILIATIONS,
    CORPORATIONS,
    GENERAL,
    LEADER,
    MEGACORPORATIONS,
)

DECK_SIZE = 60
MAX_COPIES = 5

LEADER_COUNT = "leader-count"
DECK_SIZE_CODE = "deck-size"
COPY_LIMIT = "copy-limit"
AFFILIATION = "affiliation"
UNVERIFIED = "unverified"

_AFFILIATION_LABELS = {value.id: value.label for value in AFFILIATIONS}
_CORPORATE = frozenset({MEGACORPORATIONS, *CORPORATIONS})


def copy_limit(kind: str, attributes) -> int | float | None:
    """Return how many copies of a card a deck may hold: one leader, else 5 or unlimited (None
    while unknown)."""
    if kind == LEADER:
        return 1
    unlimited = attributes.get("unlimited")
    if unlimited is None:
        return None
    return UNLIMITED if unlimited else MAX_COPIES


def validate(deck: Deck[Card]) -> Verdict:
    """Check a deck against Dark Eden's deck rules; return every violation found."""
    found: list[Violation] = []
    leaders = _check_leader(deck, found)
    _check_size(deck, found)
    _check_copies(deck, found)
    if leaders:
        _check_affiliations(deck, leaders, found)
    return Verdict(tuple(found))


def _deck_cards(deck: Deck[Card]) -> list[Card]:
    """Return the cards of the deck proper, the leader left out."""
    return [card for card in deck.cards if card.kind != LEADER]


def _check_leader(deck: Deck[Card], found: list[Violation]) -> list[Card]:
    """Check for one leader, one copy; return the deck's leaders, whatever their number."""
    leaders = [card for card in deck.cards if card.kind == LEADER]
    count = sum(card.count for card in leaders)
    if count == 1:
        return leaders
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
    return leaders


def _check_size(deck: Deck[Card], found: list[Violation]) -> None:
    """Check that the deck proper holds at least DECK_SIZE cards."""
    size = sum(card.count for card in _deck_cards(deck))
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


def _check_copies(deck: Deck[Card], found: list[Violation]) -> None:
    """Check that no card but an unlimited one has more than MAX_COPIES copies."""
    unsure: list[Card] = []
    for card in _deck_cards(deck):
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
                unknown=("unlimited",),
            )
        )


def _check_affiliations(deck: Deck[Card], leaders: list[Card], found: list[Violation]) -> None:
    """Warn of cards neither general nor of any leader's affiliation, and of those unchecked.

    With more than one leader (itself an error) a card is off only if it is off whichever leader
    stays: every fault is said at once, not after the leaders are fixed.
    """
    unknown = [leader for leader in leaders if leader.affiliation is None]
    if unknown:
        names = ", ".join(leader.name for leader in unknown)
        found.append(
            Violation.about(
                UNVERIFIED,
                Severity.WARNING,
                f"Nie wiadomo, jaką przynależność ma {names}, więc nie sprawdzono "
                "przynależności kart.",
                f"The affiliation of {names} is unknown, so the cards' affiliations were "
                "not checked.",
                unknown,
                unknown=("affiliation",),
            )
        )
        return
    affiliations = list(dict.fromkeys(leader.affiliation for leader in leaders))
    foreign: list[Card] = []
    unsure: list[Card] = []
    for card in _deck_cards(deck):
        fits = {_fits(card.affiliation, affiliation) for affiliation in affiliations}
        if True in fits:
            continue
        if None in fits:
            unsure.append(card)
        else:
            foreign.append(card)
    label_pl = ", ".join(_AFFILIATION_LABELS[a]("pl") for a in affiliations)
    label_en = ", ".join(_AFFILIATION_LABELS[a]("en") for a in affiliations)
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
