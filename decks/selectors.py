"""Reads of decks, shaped for the deck page, the builder and the API."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.db import connections, router
from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.http import QueryDict
from django.utils.text import capfirst
from django.utils.translation import gettext as _

import rules
from cardbase.attributes import attribute_q, missing_q
from cardbase.catalogue_version import VERSION_SQL, current_version, hold_version
from cardbase.facet_values import declared_facet_keys
from cardbase.filters import CardFilter
from cardbase.language import page_lang
from cardbase.models import Card, CatalogueVersion
from cardbase.models import Game as CatalogueGame
from cardbase.search import QueryFeedback, query_feedback
from cardbase.selectors.catalogue import suggestion
from cardbase.selectors.facets import Facet, counted_facets
from config.postgresql import prepared_cursor
from decks.contract import Entry, contract_for, verdict_in
from decks.filters import PublicDeckFilter
from decks.models import Deck, DeckCard, DeckVersion, Visibility
from rules.core.schema import Attribute, Game


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
    note: str | None  # the label of the ladder's note attribute for this value (its choir)
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
class VerdictLine:
    """One line of the verdict panel: a violation, or warnings of one kind told together."""

    code: str
    severity: str
    message: str
    cards: list[str]
    card_ids: list[int]
    # Several warnings alike in all but their card, shown as one line listing the cards.
    grouped: bool = False


@dataclass(frozen=True)
class DeckSheet:
    """A deck grouped as the builder and the deck page show it: by section, then by kind."""

    deck: Deck
    lines: list[Line]  # every card, in name order
    sections: list[SheetSection]
    ladder: list[Rung]  # the game's ladder, highest rung first; empty if it draws none
    unplaced: list[Line]  # cards of the ladder's kinds whose rung is unknown
    ladder_label: str | None  # the ladder's attribute ("zakon"), to name the unplaced cards
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


def games_with_rules() -> list[Game]:
    """Return the declared games a deck can be built for: those the catalogue holds."""
    stored = set(CatalogueGame.objects.values_list("slug", flat=True))
    return [game for game in rules.all_games() if game.id in stored]


def game_for_new_deck(game_id: str | None) -> Game:
    """Return the game a new deck is for: the one asked for if decks can be built for it."""
    games = games_with_rules()
    return next((g for g in games if g.id == game_id), None) or rules.get_game(
        rules.default_game_id()
    )


def decks_of(*, user: User | AnonymousUser) -> QuerySet[Deck]:
    """Return the user's own decks, newest first, as a list shows them."""
    return Deck.objects.owned_by(user).for_list_page().order_by("-updated", "pk")


def original_for_viewer(*, deck: Deck, user: User | AnonymousUser) -> Deck | None:
    """Return the deck this one was copied from, if it is public or the user's own."""
    if not deck.copied_from_id:
        return None
    # Not every readable deck: a fork must not pass on the address of an unlisted original.
    shown = Deck.objects.public() | Deck.objects.owned_by(user)
    return shown.for_listing().filter(pk=deck.copied_from_id).first()


def decks_readable_by(*, user: User | AnonymousUser) -> QuerySet[Deck]:
    """Return every deck the user may open: their own and anyone's shared ones."""
    return Deck.objects.readable_by(user).for_listing()


def public_decks() -> QuerySet[Deck]:
    """Return the decks listed for everyone, newest first, as a list shows them."""
    return Deck.objects.public().for_list_page().order_by("-updated")


def _parse_id(deck_id: UUID | str) -> UUID:
    try:
        return deck_id if isinstance(deck_id, UUID) else UUID(str(deck_id))
    except ValueError:
        raise Deck.DoesNotExist from None


def deck_for_viewer(*, deck_id: UUID | str, user: User | AnonymousUser) -> Deck:
    """Return a deck the user may open; a private deck of another is as absent as a missing one."""
    return Deck.objects.readable_by(user).for_listing().get(pk=_parse_id(deck_id))


def deck_for_owner(*, deck_id: UUID | str, user: User | AnonymousUser) -> Deck:
    """Return one of the user's own decks, or raise Deck.DoesNotExist."""
    return Deck.objects.owned_by(user).for_listing().get(pk=_parse_id(deck_id))


