"""A deck grouped for display: by section, then by kind, a ladder's kind by rung, with totals."""

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from cardbase.changesets.facts import schema_fact_label
from cardbase.models import Card
from decks.contract import Entry, verdict_in
from decks.models import Deck
from decks.selectors.entries import card_totals, deck_entries
from decks.selectors.verdict import FillIn, VerdictLine, verdict_lines
from rules.core.schema import Attribute
from rules.core.schema import Game as GameRules


@dataclass(frozen=True)
class Line:
    """One card in one section of a deck with its count and what the builder shows beside it."""

    card: Card
    count: int
    at_fault: bool
    # A warning says a rule cannot be checked for this card (an attribute is unknown).
    unverified: bool = False
    section: str = ""
    # The other sections the card may be moved to: (section id, label), empty for a card whose
    # kind has one place only.
    moves: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> str:
        """Return the entry's key in the builder's counts: "<card id>:<section id>"."""
        return f"{self.card.pk}:{self.section}"

    @property
    def limit(self) -> int | None:
        return self.card.copy_limit

    @property
    def over_limit(self) -> bool:
        return self.limit is not None and self.count > self.limit


@dataclass(frozen=True)
class Rung:
    """One value on a ladder (an order); a gap is an empty rung below the highest present."""

    value: str
    label: str
    rank: int | None
    note: str | None  # the label of the ladder's note attribute for this value
    note_value: str | None
    lines: list[Line]
    gap: bool

    @property
    def count(self) -> int:
        return sum(line.count for line in self.lines)


@dataclass(frozen=True)
class Group:
    """The cards of one kind in a section; a kind on the game's ladder stands on its rungs."""

    kind: str
    label: str
    lines: list[Line]
    ladder: list[Rung] = field(default_factory=list)
    unplaced: list[Line] = field(default_factory=list)  # on no rung: the value is unknown
    fact: Attribute | None = None  # the one fact a short list (the print sheet) shows per card

    @property
    def count(self) -> int:
        return sum(line.count for line in self.lines)


@dataclass(frozen=True)
class SheetSection:
    """A part of the deck as its game declares it, its cards grouped by kind."""

    id: str
    label: str
    groups: list[Group]
    expected: str | None = None
    hint: str | None = None
    tally: list[tuple[str, int]] = field(default_factory=list)  # (value label, copies)

    @property
    def count(self) -> int:
        return sum(group.count for group in self.groups)


@dataclass(frozen=True)
class Totals:
    all: int
    sections: dict[str, int]
    kinds: dict[str, int]
    deck_size: str | None = None  # what the format asks for in all ("45+")


@dataclass(frozen=True)
class DeckSheet:
    """A deck grouped as the builder and the deck page show it: by section, then by kind."""

    deck: Deck
    lines: list[Line]  # every card, in name order
    sections: list[SheetSection]
    ladder: list[Rung]  # the game's ladder, highest rung first; empty if it draws none
    unplaced: list[Line]  # cards of the ladder's kinds whose rung is unknown
    ladder_label: str | None  # the ladder's attribute, to name the unplaced cards
    totals: Totals
    verdict: dict
    at_fault: set[int] = field(default_factory=set)
    # {"<card id>:<section id>": count}, the builder's counts; card_counts adds up each card's.
    counts: dict[str, int] = field(default_factory=dict)
    card_counts: dict[int, int] = field(default_factory=dict)
    verdict_lines: list[VerdictLine] = field(default_factory=list)
    unverified: set[int] = field(default_factory=set)

    @property
    def verdict_errors(self) -> list[VerdictLine]:
        """Return the verdict's lines that make the deck illegal."""
        return [line for line in self.verdict_lines if line.severity == "error"]

    @property
    def verdict_warnings(self) -> list[VerdictLine]:
        """Return the verdict's lines that only say what was not checked or is advised."""
        return [line for line in self.verdict_lines if line.severity != "error"]

    @property
    def cards(self) -> list[tuple[Card, int]]:
        """Return each card once with its copies in every section, in name order."""
        first = {line.card.pk: line.card for line in reversed(self.lines)}
        return [
            (first[pk], self.card_counts[pk])
            for pk in dict.fromkeys(line.card.pk for line in self.lines)
        ]


