"""The catalogue's checkbox facets: their values, each counted in one grouped query."""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db.models import Count, QuerySet
from django.http import QueryDict

import rules
from cardbase.attributes import AttributeValue
from cardbase.catalogue_version import remembered
from cardbase.facet_values import served_facet_keys, split_facet_values
from cardbase.filters import CardFilter, with_its_games
from cardbase.selectors.games import game_attributes
from cardbase.selectors.query_params import widened_params


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
                widened_params(params, **{name: [] for name in chosen}),
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
            label=_facet_label(name, game),
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


def _facet_label(name: str, game: str | None) -> str:
    """Return a facet's label; in the catalogue of every game, with the games it belongs to."""
    label = str(CardFilter.base_filters[name].label)
    return with_its_games(label, name) if game is None else label


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


def facet_names(game: str | None = None) -> tuple[list[str], list[str]]:
    """Return the checkbox facets and the range fields the page offers: the kind and the
    attributes of the game chosen (a game's own facets only), or of every game."""
    declared = {a.id for a in game_attributes(game)}
    facets = [name for name in CardFilter.FACETS if name == "kind" or name in declared]
    ranges = [
        name
        for attribute_id, *names in CardFilter.RANGES
        if attribute_id in declared
        for name in names
    ]
    return facets, ranges
