"""Reads from the catalogue, shaped for the pages and the API."""

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.core.paginator import Page, Paginator
from django.db.models import Count, Prefetch, QuerySet
from django.http import Http404, QueryDict
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

import rules
from cardbase import search
from cardbase.attributes import AttributeValue
from cardbase.catalogue_version import remembered
from cardbase.facet_values import served_facet_keys, split_facet_values
from cardbase.filters import UNKNOWN, CardFilter, catalogue_attributes, is_ranked
from cardbase.language import page_lang
from cardbase.models import Card, Game, Printing
from rules.core.schema import Attribute

PAGE_SIZES = (24, 48, 96)


@dataclass(frozen=True)
class UnknownAlsoMatch:
    """Cards left out only because the rulebook does not give their value of one chosen facet
    (or of one value typed in the query, `frakcja:upadli`)."""

    facet: str
    count: int
    params: QueryDict
    label: str = ""  # the attribute's name, as the page says it


@dataclass(frozen=True)
class FacetOption:
    value: str
    label: str
    count: int | None  # the cards this value would show with the other filters; None: not counted
    checked: bool


@dataclass(frozen=True)
class Facet:
    """One checkbox facet as the page shows it: its values, each with its number of cards."""

    name: str
    label: str
    options: tuple[FacetOption, ...]

    @property
    def chosen(self) -> bool:
        return any(option.checked for option in self.options)


@dataclass(frozen=True)
class CataloguePage:
    filterset: CardFilter
    page: Page
    page_size: int
    unknown_also: tuple[UnknownAlsoMatch, ...] = ()
    facets: tuple[Facet, ...] = ()
    suggestion: QueryDict | None = None  # the params of the corrected query ("did you mean")
    empty_game: Game | None = None  # the game chosen, which has no cards yet


def catalogue_page(*, params: QueryDict, page_number: str | int | None) -> CataloguePage:
    """Filter, sort and paginate the catalogue; count each facet's values."""
    filterset = CardFilter(params, queryset=Card.objects.served().for_grid())
    try:
        page_size = int(params.get("page_size", PAGE_SIZES[0]))
    except ValueError:
        page_size = PAGE_SIZES[0]
    if page_size not in PAGE_SIZES:
        page_size = PAGE_SIZES[0]
    if not filterset.is_valid():
        page = Paginator(Card.objects.none(), page_size).get_page(page_number)
        return CataloguePage(
            filterset=filterset,
            page=page,
            page_size=page_size,
            facets=facets_of(filterset=filterset, params=params, counted=False),
        )
    facets, counted = counted_facets(filterset=filterset, params=params)
    paginator = Paginator(filterset.qs, page_size)
    if counted is not None:
        paginator.count = counted  # the facets' grouped query counted the cards already
    page = paginator.get_page(page_number)
    matched = paginator.count
    chosen_game = filterset.form.cleaned_data.get("game")
    return CataloguePage(
        filterset=filterset,
        page=page,
        page_size=page_size,
        unknown_also=(
            *_unknown_also_match(params=params, matched=matched, facets=facets),
            *typed_unknown_also(params=params, matched=matched, game=filterset.searched_game()),
        ),
        facets=facets,
        suggestion=suggestion(filterset=filterset, params=params, matched=matched),
        empty_game=(
            chosen_game
            if chosen_game is not None
            and not matched
            and not Card.objects.filter(game=chosen_game).exists()
            else None
        ),
    )


def _widened(params: QueryDict, **replaced) -> QueryDict:
    """Return a copy of the page's params without its page number, some of them replaced."""
    widened = params.copy()
    widened.pop("page", None)
    for name, values in replaced.items():
        widened.setlist(name, values)
    return widened