def deck_sheet(deck: Deck, *, lang: str) -> DeckSheet:
    """Group a deck for display: by section and kind, a ladder's kind by rung, totals, faults."""
    return sheet_for(deck=deck, entries=deck_entries(deck), verdict=deck.verdict, lang=lang)


def sheet_for(*, deck: Deck, entries: list[Entry], verdict: dict, lang: str) -> DeckSheet:
    """Group a deck's entries and a stored verdict as the deck page shows them."""
    at_fault = {
        card_id
        for violation in verdict.get("violations", [])
        if violation["severity"] == "error"
        for card_id in violation.get("card_ids", [])
    }
    unverified = {
        card_id
        for violation in verdict.get("violations", [])
        if violation["severity"] != "error"
        for card_id in violation.get("card_ids", [])
    }
    game = deck.game_rules
    lines = [
        Line(
            entry.card,
            entry.count,
            entry.card.pk in at_fault,
            entry.card.pk in unverified,
            entry.section,
            _moves(game, entry, lang),
        )
        for entry in entries
    ]
    chart = game.chart("ladder")
    ladder_attribute = game.schema.attribute(chart.attribute) if chart else None
    ladder = _ladder(game, deck.options, lines, lang)
    sections = _sections(game, lines, ladder, ladder_attribute, lang)
    format_ = game.format(deck.format) or game.default_format
    return DeckSheet(
        deck=deck,
        lines=lines,
        sections=sections,
        ladder=ladder,
        unplaced=[
            line
            for line in lines
            if ladder_attribute
            and line.card.kind in ladder_attribute.kinds
            and not line.card.attribute(ladder_attribute.id)
        ],
        ladder_label=ladder_attribute.label(lang) if ladder_attribute else None,
        totals=Totals(
            all=sum(line.count for line in lines),
            sections={section.id: section.count for section in sections},
            kinds={
                kind.id: sum(line.count for line in lines if line.card.kind == kind.id)
                for kind in game.schema.kinds
            },
            deck_size=format_.deck_size,
        ),
        verdict=verdict_in(verdict, lang),
        at_fault=at_fault,
        counts={line.key: line.count for line in lines},
        card_counts={card.pk: count for card, count in card_totals(entries)},
        verdict_lines=_with_fill_ins(verdict_lines(verdict, lang), lines),
        unverified=unverified,
    )


def _with_fill_ins(verdict: list[VerdictLine], lines: list[Line]) -> list[VerdictLine]:
    """Give each warning that names unknown facts the cards to supply them for, each linked to
    its propose form with the facts named as the card page names them."""
    cards = {line.card.pk: line.card for line in lines}
    filled = []
    for line in verdict:
        at_fault = [cards[pk] for pk in dict.fromkeys(line.card_ids) if pk in cards]
        fill_in = tuple(
            FillIn(
                card.name,
                reverse("propose-change", args=[card.game.slug, card.slug]),
                ", ".join(schema_fact_label(card.schema, fact).lower() for fact in line.unknown),
            )
            for card in at_fault
            if line.unknown
        )
        filled.append(replace(line, fill_in=fill_in) if fill_in else line)
    return filled


def _sections(
    game: GameRules,
    lines: list[Line],
    ladder: list[Rung],
    ladder_attribute: Attribute | None,
    lang: str,
) -> list[SheetSection]:
    """Group lines by the section they lie in, then by kind in the schema's order.

    A section lists its own kinds, and a kind it may also take when a card of it lies there.
    Cards in no declared section (a kind no section takes, a catalogue ahead of its rules) come
    last, by themselves.
    """
    declared = [
        (section.id, section.label(lang), section.kinds, section.expected, section.hint)
        for section in game.sections
    ]
    tallies = {section.id: section.tally for section in game.sections}
    known = {section.id for section in game.sections}
    stray = {line.card.kind for line in lines if line.section not in known}
    if stray or not declared:
        declared.append(("", _("Poza częściami talii"), frozenset(stray), None, None))
    sections = []
    for section_id, label, own_kinds, expected, hint in declared:
        in_section = [
            line
            for line in lines
            if line.section == section_id or (not section_id and line.section not in known)
        ]
        kinds = own_kinds | {line.card.kind for line in in_section}
        groups = []
        for kind in [k.id for k in game.schema.kinds if k.id in kinds] + sorted(
            kinds - {k.id for k in game.schema.kinds}
        ):
            of_kind = [line for line in in_section if line.card.kind == kind]
            on_ladder = ladder_attribute is not None and kind in ladder_attribute.kinds
            fact = _fact(game, kind, tallies.get(section_id), ladder_attribute)
            groups.append(
                Group(
                    kind=kind,
                    label=_kind_plural(game, kind, lang),
                    lines=of_kind,
                    ladder=ladder if on_ladder else [],
                    unplaced=[
                        line for line in of_kind if not line.card.attribute(ladder_attribute.id)
                    ]
                    if on_ladder
                    else [],
                    fact=fact,
                )
            )
        sections.append(
            SheetSection(
                id=section_id,
                label=label,
                groups=groups,
                expected=expected,
                hint=hint(lang) if hint else None,
                tally=_tally(game, tallies.get(section_id), in_section, lang),
            )
        )
    return sections