def deck_entries(deck: Deck) -> list[Entry]:
    """Return the deck's entries (card, section, count), in name order, then section order."""
    rows = (
        DeckCard.objects.filter(deck=deck)
        .select_related("card__game")
        .order_by("card__search_name", "card_id")
    )
    order = {section.id: index for index, section in enumerate(deck.game_rules.sections)}
    entries = [Entry(row.card, row.section, row.count) for row in rows]
    # Cards stay in the database's name order; one card's sections follow the game's order.
    first = {}
    for index, entry in enumerate(entries):
        first.setdefault(entry.card.pk, index)
    return sorted(entries, key=lambda e: (first[e.card.pk], order.get(e.section, len(order))))


def card_totals(entries: list[Entry]) -> list[tuple[Card, int]]:
    """Return each card once with its copies in every section added up, in the entries' order."""
    totals: dict[int, tuple[Card, int]] = {}
    for entry in entries:
        known = totals.get(entry.card.pk)
        totals[entry.card.pk] = (entry.card, entry.count + (known[1] if known else 0))
    return list(totals.values())


def deck_counts(deck: Deck) -> list[tuple[Card, int]]:
    """Return the deck's cards with their copies in all sections, in name order."""
    return card_totals(deck_entries(deck))


def deck_contract(deck: Deck) -> dict:
    """Return the deck in the rules engine's JSON contract."""
    return contract_for(
        game=deck.game.slug, options=deck.options, format=deck.format, entries=deck_entries(deck)
    )


def deck_verdict(deck: Deck, *, lang: str = "en") -> dict:
    """Return the deck's stored verdict in the contract's form, messages in `lang`."""
    return verdict_in(deck.verdict, lang)


def deck_sheet(deck: Deck, *, lang: str) -> DeckSheet:
    """Group a deck for display: the angels as a ladder, humans, interventions, totals, faults."""
    return sheet_for(deck=deck, entries=deck_entries(deck), verdict=deck.verdict, lang=lang)


def _shared_part(violation: Mapping[str, Any], key: str) -> str | None:
    """Return a warning's message without its leading card names ("A, B: …"), or None.

    The rules word one warning per card and unknown attribute as "<names>: <what cannot be
    checked>"; warnings whose remaining text is the same differ only in their card.
    """
    names = ", ".join(violation.get("cards", []))
    message = violation[key]
    if not names or not message.startswith(names + ": "):
        return None
    return message[len(names) + 2 :]


def _as_head(shared: str) -> str:
    """Turn a warning's shared words into a heading: capitalised, without the closing full stop."""
    return capfirst(shared.removesuffix("."))


def verdict_lines(stored: Mapping[str, Any], lang: str) -> list[VerdictLine]:
    """Return a stored verdict as the panel lists it: errors one by one, alike warnings as one.

    With most card attributes unknown, a real deck gets a warning per card; grouped, they are a
    few lines that each name every card concerned, their shared words said as a sentence's head
    ("Nieznana frakcja, więc nie sprawdzono zasady jednej frakcji") that the cards' count follows.
    """
    key = "message_pl" if lang == "pl" else "message_en"
    groups: dict[object, list[Mapping[str, Any]]] = {}
    for index, violation in enumerate(stored.get("violations", [])):
        shared = _shared_part(violation, key) if violation["severity"] != "error" else None
        # Errors stay one per violation; each warning of its own kind keeps its own index.
        group = (violation["code"], violation["severity"], shared) if shared else index
        groups.setdefault(group, []).append(violation)
    lines = []
    for group, members in groups.items():
        first = members[0]
        grouped = len(members) > 1
        lines.append(
            VerdictLine(
                code=first["code"],
                severity=first["severity"],
                message=_as_head(group[2]) if grouped else first[key],  # type: ignore[index]
                cards=list(dict.fromkeys(name for v in members for name in v.get("cards", []))),
                card_ids=list(dict.fromkeys(i for v in members for i in v.get("card_ids", []))),
                grouped=grouped,
            )
        )
    return lines


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
        verdict_lines=verdict_lines(verdict, lang),
        unverified=unverified,
    )


def _sections(
    game: Game,
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


def _moves(game: Game, entry: Entry, lang: str) -> tuple[tuple[str, str], ...]:
    """Return the other sections a card may be moved to, as (section id, label)."""
    places = game.sections_for(entry.card.kind)
    if len(places) < 2:
        return ()
    return tuple((s.id, s.label(lang)) for s in places if s.id != entry.section)


def _tally(game: Game, attribute_id: str | None, lines: list[Line], lang: str) -> list:
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
    game: Game, kind: str, tally: str | None, ladder_attribute: Attribute | None
) -> Attribute | None:
    """Return the fact a short list shows for a kind: its section's tally, else a sort key.

    The ladder's own attribute is left out: the list is grouped by it already.
    """
    attributes = [a for a in game.schema.attributes_of(kind) if a != ladder_attribute]
    if tally and any(a.id == tally for a in attributes):
        return game.schema.attribute(tally)
    return next((a for a in attributes if a.sortable), None)