def _unknown_also_match(
    *, params: QueryDict, matched: int, facets: tuple[Facet, ...] = ()
) -> tuple[UnknownAlsoMatch, ...]:
    """Count, facet by facet, the cards dropped only because that value is unknown for them.

    The rulebook states few factions, so "the Fallen Powers" alone would hide every Power of
    unknown faction; the page offers them instead of pretending they do not exist. They are
    the facet's own count of "unknown" (with every other filter), when the page counted it;
    otherwise one count per chosen facet, so the number of queries never follows the page size.
    """
    unknown_counts = {
        facet.name: option.count
        for facet in facets
        for option in facet.options
        if option.value == UNKNOWN and option.count is not None
    }
    found = []
    for name in CardFilter.UNKNOWN_AWARE:
        values = params.getlist(name)
        if not values or UNKNOWN in values:
            continue
        widened = _widened(params, **{name: [*values, UNKNOWN]})
        if name in unknown_counts:
            # The unknown cards are never among the matched: those have a known value.
            if unknown_counts[name] > 0:
                label = str(CardFilter.base_filters[name].label)
                found.append(UnknownAlsoMatch(name, unknown_counts[name], widened, label))
        elif also := _also_match(name, widened, matched):
            found.append(also)
    return tuple(found)


def _also_match(facet: str, widened: QueryDict, matched: int) -> UnknownAlsoMatch | None:
    """Return the match of `widened` (the page's params with "unknown" checked in `facet`)
    when it finds more cards than the `matched` of the page; None otherwise."""
    widened_filter = CardFilter(widened, queryset=Card.objects.served())
    if not widened_filter.is_valid():
        return None
    extra = widened_filter.qs.count() - matched
    if extra <= 0:
        return None
    label = str(CardFilter.base_filters[facet].label)
    return UnknownAlsoMatch(facet=facet, count=extra, params=widened, label=label)


def typed_unknown_also(
    *, params: QueryDict, matched: int, game: str | None
) -> tuple[UnknownAlsoMatch, ...]:
    """Offer, for a `key:value` typed in the query, what its facet offers: the cards dropped
    only because their value is unknown (`frakcja:upadli` as the facet faction=fallen).

    The link moves the term into its facet, with "unknown" checked too, so the page shows the
    same facet the player would have clicked.
    """
    found = []
    for typed in search.typed_values(params.get("q", ""), game=game):
        if typed.field not in CardFilter.UNKNOWN_AWARE or params.getlist(typed.field):
            continue
        widened = _widened(params, q=[typed.rest], **{typed.field: [typed.value, UNKNOWN]})
        if also := _also_match(typed.field, widened, matched):
            found.append(also)
    return tuple(found)


def suggestion(*, filterset: CardFilter, params: QueryDict, matched: int) -> QueryDict | None:
    """Return the params of a corrected query when this one finds nothing and the corrected
    one finds cards with the same filters ("did you mean"); None otherwise."""
    query = (params.get("q") or "").strip()
    if matched or not query or not filterset.is_valid():
        return None
    corrected = search.did_you_mean(query, game=filterset.searched_game())
    if corrected is None:
        return None
    widened = _widened(params, q=[corrected])
    again = type(filterset)(widened, queryset=filterset.queryset, game=filterset.search_game)
    return widened if again.is_valid() and again.qs.exists() else None


def facets_of(
    *, filterset: CardFilter, params: QueryDict, counted: bool = True
) -> tuple[Facet, ...]:
    """Return the facets of the game searched (every game's without one), each value with the
    number of cards it would show: with every other filter, and this facet's other values.

    Every count comes from one grouped query, whatever is chosen (see `_value_counts`).
    """
    return counted_facets(filterset=filterset, params=params, counted=counted)[0]