def _moves(game: GameRules, entry: Entry, lang: str) -> tuple[tuple[str, str], ...]:
    """Return the other sections a card may be moved to, as (section id, label)."""
    places = game.sections_for(entry.card.kind)
    if len(places) < 2:
        return ()
    return tuple((s.id, s.label(lang)) for s in places if s.id != entry.section)


def _tally(game: GameRules, attribute_id: str | None, lines: list[Line], lang: str) -> list:
    """Count a section's copies by each value of a choice attribute, unknown ones last."""
    attribute = game.schema.attribute(attribute_id) if attribute_id else None
    if attribute is None:
        return []
    counts = {value.id: 0 for value in attribute.values}
    unknown = 0
    for line in lines:
        value = line.card.attribute(attribute.id)
        if value in counts:
            counts[value] += line.count
        else:
            unknown += line.count
    tally = [(attribute.value_label(value, lang), n) for value, n in counts.items()]
    return tally + ([(_("nieznany"), unknown)] if unknown else [])


def _fact(
    game: GameRules, kind: str, tally: str | None, ladder_attribute: Attribute | None
) -> Attribute | None:
    """Return the fact a short list shows for a kind: its section's tally, else a sort key.

    The ladder's own attribute is left out: the list is grouped by it already.
    """
    attributes = [a for a in game.schema.attributes_of(kind) if a != ladder_attribute]
    if tally and any(a.id == tally for a in attributes):
        return game.schema.attribute(tally)
    return next((a for a in attributes if a.sortable), None)


def _kind_plural(game: GameRules, kind_id: str, lang: str) -> str:
    kind = game.schema.kind(kind_id)
    if kind is None:
        return kind_id
    return capfirst((kind.plural or kind.label)(lang))


def _ladder(
    game: GameRules, options: Mapping[str, str], lines: list[Line], lang: str
) -> list[Rung]:
    """Return the game's ladder for a deck, highest rung first; empty if it draws none.

    A rung shows only where a card fitting the deck's options may stand (an option may rule out
    some rungs): the card schema's own checks say so.
    """
    chart = game.chart("ladder")
    attribute = game.schema.attribute(chart.attribute) if chart else None
    if attribute is None:
        return []
    by_value: dict[str, list[Line]] = {}
    for line in lines:
        value = line.card.attribute(attribute.id)
        if line.card.kind in attribute.kinds and value:
            by_value.setdefault(value, []).append(line)
    kind = min(attribute.kinds)
    fitting = game.card_attributes_of(options)
    note = game.schema.attribute(chart.note_attribute) if chart.note_attribute else None
    rungs = []
    for value in sorted(attribute.values, key=lambda v: v.rank or 0):
        card = game.schema.complete(kind, {**fitting, attribute.id: value.id})
        if any(fault.attribute == attribute.id for fault in game.schema.check(kind, card)):
            continue
        note_value = card.get(note.id) if note else None
        rungs.append((value, note_value, card))
    top = max((i for i, (value, _, _) in enumerate(rungs) if value.id in by_value), default=-1)
    ladder = [
        Rung(
            value=value.id,
            label=value.label(lang),
            rank=value.rank,
            note=note.card_value_label(note_value, card, lang) if note and note_value else None,
            note_value=note_value,
            lines=by_value.get(value.id, []),
            gap=value.id not in by_value and i < max(top, 1),
        )
        for i, (value, note_value, card) in enumerate(rungs)
    ]
    ladder.reverse()
    return ladder