def _kind_plural(game: Game, kind_id: str, lang: str) -> str:
    kind = game.schema.kind(kind_id)
    if kind is None:
        return kind_id
    return capfirst((kind.plural or kind.label)(lang))


def _ladder(game: Game, options: Mapping[str, str], lines: list[Line], lang: str) -> list[Rung]:
    """Return the game's ladder for a deck, highest rung first; empty if it draws none.

    A rung shows only where a card fitting the deck's options may stand (a Fallen deck has no
    Thrones): the card schema's own checks say so.
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


BUILDER_PAGE_SIZE = 50


@dataclass(frozen=True)
class BuilderSearch:
    filterset: CardFilter
    page: Page
    all_cards: bool  # the player asked for cards that do not fit the deck's options too
    facets: tuple[Facet, ...]  # the deck's game's own facets, each value with its cards' count
    feedback: QueryFeedback | None = None  # what the search box says: its error, or nothing
    suggestion: QueryDict | None = None  # the params of a corrected query ("did you mean")


def fitting_options(deck: Deck) -> dict[str, list[str]]:
    """Return, by card attribute, the values that fit the deck's options: the chosen value and
    those that are no choice (unknown fits too: see `fitting_options_q`)."""
    game = deck.game_rules
    fitting: dict[str, list[str]] = {}
    for option in game.options:
        attribute = game.schema.attribute(option.card_attribute or "")
        if attribute is None or option.id not in deck.options:
            continue
        choices = {value.id for value in option.values}
        unchosen = [value.id for value in attribute.values if value.id not in choices]
        wanted = [deck.options[option.id], *unchosen]
        if attribute.id in fitting:  # two options on one attribute: both must fit
            wanted = [value for value in wanted if value in fitting[attribute.id]]
        fitting[attribute.id] = wanted
    return fitting


def fitting_options_q(deck: Deck, *, prefix: str = "") -> Q:
    """Keep the cards that fit the deck's options: the chosen value, one that is no choice, unknown.

    For Aniołowie's faction: the deck's own faction, both factions', unknown ones, and humans,
    which have no faction. `prefix` reaches the card through a relation ("card__").
    """
    schema = deck.game_rules.schema
    fits = Q()
    for attribute_id, wanted in fitting_options(deck).items():
        attribute = schema.attribute(attribute_id)
        game = deck.game.slug
        fits &= attribute_q(attribute, wanted, "in", game=game, prefix=prefix) | missing_q(
            attribute, game=game, prefix=prefix
        )
    return fits


def builder_cards(*, deck: Deck, params: QueryDict, page_number: str | None) -> BuilderSearch:
    """Search the deck's game for cards to add, by default only those that fit its options.

    Cards of unknown faction stay in: most of the catalogue's factions are unknown, and the
    rules report such a card as unverified rather than wrong.
    """
    game_cards = Card.objects.of_game(deck.game.slug).for_listing()
    all_cards = params.get("all_cards") == "1"
    fitting = {} if all_cards else fitting_options(deck)
    base = game_cards.filter(fitting_options_q(deck)) if fitting else game_cards
    filterset = CardFilter(params, queryset=base, game=deck.game.slug)
    queryset = filterset.qs if filterset.is_valid() else Card.objects.none()
    if set(fitting) <= set(declared_facet_keys(deck.game_rules)):
        # The options' values are facets' (Aniołowie's faction): the counts keep the fitting
        # cards from the game's own groups, which every builder of the game and its catalogue
        # share. By the game's id: a join to the games would keep PostgreSQL's count off the
        # facet index. (The page's cards keep the join: SQLite then walks the name's index and
        # stops at the page's end, where a game id makes it sort every card of the game first.)
        of_game = Card.objects.filter(game_id=deck.game_id)
        counting, within = CardFilter(params, queryset=of_game, game=deck.game.slug), fitting
    else:  # an option on an attribute no facet holds: the fitting cards are counted in SQL
        counting, within = filterset, None
    facets, matched = counted_facets(
        filterset=counting, params=params, counted=filterset.is_valid(), within=within
    )
    paginator = Paginator(queryset, BUILDER_PAGE_SIZE)
    if matched is not None:
        paginator.count = matched  # the facets' grouped query counted the cards already
    page = paginator.get_page(page_number)
    return BuilderSearch(
        filterset=filterset,
        page=page,
        all_cards=all_cards,
        facets=facets,
        feedback=query_feedback((params.get("q") or "").strip(), game=deck.game.slug),
        suggestion=suggestion(filterset=filterset, params=params, matched=page.paginator.count),
    )


PUBLIC_PAGE_SIZE = 30
MY_DECKS_PAGE_SIZE = 50


@dataclass(frozen=True)
class PublicDeckPage:
    filterset: PublicDeckFilter
    page: Page


def public_deck_page(*, params: QueryDict, page_number: str | None) -> PublicDeckPage:
    """Filter and paginate the public decks in a constant number of queries."""
    filterset = PublicDeckFilter(params, queryset=public_decks())
    queryset = filterset.qs if filterset.is_valid() else Deck.objects.none()
    return PublicDeckPage(filterset, Paginator(queryset, PUBLIC_PAGE_SIZE).get_page(page_number))


def my_deck_page(*, user: User | AnonymousUser, page_number: str | None) -> Page:
    """Return one page of the user's own decks, newest first."""
    return Paginator(decks_of(user=user), MY_DECKS_PAGE_SIZE).get_page(page_number)