def counted_facets(
    *,
    filterset: CardFilter,
    params: QueryDict,
    counted: bool = True,
    within: Mapping[str, Sequence[str]] | None = None,
) -> tuple[tuple[Facet, ...], int | None]:
    """Return the facets (see `facets_of`) and the number of cards the filterset keeps, when
    the facets' counts told it (None otherwise).

    `within` keeps, besides the filterset's filters, only the cards whose value of each facet
    named is one of those given, or unknown (a deck's options: see decks.selectors); applied to
    the groups, so the count reads the same index as the game's own catalogue.
    """
    game = filterset.searched_game()
    names, _ranges = facet_names(game)
    kinds = {kind.id for kind in rules.get_game(game).schema.kinds} if game else None
    choices: dict[str, list[tuple[str, str]]] = {}
    for name in names:
        listed = [
            (str(value), str(label))
            for value, label in CardFilter.base_filters[name].extra["choices"]
        ]
        if name == "kind" and kinds is not None:
            listed = [(value, label) for value, label in listed if value in kinds]
        choices[name] = listed
    counts: dict[str, dict[str, int]] = {}
    matched = None
    if counted and names:
        chosen = {name: params.getlist(name) for name in names if params.getlist(name)}
        # Every filter but the facets shown applies in SQL; the facets' own choices are
        # applied to the groups, so each facet is counted with every other one's choices.
        others = (
            type(filterset)(
                _widened(params, **{name: [] for name in chosen}),
                queryset=filterset.queryset,
                game=filterset.search_game,
            )
            if chosen
            else filterset  # its cards, and whatever its filters looked up, are the same
        )
        if others.is_valid():
            counts, matched = _value_counts(
                filterset, others.qs, names, choices, chosen, within or {}
            )
    facets = tuple(
        Facet(
            name=name,
            label=str(CardFilter.base_filters[name].label),
            options=tuple(
                FacetOption(
                    value=value,
                    label=label,
                    count=counts.get(name, {}).get(value),
                    checked=value in params.getlist(name),
                )
                for value, label in choices[name]
            ),
        )
        for name in names
    )
    return facets, matched


def _grouped_rows(groups: QuerySet, shaped: Callable[[list[dict]], Any] = list) -> Any:
    """Return the rows of a grouped count query as `shaped` gives them, worked out once per
    catalogue version.

    Keyed by the query's own SQL and parameters, so two searches share rows only when they
    ask the same; the signed-in reader and the builder, whom no page cache serves, and every
    page of one search's results count the catalogue once.
    """
    try:
        sql, sql_params = groups.query.sql_with_params()
    except EmptyResultSet:  # a condition no card can meet: Django asks nothing
        return shaped([])
    return remembered("facet-groups", sql, repr(sql_params), compute=lambda: shaped(list(groups)))


def _facet_groups(queryset: QuerySet, filters_by_name: dict) -> list[dict]:
    """Return the cards of `queryset` grouped by kind and facet values: each group's kind, its
    value of each facet named (None when unknown) and its number of cards.

    The groups come from the `card_facets` index (kind, facet values, game) when no other
    filter reads the card's row, never from every card's JSON; should a text not read as
    values, the groups are read from the attributes themselves.
    """
    grouped = queryset.order_by().select_related(None).prefetch_related(None)
    # COUNT(*), not of the id: the index holds no id on PostgreSQL, which would read the rows.
    counted = grouped.values("kind", "facet_values").annotate(cards=Count("*"))
    groups = _grouped_rows(counted, _split_groups)
    return groups if groups is not None else _attribute_groups(grouped, filters_by_name)


def _split_groups(rows: list[dict]) -> list[dict] | None:
    """Return the groups of rows of kind and facet values with each value by its key (a key
    left out is unknown); None when a row's values cannot be read."""
    groups, keys = [], served_facet_keys()
    for row in rows:
        values = split_facet_values(row["facet_values"], keys)
        if values is None:
            return None
        groups.append({**values, "kind": row["kind"], "cards": row["cards"]})
    return groups


def _attribute_groups(queryset: QuerySet, filters_by_name: dict) -> list[dict]:
    """Return `_facet_groups`'s groups read from every card's attributes."""
    aliases = {f"v{n}": name for n, name in enumerate(filters_by_name)}
    groups = queryset.values(
        "kind",
        **{
            alias: AttributeValue(filters_by_name[name].attribute.id)
            for alias, name in aliases.items()
        },
    ).annotate(cards=Count("pk"))
    return [
        {aliases.get(column, column): value for column, value in row.items()}
        for row in _grouped_rows(groups)
    ]


