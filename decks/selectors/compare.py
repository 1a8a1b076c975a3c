"""Two decks, or two versions of decks, side by side: the cards only one of them holds, those
both hold (in different numbers or alike), by the game's sections, and each one's totals and
verdict."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from uuid import UUID

from django.contrib.auth.models import AnonymousUser, User

from cardbase.models import Card
from decks.contract import Entry
from decks.models import Deck, DeckCard, DeckVersion
from decks.selectors.access import decks_readable_by
from decks.selectors.history import (
    version_card_ids,
    version_entries,
    visible_version_by_number,
)
from decks.selectors.sheet import DeckSheet, sheet_for
from decks.selectors.version_sheet import entry_order, past_version_sheet

# A card in one section of a deck: (card id, section id), as a deck's counts key it.
CardKey = tuple[int, str]

SIDES = ("a", "b")


@dataclass(frozen=True)
class CountPair:
    """One card in one section with its copies in deck A and in deck B (0: not there)."""

    card_id: int
    section: str
    a: int
    b: int

    @property
    def delta(self) -> int:
        return self.b - self.a


@dataclass(frozen=True)
class CountsDiff:
    """Two decks' cards: only in A, only in B, in both in different numbers, in both alike."""

    only_a: list[CountPair]
    only_b: list[CountPair]
    changed: list[CountPair]
    same: list[CountPair]


def diff_counts(
    a: Mapping[CardKey, int],
    b: Mapping[CardKey, int],
    *,
    order: Callable[[CardKey], object] | None = None,
) -> CountsDiff:
    """Split two decks' {(card id, section id): count} by where each card lies and how often.

    Each list follows `order` (a sort key of a card key; the keys themselves if None). A count
    of 0 is no card.
    """
    keys = sorted({key for key, count in (*a.items(), *b.items()) if count > 0}, key=order)
    pairs = [CountPair(key[0], key[1], a.get(key, 0), b.get(key, 0)) for key in keys]
    return CountsDiff(
        only_a=[pair for pair in pairs if not pair.b],
        only_b=[pair for pair in pairs if not pair.a],
        changed=[pair for pair in pairs if pair.a and pair.b and pair.a != pair.b],
        same=[pair for pair in pairs if pair.a and pair.a == pair.b],
    )


class NotComparable(LookupError):
    """A side of a comparison the viewer may not see: its deck, or the version asked for."""

    def __init__(self, side: str, number: int | None = None):
        super().__init__(side, number)
        self.side = side
        self.number = number


class DeckNotFound(NotComparable):
    """No deck has the id, or it is another player's private deck: the two are told alike."""


class VersionNotFound(NotComparable):
    """The deck never had the version, or the viewer may not see it (before it was shared)."""


@dataclass(frozen=True)
class Side:
    """One deck as compared: as it is now, or as one of its versions left it."""

    key: str  # "a" or "b"
    deck: Deck
    # The version asked for; None for the deck as it is now.
    version: DeckVersion | None
    # Its cards by section, totals and verdict, as the deck page shows them.
    sheet: DeckSheet
    counts: dict[CardKey, int]
    # Copies the version held of cards no longer in the catalogue (left out of the comparison).
    lost: int = 0

    @property
    def name(self) -> str:
        return self.version.name if self.version else self.deck.name

    @property
    def is_current(self) -> bool:
        return _as_now(self.deck, self.version)


@dataclass(frozen=True)
class CompareLine:
    """A card of one section with its copies in A and in B."""

    card: Card
    a: int
    b: int

    @property
    def delta(self) -> int:
        return self.b - self.a


@dataclass(frozen=True)
class SectionComparison:
    """One section of the decks' game: each deck's copies there and how its cards differ."""

    id: str
    label: str
    expected: str | None
    a: int
    b: int
    only_a: list[CompareLine]
    only_b: list[CompareLine]
    changed: list[CompareLine]
    same: list[CompareLine]
    # Each deck's copies here by the value the game splits the section by: (value label, copies).
    a_tally: list[tuple[str, int]] = field(default_factory=list)
    b_tally: list[tuple[str, int]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.only_a or self.only_b or self.changed or self.same)


@dataclass(frozen=True)
class Comparison:
    """Two decks side by side; the sections are compared only when both are of one game."""

    a: Side
    b: Side
    sections: list[SectionComparison]

    @property
    def same_game(self) -> bool:
        return self.a.deck.game_id == self.b.deck.game_id

    @property
    def sides(self) -> tuple[Side, Side]:
        return self.a, self.b

    def _lines(self, group: str) -> list[CompareLine]:
        return [line for section in self.sections for line in getattr(section, group)]

    @property
    def only_a(self) -> list[CompareLine]:
        return self._lines("only_a")

    @property
    def only_b(self) -> list[CompareLine]:
        return self._lines("only_b")

    @property
    def changed(self) -> list[CompareLine]:
        return self._lines("changed")

    @property
    def same(self) -> list[CompareLine]:
        return self._lines("same")