@dataclass(frozen=True)
class Change:
    card_id: int
    name: str
    before: int
    after: int
    # The section's label where the card's kind may lie in more than one, else empty.
    section: str = ""

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class HistoryEntry:
    version: DeckVersion
    added: list[Change]
    removed: list[Change]
    renamed_from: str | None


HISTORY_PAGE_SIZE = 25


def _version_key(key: str) -> tuple[int, str | None]:
    card_id, _colon, section = key.partition(":")
    return int(card_id), section if _colon else None


def version_entries(
    cards: Mapping[str, int], kinds: Mapping[int, str], game: Game
) -> dict[tuple[int, str], int]:
    """Return a stored version's cards as {(card id, section id): count}.

    A version saved before sections could be chosen keys a card by its id alone: it lay in its
    kind's home section (`kinds` gives each card's kind; a deleted card has none).
    """
    entries: dict[tuple[int, str], int] = {}
    for key, count in cards.items():
        card_id, section = _version_key(key)
        if section is None:
            section = game.home_id(kinds.get(card_id, ""))
        entries[(card_id, section)] = entries.get((card_id, section), 0) + count
    return entries


def _history_entries(
    game: Game, shown: list[DeckVersion], previous: DeckVersion | None, lang: str
) -> list[HistoryEntry]:
    """Diff each version in `shown` (newest first) against the one after it, or `previous`."""
    chain = [*shown, previous] if previous else shown
    ids = {_version_key(key)[0] for v in chain for key in v.cards}
    rows = Card.objects.filter(pk__in=ids).values_list("pk", "name", "kind")
    names = {pk: name for pk, name, _kind in rows}
    kinds = {pk: kind for pk, _name, kind in rows}
    labels = {section.id: section.label(lang) for section in game.sections}

    def where(card_id: int, section: str) -> str:
        return labels.get(section, "") if len(game.sections_for(kinds.get(card_id, ""))) > 1 else ""

    entries = []
    for index, version in enumerate(shown):
        before = chain[index + 1] if index + 1 < len(chain) else None
        old = version_entries(before.cards, kinds, game) if before else {}
        new = version_entries(version.cards, kinds, game)
        changes = [
            Change(key[0], names.get(key[0], "?"), old.get(key, 0), new.get(key, 0), where(*key))
            for key in sorted(set(old) | set(new), key=lambda k: (names.get(k[0], ""), k[1]))
            if old.get(key, 0) != new.get(key, 0)
        ]
        entries.append(
            HistoryEntry(
                version=version,
                added=[c for c in changes if c.delta > 0],
                removed=[c for c in changes if c.delta < 0],
                renamed_from=before.name if before and before.name != version.name else None,
            )
        )
    return entries


def visible_versions(*, deck: Deck, user: User | AnonymousUser) -> QuerySet[DeckVersion]:
    """Return the versions `user` may see, newest first: all for the owner, else the shared ones."""
    versions = deck.versions.order_by("-number")
    if deck.owner_id == user.pk:
        return versions
    # A shared deck always has `visible_from`; the newest version alone is the safe fallback.
    return versions.filter(number__gte=deck.visible_from or deck.version)