def _value_counts(
    filterset: CardFilter,
    queryset: QuerySet,
    names: list[str],
    choices: dict[str, list[tuple[str, str]]],
    chosen: dict[str, list[str]],
    within: Mapping[str, Sequence[str]],
) -> tuple[dict[str, dict[str, int]], int]:
    """Count, in one query, the cards of `queryset` having each value of each facet named, with
    the other facets' `chosen` values; return the counts and the number of cards every chosen
    value keeps.

    The query groups the cards by their kind and their values of the facets, so it reads each
    card once; a condition per facet value (180 of them across every game) would read the
    card's JSON once per value, and a query per chosen facet would read every card again. A
    group counts for a facet when every other facet's choice keeps it; each value's count sums
    those groups its filter keeps (`holds`, which keeps what the filter's SQL does). A group
    outside `within` counts for no facet.
    """
    filters_by_name = {name: filterset.filters[name] for name in names if name != "kind"}
    read = filters_by_name | {name: filterset.filters[name] for name in within}
    groups = _facet_groups(queryset, read)

    def keeps(name: str, group: dict, values: Sequence[str]) -> bool:
        if name == "kind":
            return group["kind"] in values
        stored = group.get(name)
        return any(read[name].holds(v, kind=group["kind"], stored=stored) for v in values)

    def fits(group: dict) -> bool:
        # An unknown value fits whatever the kind, as the options' SQL (missing_q) has it.
        return all(
            group.get(name) is None or keeps(name, group, values) for name, values in within.items()
        )

    # (kind, stored value) -> cards, per facet: far fewer than the groups.
    tallies: dict[str, Counter] = {name: Counter() for name in names}
    matched = 0
    for group in groups:
        if within and not fits(group):
            continue
        refused = [name for name, values in chosen.items() if not keeps(name, group, values)]
        if len(refused) > 1:
            continue  # counted by no facet: two choices refuse the group
        counted = refused or names  # one refusing choice: its own facet still counts the group
        if not refused:
            matched += group["cards"]
        for name in counted:
            stored = group.get(name) if name in filters_by_name else None
            tallies[name][group["kind"], stored] += group["cards"]
    counts: dict[str, dict[str, int]] = {}
    for name in names:
        if name == "kind":
            by_kind = Counter()
            for (kind, _stored), cards in tallies[name].items():
                by_kind[kind] += cards
            counts[name] = {value: by_kind[value] for value, _label in choices[name]}
            continue
        facet_filter = filters_by_name[name]
        counts[name] = {
            value: sum(
                cards
                for (kind, stored), cards in tallies[name].items()
                if facet_filter.holds(value, kind=kind, stored=stored)
            )
            for value, _label in choices[name]
        }
    return counts, matched


def games_with_card_counts() -> QuerySet[Game]:
    """Return every game served with the number of its cards in the catalogue (`card_count`)."""
    served = Game.objects.filter(slug__in=rules.game_ids())
    return served.annotate(card_count=Count("cards")).order_by("name")


def card_by_slug(*, game: str, slug: str) -> Card:
    """Return a game's card with its sources and printings, or raise Http404."""
    queryset = (
        Card.objects.served()
        .select_related("game")
        .prefetch_related(
            "sources", Prefetch("printings", queryset=Printing.objects.select_related("edition"))
        )
    )
    return get_object_or_404(queryset, game__slug=game, slug=slug)


def card_moved_from(*, slug: str) -> Card:
    """Return the card an address without its game names, or raise Http404.

    Slugs were unique on the whole site before cards were addressed by game, so the oldest card
    with the slug is the one such an address was made for.
    """
    card = Card.objects.served().select_related("game").filter(slug=slug).order_by("pk").first()
    if card is None:
        raise Http404
    return card


@dataclass(frozen=True)
class Icon:
    """A picture a card prints for one value (a resource, a tactic), with the words it stands for."""

    path: str  # under the site's static files
    label: str


