"""Order the cards a search found by how close their names are to the query's words."""

from __future__ import annotations

import operator
from functools import reduce

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When

from cardsearch import And, Node, Or, Text


def sought_words(node: Node) -> list[Text]:
    """Return the Text nodes a card's name may answer (not negated, not text-only)."""
    found: list[Text] = []

    def visit(item: Node) -> None:
        if isinstance(item, And | Or):
            for inner in item.items:
                visit(inner)
        elif isinstance(item, Text) and item.field != "text":
            found.append(item)

    visit(node)
    return found


def ranked(queryset: QuerySet, node: Node) -> QuerySet:
    """Order `queryset` by how close each name is to the query's words; the set stays the same.

    The name equal to the words comes first, then names starting with them, then names holding
    one of them, then the rest (found by their text, or by keys alone); by name within each
    group, so both databases give the same order, page after page. Names and words are folded
    alike (case, Polish diacritics), so `rakuel` puts RAKUEL before the cards that mention it.
    """
    words = [item.value for item in sought_words(node)]
    if not words:
        return queryset.order_by("search_name", "pk")
    closeness = Case(
        When(search_name=" ".join(words), then=Value(0)),
        When(search_name__startswith=words[0], then=Value(1)),
        When(reduce(operator.or_, (Q(search_name__contains=w) for w in words)), then=Value(2)),
        default=Value(3),
        output_field=IntegerField(),
    )
    return queryset.alias(closeness=closeness).order_by("closeness", "search_name", "pk")