def deck_history(
    *, deck: Deck, user: User | AnonymousUser, page_number: str | None
) -> tuple[Page, list[HistoryEntry]]:
    """Return a page of the versions `user` may see, newest first, each with what it changed."""
    versions = visible_versions(deck=deck, user=user)
    page = Paginator(versions, HISTORY_PAGE_SIZE).get_page(page_number)
    if not page.paginator.count:
        return page, []
    # The page's versions and, in the same query, the one just before the oldest shown, to diff
    # it too; the first one shared is diffed against nothing, as what changed from a private
    # version would tell that version.
    start, end = page.start_index() - 1, page.end_index()
    rows = list(versions[start : end + 1])
    shown, previous = rows[: end - start], next(iter(rows[end - start :]), None)
    return page, _history_entries(deck.game_rules, shown, previous, page_lang())


def latest_change(*, deck: Deck, user: User | AnonymousUser) -> HistoryEntry | None:
    """Return the newest version with what it changed from the one before `user` may see, if any."""
    versions = list(visible_versions(deck=deck, user=user)[:2])
    if len(versions) < 2:
        # The first version (or the first shared one) changes nothing: it is the deck as made.
        return None
    return _history_entries(deck.game_rules, versions[:1], versions[1], page_lang())[0]


# A shared deck's row with what its page shows of its owner and of its original; by a bare
# cursor, prepared, as the catalogue's version is read: every cached hit runs it, and compiling
# the ORM's query, or the server planning the join, would be much of what a hit costs.
_DECK_PAGE_ROW = f"""
    SELECT deck.version, deck.updated, deck.visibility, player.username, deck.copied_from_id,
        original.visibility, original.name, deck.like_count{{catalogue}}
    FROM {Deck._meta.db_table} deck
    JOIN {Deck.owner.field.related_model._meta.db_table} player ON player.id = deck.owner_id
    LEFT JOIN {Deck._meta.db_table} original ON original.id = deck.copied_from_id
    WHERE deck.id = %s AND deck.visibility <> %s
"""
DECK_PAGE_ROW_SQL = _DECK_PAGE_ROW.format(catalogue="")
# The same with the catalogue's version, for when both are read from one database.
DECK_PAGE_ROW_AND_CATALOGUE_SQL = _DECK_PAGE_ROW.format(catalogue=f", ({VERSION_SQL})")


def deck_page_version(deck_id: UUID | str) -> str | None:
    """Return what a shared deck's page shows anyone, as one value; None for a private or no deck.

    The deck's version (every save moves it, and `updated`), its visibility, its owner's name,
    the original it was copied from (shown while public), its likes; and the catalogue's
    version, for the cards' names and facts and the verdict kept in step with them. One query
    when the catalogue is read from the decks' database; with a replica, one on each.
    """
    try:
        pk = _parse_id(deck_id)
    except Deck.DoesNotExist:
        return None
    alias = router.db_for_read(Deck)
    together = alias == router.db_for_read(CatalogueVersion)
    connection = connections[alias]
    with prepared_cursor(connection) as cursor:
        cursor.execute(
            DECK_PAGE_ROW_AND_CATALOGUE_SQL if together else DECK_PAGE_ROW_SQL,
            [Deck._meta.pk.get_db_prep_value(pk, connection), Visibility.PRIVATE.value],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    if together:
        *row, catalogue = row
        # The rest of the request (the page's render) reads the version without a query.
        hold_version(catalogue)
    else:
        catalogue = current_version()
    if catalogue is None:
        return None
    return ":".join([catalogue, *map(str, row)])


def like_state(*, deck: Deck, user: User | AnonymousUser) -> tuple[int, bool]:
    """Return how many players like the deck and whether `user` is one of them."""
    liked = user.is_authenticated and deck.likes.filter(user=user).exists()
    return deck.like_count, liked


NAME_SUGGESTIONS = 10


def card_names_like(*, game: CatalogueGame, text: str, limit: int = NAME_SUGGESTIONS) -> list[str]:
    """Return card names of `game` holding `text` (case and diacritics ignored), prefixes first."""
    key = rules.card_key(text)
    if not key:
        return []
    prefix_first = Case(
        When(search_name__startswith=key, then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    )
    names = (
        Card.objects.filter(game=game, search_name__contains=key)
        .alias(prefix_first=prefix_first)
        .order_by("prefix_first", "search_name", "pk")
        .values_list("name", flat=True)[:limit]
    )
    return list(dict.fromkeys(names))