@dataclass(frozen=True)
class Fact:
    """One attribute of a card as its page shows it: label, and value (None while unknown)."""

    id: str
    label: str
    value: Any
    long: bool = False  # a text shown as paragraphs
    # The value as the card prints it, one picture per item, where its values have pictures.
    icons: tuple[Icon, ...] = ()


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def shown_value(card: Card, attribute: Attribute, lang: str):
    """Return a card's known value the way a page shows it; None stays None (unknown)."""
    value = card.attribute(attribute.id)
    if value is None or value == "":
        return None
    if attribute.multi and isinstance(value, list):
        if not value:
            # An empty list is known: the card prints none ("brak"), where the game allows it.
            return attribute.empty(lang) if attribute.empty else None
        return ", ".join(str(_one_value(card, attribute, item, lang)) for item in value)
    return _one_value(card, attribute, value, lang)


def shown_icons(card: Card, attribute: Attribute, lang: str) -> tuple[Icon, ...]:
    """Return the pictures of a card's values, repeats kept; none unless every value has one."""
    value = card.attribute(attribute.id)
    items = value if attribute.multi and isinstance(value, list) else [value]
    declared = [attribute.value(item) if isinstance(item, str) else None for item in items]
    if value is None or not all(item is not None and item.icon for item in declared):
        return ()
    return tuple(Icon(item.icon, item.label(lang)) for item in declared)


def _one_value(card: Card, attribute: Attribute, value, lang: str):
    if attribute.type == "choice":
        return attribute.card_value_label(value, card.attributes, lang)
    if attribute.type == "bool":
        return _("tak") if value else _("nie")
    if attribute.type == "int" and isinstance(value, int) and attribute.digits:
        return f"{value:0{attribute.digits}d}"
    return value


def card_facts(card: Card) -> list[Fact]:
    """Return every attribute the card's kind carries, in the schema's order, unknown included."""
    lang = page_lang()
    return [
        Fact(
            id=attribute.id,
            label=capitalised(attribute.card_label(card.attributes or {}, lang)),
            value=_labelled_value(card, attribute, lang),
            long=attribute.type == "text",
            icons=shown_icons(card, attribute, lang),
        )
        for attribute in card.schema.attributes_of(card.kind)
    ]


def leading_values(card: Card, count: int = 2) -> list:
    """Return the known values of the first `count` choices the card's kind carries (a tile's
    line), as `card_facts` shows them, without working out the rest."""
    lang = page_lang()
    chosen = [
        attribute
        for attribute in card.schema.attributes_of(card.kind)
        if attribute.facet and attribute.type == "choice" and not attribute.derived
    ][:count]
    values = (_labelled_value(card, attribute, lang) for attribute in chosen)
    return [value for value in values if value is not None]


def _labelled_value(card: Card, attribute: Attribute, lang: str):
    """Return a value shown after its label: an attribute named per card shows its plain value
    ("Krąg: II"), since the way it reads alone repeats the label ("Krąg II")."""
    value = card.attribute(attribute.id)
    if attribute.label_for is not None and isinstance(value, str):
        return attribute.value_label(value, lang)
    return shown_value(card, attribute, lang)


def ranking_attribute(card: Card) -> Attribute | None:
    """Return the first sortable ranked attribute the card's kind carries (an angel's order)."""
    return next(
        (a for a in card.schema.attributes_of(card.kind) if a.sortable and is_ranked(a)), None
    )


# The card page shows this many of the other cards sharing its ranking value (an angel's
# order holds thousands in a large catalogue); a link opens the catalogue filtered to all of them.
RELATED_SHOWN = 24


@dataclass(frozen=True)
class Related:
    """The other cards sharing the card's value of its ranking attribute: the first few."""

    label: str
    value: str | None
    cards: list[Card]  # the first RELATED_SHOWN of them, by name
    others: int = 0  # every other card with the value
    query: str = ""  # the catalogue's params finding every card with the value, this one too

    @property
    def total(self) -> int:
        """Count the cards the catalogue link finds: the others and this card."""
        return self.others + 1


