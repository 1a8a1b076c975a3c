"""Reads from the catalogue, shaped for the pages and the API."""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Prefetch, QuerySet
from django.http import Http404, QueryDict
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

import rules
from cardbase.filters import UNKNOWN, CardFilter, catalogue_attributes, is_ranked
from cardbase.language import page_lang
from cardbase.models import Card, Game, Printing
from rules.core.schema import Attribute

PAGE_SIZES = (24, 48, 96)


@dataclass(frozen=True)
class UnknownAlsoMatch:
    """Cards left out only because the rulebook does not give their value of one chosen facet."""

    facet: str
    count: int
    params: QueryDict


@dataclass(frozen=True)
class CataloguePage:
    filterset: CardFilter
    page: Page
    page_size: int
    unknown_also: tuple[UnknownAlsoMatch, ...] = ()


def catalogue_page(*, params: QueryDict, page_number: str | int | None) -> CataloguePage:
    """Filter, sort and paginate the catalogue in a constant number of queries."""
    filterset = CardFilter(params, queryset=Card.objects.for_listing())
    try:
        page_size = int(params.get("page_size", PAGE_SIZES[0]))
    except ValueError:
        page_size = PAGE_SIZES[0]
    if page_size not in PAGE_SIZES:
        page_size = PAGE_SIZES[0]
    if not filterset.is_valid():
        page = Paginator(Card.objects.none(), page_size).get_page(page_number)
        return CataloguePage(filterset=filterset, page=page, page_size=page_size)
    page = Paginator(filterset.qs, page_size).get_page(page_number)
    return CataloguePage(
        filterset=filterset,
        page=page,
        page_size=page_size,
        unknown_also=_unknown_also_match(params=params, matched=page.paginator.count),
    )


def _unknown_also_match(*, params: QueryDict, matched: int) -> tuple[UnknownAlsoMatch, ...]:
    """Count, facet by facet, the cards dropped only because that value is unknown for them.

    The rulebook states few factions, so "the Fallen Powers" alone would hide every Power of
    unknown faction; the page offers them instead of pretending they do not exist. One count
    per chosen facet keeps the number of queries independent of the page size.
    """
    found = []
    for name in CardFilter.UNKNOWN_AWARE:
        values = params.getlist(name)
        if not values or UNKNOWN in values:
            continue
        widened = params.copy()
        widened.pop("page", None)
        widened.setlist(name, [*values, UNKNOWN])
        extra = CardFilter(widened, queryset=Card.objects.all()).qs.count() - matched
        if extra > 0:
            found.append(UnknownAlsoMatch(facet=name, count=extra, params=widened))
    return tuple(found)


def games_with_card_counts() -> QuerySet[Game]:
    """Return every game with the number of its cards in the catalogue (`card_count`)."""
    return Game.objects.annotate(card_count=Count("cards")).order_by("name")


def card_by_slug(*, game: str, slug: str) -> Card:
    """Return a game's card with its sources and printings, or raise Http404."""
    queryset = Card.objects.select_related("game").prefetch_related(
        "sources", Prefetch("printings", queryset=Printing.objects.select_related("edition"))
    )
    return get_object_or_404(queryset, game__slug=game, slug=slug)


def card_moved_from(*, slug: str) -> Card:
    """Return the card an address without its game names, or raise Http404.

    Slugs were unique on the whole site before cards were addressed by game, so the oldest card
    with the slug is the one such an address was made for.
    """
    card = Card.objects.select_related("game").filter(slug=slug).order_by("pk").first()
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


@dataclass(frozen=True)
class Related:
    """The other cards sharing the card's value of its ranking attribute."""

    label: str
    value: str | None
    cards: list[Card]


def related_cards(*, card: Card) -> Related | None:
    """Return the other cards with the card's value of its ranking attribute, None if it has none."""
    attribute = ranking_attribute(card)
    if attribute is None:
        return None
    lang = page_lang()
    value = card.attribute(attribute.id)
    cards = list(
        Card.objects.sharing(card, attribute.id).for_listing().order_by("search_name", "pk")
    )
    return Related(
        label=attribute.label(lang),
        value=None if value is None else attribute.value_label(value, lang),
        cards=cards,
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
