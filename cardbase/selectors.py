"""Reads from the catalogue, shaped for the pages and the API."""

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch
from django.http import QueryDict
from django.shortcuts import get_object_or_404

from cardbase.filters import UNKNOWN, CardFilter
from cardbase.models import Card, CardSource, Printing

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


def card_by_slug(*, slug: str) -> Card:
    """Return a card with its sources and printings, or raise Http404."""
    queryset = Card.objects.select_related("game").prefetch_related(
        Prefetch("sources", queryset=CardSource.objects.order_by("page", "id")),
        Prefetch("printings", queryset=Printing.objects.select_related("edition")),
    )
    return get_object_or_404(queryset, slug=slug)


def cards_of_same_order(*, card: Card) -> list[Card]:
    """Return the other cards of the card's order, Lord's and Fallen alike."""
    return list(Card.objects.same_order_as(card).for_listing().order_by("faction", "search_name"))


def primary_printing(card: Card) -> Printing | None:
    """Return the first printing that has a scan, using prefetched printings when present."""
    return next((p for p in card.printings.all() if p.image), None)