def related_cards(*, card: Card) -> Related | None:
    """Return the first other cards with the card's value of its ranking attribute (and how
    many there are), None if its kind has no such attribute."""
    attribute = ranking_attribute(card)
    if attribute is None:
        return None
    lang = page_lang()
    value = card.attribute(attribute.id)
    label = attribute.label(lang)
    if value is None:
        return Related(label=label, value=None, cards=[])
    sharing = Card.objects.sharing(card, attribute.id)
    # Sliced before the prefetch, so only the cards shown get their printings.
    cards = list(sharing.for_grid().order_by("search_name", "pk")[:RELATED_SHOWN])
    others = len(cards) if len(cards) < RELATED_SHOWN else sharing.count()
    query = ""
    if attribute.id in CardFilter.base_filters:
        query = QueryDict(mutable=True)
        query.update({"game": card.game.slug, attribute.id: value})
        query = query.urlencode()
    return Related(
        label=label,
        value=attribute.value_label(value, lang),
        cards=cards,
        others=others,
        query=query,
    )


def card_note(card: Card) -> str:
    """Return the editorial note in the page's language, else in Polish, else in any language."""
    notes = card.notes or {}
    return notes.get(page_lang()) or notes.get("pl") or next(iter(notes.values()), "")


@dataclass(frozen=True)
class Column:
    id: str
    label: str


def _game_attributes(game: str | None) -> tuple[Attribute, ...]:
    """Return the attributes of one game, or of every game for None (first declaration first)."""
    return rules.get_game(game).schema.attributes if game else catalogue_attributes()


def table_columns(game: str | None = None) -> list[Column]:
    """Return the catalogue table's columns: the choice and number attributes of the game
    chosen, or of every game."""
    lang = page_lang()
    return [
        Column(a.id, capitalised(a.label(lang)))
        for a in _game_attributes(game)
        if a.type in ("choice", "int")
    ]


def facet_names(game: str | None = None) -> tuple[list[str], list[str]]:
    """Return the checkbox facets and the range fields the page offers: the kind and the
    attributes of the game chosen (a game's own facets only), or of every game."""
    declared = {a.id for a in _game_attributes(game)}
    facets = [name for name in CardFilter.FACETS if name == "kind" or name in declared]
    ranges = [
        name
        for attribute_id, *names in CardFilter.RANGES
        if attribute_id in declared
        for name in names
    ]
    return facets, ranges


def source_labels(card: Card, names) -> str:
    """Name the facts a source gives the way the page labels them, not by their identifiers."""
    lang = page_lang()
    labels = []
    for name in names:
        attribute = card.schema.attribute(name)
        if attribute is not None:
            labels.append(attribute.label(lang))
        elif name == "text":
            labels.append(_("tekst karty"))
        else:  # a fixture may cite a fact the schema has no attribute for
            labels.append(name)
    return ", ".join(labels)


def primary_printing(card: Card) -> Printing | None:
    """Return the first printing that has a scan, using prefetched printings when present."""
    return next((p for p in card.printings.all() if p.image), None)


@dataclass(frozen=True)
class CardFault:
    """A stored card its game's schema refuses: where, which attribute, and why."""

    game: str
    slug: str
    attribute: str
    message: str


def catalogue_faults(*, lang: str = "en") -> Iterator[CardFault]:
    """Re-check every stored card against its game's schema, as a save would; yield each fault.

    Saves check every card, but rows written around them (a bulk load, SQL, an older schema)
    are only checked here.
    """
    cards = Card.objects.select_related("game").order_by("game__slug", "slug")
    for card in cards.iterator(chunk_size=2000):
        try:
            schema = card.schema
        except rules.DeckFormatError as error:
            yield CardFault(card.game.slug, card.slug, "game", error.message)
            continue
        for fault in schema.check(card.kind, card.attributes or {}):
            yield CardFault(card.game.slug, card.slug, fault.attribute, fault.message(lang))


def counted_syntax_rows() -> list[search.SyntaxRow]:
    """Return the syntax page's rows with what each example finds, counted once per catalogue
    version and language."""
    # Each example is a query of its own (hundreds, growing with the catalogue).
    return remembered("syntax-rows", page_lang(), compute=lambda: search.syntax_rows(counted=True))