def _current_counts(decks: list[Deck]) -> dict[UUID, dict[CardKey, int]]:
    """Return each deck's cards as they are now, {deck id: {(card id, section id): count}}."""
    counts: dict[UUID, dict[CardKey, int]] = {deck.pk: {} for deck in decks}
    rows = DeckCard.objects.filter(deck__in=list(counts)).values_list(
        "deck_id", "card_id", "section", "count"
    )
    for deck_id, card_id, section, count in rows:
        counts[deck_id][(card_id, section)] = count
    return counts


def _as_now(deck: Deck, version: DeckVersion | None) -> bool:
    """Tell whether a side shows the deck as it is now: no version asked for, or its newest."""
    return version is None or version.number == deck.version


def _version(
    deck: Deck, number: int | None, user: User | AnonymousUser, side: str
) -> DeckVersion | None:
    """Return the version of `deck` asked for (None: as it is now); raise VersionNotFound."""
    if number is None:
        return None
    version = visible_version_by_number(deck=deck, user=user, number=number)
    if version is None:
        raise VersionNotFound(side, number)
    return version


def _side(
    key: str,
    deck: Deck,
    version: DeckVersion | None,
    counts: dict[CardKey, int],
    cards: dict[int, Card],
    order: Callable[[CardKey], object],
    lang: str,
) -> Side:
    """Lay one deck (or version) out as its page does; a past version is judged by today's rules."""
    known = {k: n for k, n in counts.items() if k[0] in cards}
    entries = [Entry(cards[k[0]], k[1], known[k]) for k in sorted(known, key=order)]
    lost = sum(counts.values()) - sum(known.values())
    if _as_now(deck, version):
        sheet = sheet_for(deck=deck, entries=entries, verdict=deck.verdict, lang=lang)
    else:
        sheet = past_version_sheet(deck=deck, version=version, entries=entries, lang=lang)
    return Side(key, deck, version, sheet, known, lost)


def _sections(
    a: Side, b: Side, cards: dict[int, Card], order: Callable[[CardKey], object]
) -> list[SectionComparison]:
    """Compare two decks of one game section by section, in the order the game declares them."""
    diff = diff_counts(a.counts, b.counts, order=order)
    # Both sheets list the game's sections; the one of cards in no declared section (a kind no
    # section takes) only where a deck holds such a card, so the union is taken.
    in_a = {section.id: section for section in a.sheet.sections}
    in_b = {section.id: section for section in b.sheet.sections}
    laid_out = {**in_b, **in_a}
    ids = list(dict.fromkeys([*in_a, *in_b]))

    def lines(pairs: list[CountPair], section: str) -> list[CompareLine]:
        return [CompareLine(cards[p.card_id], p.a, p.b) for p in pairs if p.section == section]

    return [
        SectionComparison(
            id=section_id,
            label=laid_out[section_id].label,
            expected=laid_out[section_id].expected,
            a=in_a[section_id].count if section_id in in_a else 0,
            b=in_b[section_id].count if section_id in in_b else 0,
            only_a=lines(diff.only_a, section_id),
            only_b=lines(diff.only_b, section_id),
            changed=lines(diff.changed, section_id),
            same=lines(diff.same, section_id),
            a_tally=in_a[section_id].tally if section_id in in_a else [],
            b_tally=in_b[section_id].tally if section_id in in_b else [],
        )
        for section_id in ids
    ]


def compare_decks(
    *,
    a: UUID,
    b: UUID,
    a_version: int | None = None,
    b_version: int | None = None,
    user: User | AnonymousUser,
    lang: str,
) -> Comparison:
    """Compare two decks the user may open, or versions of them the user may see.

    A private deck of another player is as absent as a missing one (DeckNotFound); so is a
    version before the deck was shared, for anyone but its owner (VersionNotFound). A constant
    number of queries, however many cards the decks hold.
    """
    found = {deck.pk: deck for deck in decks_readable_by(user=user).filter(pk__in={a, b})}
    for side, deck_id in zip(SIDES, (a, b), strict=True):
        if deck_id not in found:
            raise DeckNotFound(side)
    decks = (found[a], found[b])
    versions = tuple(
        _version(deck, number, user, side)
        for side, deck, number in zip(SIDES, decks, (a_version, b_version), strict=True)
    )
    now = [deck for deck, version in zip(decks, versions, strict=True) if _as_now(deck, version)]
    current = _current_counts(now) if now else {}
    ids = {card_id for counts in current.values() for card_id, _section in counts}
    ids |= {i for v in versions if v is not None for i in version_card_ids(v.cards)}
    cards = {
        card.pk: card
        for card in Card.objects.filter(pk__in=ids)
        .select_related("game")
        .order_by("search_name", "pk")
    }
    kinds = {pk: card.kind for pk, card in cards.items()}
    rank = {pk: index for index, pk in enumerate(cards)}
    counts = [
        current[deck.pk]
        if _as_now(deck, version)
        else version_entries(version.cards, kinds, deck.game_rules)
        for deck, version in zip(decks, versions, strict=True)
    ]
    sides = [
        _side(side, deck, version, side_counts, cards, entry_order(deck, rank), lang)
        for side, deck, version, side_counts in zip(SIDES, decks, versions, counts, strict=True)
    ]
    first, second = sides
    same_game = first.deck.game_id == second.deck.game_id
    sections = _sections(first, second, cards, entry_order(first.deck, rank)) if same_game else []
    return Comparison(first, second, sections)
