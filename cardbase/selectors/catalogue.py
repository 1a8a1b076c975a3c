"""The catalogue page: its cards filtered, sorted and paginated, and what else it offers."""

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import QueryDict

from cardbase.filters import UNKNOWN, CardFilter
from cardbase.models import Card, Game
from cardbase.search.feedback import did_you_mean, typed_values
from cardbase.selectors.facets import Facet, counted_facets, facets_of
from cardbase.selectors.query_params import widened_params

PAGE_SIZES = (24, 48, 96)


@dataclass(frozen=True)
class UnknownAlsoMatch:
    """Cards left out only because the rulebook does not give their value of one chosen facet
    (or of one value typed in the query as `key:value`)."""

    facet: str
    count: int
    params: QueryDict
    label: str = ""  # the attribute's name, as the page says it


@dataclass(frozen=True)
class CataloguePage:
    filterset: CardFilter
    page: Page
    page_size: int
    unknown_also: tuple[UnknownAlsoMatch, ...] = ()
    facets: tuple[Facet, ...] = ()
    suggestion: QueryDict | None = None  # the params of the corrected query ("did you mean")
    empty_game: Game | None = None  # the game chosen, which has no cards yet


def catalogue_page(
    *, params: QueryDict, page_number: str | int | None, owned: QuerySet | None = None
) -> CataloguePage:
    """Filter, sort and paginate the catalogue; count each facet's values. `owned` holds the
    viewer's copies (cardbase.ownership), which the collection filter and `mam>=2` read."""
    filterset = CardFilter(params, queryset=Card.objects.served().for_grid(), owned=owned)
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
            *_unknown_also_match(params=params, matched=matched, facets=facets, owned=owned),
            *typed_unknown_also(
                params=params, matched=matched, game=filterset.searched_game(), owned=owned
            ),
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


def _unknown_also_match(
    *,
    params: QueryDict,
    matched: int,
    facets: tuple[Facet, ...] = (),
    owned: QuerySet | None = None,
) -> tuple[UnknownAlsoMatch, ...]:
    """Count, facet by facet, the cards dropped only because that value is unknown for them.

    A rulebook may leave many cards' value of an attribute unstated, so choosing one value alone
    would hide every card whose value is unknown; the page offers them instead of pretending
    they do not exist. They are
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
        widened = widened_params(params, **{name: [*values, UNKNOWN]})
        if name in unknown_counts:
            # The unknown cards are never among the matched: those have a known value.
            if unknown_counts[name] > 0:
                label = str(CardFilter.base_filters[name].label)
                found.append(UnknownAlsoMatch(name, unknown_counts[name], widened, label))
        elif also := _also_match(name, widened, matched, owned):
            found.append(also)
    return tuple(found)


def _also_match(
    facet: str, widened: QueryDict, matched: int, owned: QuerySet | None
) -> UnknownAlsoMatch | None:
    """Return the match of `widened` (the page's params with "unknown" checked in `facet`)
    when it finds more cards than the `matched` of the page; None otherwise."""
    widened_filter = CardFilter(widened, queryset=Card.objects.served(), owned=owned)
    if not widened_filter.is_valid():
        return None
    extra = widened_filter.qs.count() - matched
    if extra <= 0:
        return None
    label = str(CardFilter.base_filters[facet].label)
    return UnknownAlsoMatch(facet=facet, count=extra, params=widened, label=label)


def typed_unknown_also(
    *, params: QueryDict, matched: int, game: str | None, owned: QuerySet | None = None
) -> tuple[UnknownAlsoMatch, ...]:
    """Offer, for a `key:value` typed in the query, what its facet offers: the cards dropped
    only because their value is unknown (`key:value` as the facet key=value).

    The link moves the term into its facet, with "unknown" checked too, so the page shows the
    same facet the player would have clicked.
    """
    found = []
    for typed in typed_values(params.get("q", ""), game=game):
        if typed.field not in CardFilter.UNKNOWN_AWARE or params.getlist(typed.field):
            continue
        widened = widened_params(params, q=[typed.rest], **{typed.field: [typed.value, UNKNOWN]})
        if also := _also_match(typed.field, widened, matched, owned):
            found.append(also)
    return tuple(found)


def suggestion(*, filterset: CardFilter, params: QueryDict, matched: int) -> QueryDict | None:
    """Return the params of a corrected query when this one finds nothing and the corrected
    one finds cards with the same filters ("did you mean"); None otherwise."""
    query = (params.get("q") or "").strip()
    if matched or not query or not filterset.is_valid():
        return None
    corrected = did_you_mean(query, game=filterset.searched_game())
    if corrected is None:
        return None
    widened = widened_params(params, q=[corrected])
    again = type(filterset)(widened, queryset=filterset.queryset, game=filterset.search_game)
    return widened if again.is_valid() and again.qs.exists() else None
