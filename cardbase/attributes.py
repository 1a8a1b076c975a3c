"""Database expressions for a card's attributes: one place knows they live in a JSON field.

Every filter, facet, sort and index on an attribute goes through these, so the expression a query
uses is exactly the one the indexes in Card.Meta hold (`->>` on PostgreSQL, JSON_EXTRACT on
SQLite), and "unknown" is always "the key is missing".
"""

from __future__ import annotations

from django.db.models import Expression, F, Func, IntegerField, Q, TextField
from django.db.models.functions import Cast
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    In,
    LessThan,
    LessThanOrEqual,
)

import rules
from rules.core.schema import Attribute

LOOKUPS = {
    "exact": Exact,
    "in": In,
    "gt": GreaterThan,
    "gte": GreaterThanOrEqual,
    "lt": LessThan,
    "lte": LessThanOrEqual,
}


class AttributeValue(Func):
    """An attribute's value as SQL: `attributes ->> 'key'` on PostgreSQL, JSON_EXTRACT on SQLite.

    Django's own key transform spells SQLite's expression with a set whose order changes from
    one process to the next, so an index made by one would not serve the queries of another.
    """

    output_field = TextField()

    def __init__(self, key: str, prefix: str = "") -> None:
        self.key = key
        super().__init__(F(f"{prefix}attributes"))

    def as_sql(self, compiler, connection, **extra_context):
        column, params = compiler.compile(self.source_expressions[0])
        if connection.vendor == "postgresql":
            return f"({column} ->> %s)", [*params, self.key]
        return f"JSON_EXTRACT({column}, %s)", [*params, f'$."{self.key}"']


def attribute_expression(attribute: Attribute, *, prefix: str = "") -> Expression:
    """Return the SQL expression of an attribute's value (an integer for numbers, else text)."""
    text = AttributeValue(attribute.id, prefix)
    if attribute.type == "int":
        return Cast(text, IntegerField())
    return text


def attribute_q(attribute: Attribute, value, lookup: str = "exact", *, prefix: str = "") -> Q:
    """Keep the cards whose attribute compares to `value` (`lookup`: exact, in, gt, gte…).

    A boolean is matched on the JSON value itself (PostgreSQL reads `->>` as 'true', SQLite as 1).
    A multi-valued attribute matches when any of its values does.
    """
    field = f"{prefix}attributes__{attribute.id}"
    # The key test keeps SQL's three-valued logic out of negations: NOT (known AND x) holds for
    # the cards whose value is unknown, as `-zakon:potęgi` keeps the humans.
    known = known_q(attribute, prefix=prefix)
    if attribute.type == "bool":
        values = value if lookup == "in" else [value]
        return known & Q(**{f"{field}__in": list(values)})
    if attribute.multi:
        values = value if lookup == "in" else [value]
        return known & _any_of(field, values)
    return known & Q(LOOKUPS[lookup](attribute_expression(attribute, prefix=prefix), value))


def known_q(attribute: Attribute, *, prefix: str = "") -> Q:
    """Keep the cards whose attribute is known (its key is present)."""
    return Q(**{f"{prefix}attributes__has_key": attribute.id})


def find_attribute(attribute_id: str) -> Attribute | None:
    """Return the first registered game's declaration of an attribute id, None if no game has it."""
    for game in rules.all_games():
        attribute = game.schema.attribute(attribute_id)
        if attribute is not None:
            return attribute
    return None


def _any_of(field: str, values) -> Q:
    """Match a JSON list holding any of `values` (a quoted string inside the list's text)."""
    query = Q()
    for value in values:
        query |= Q(**{f"{field}__icontains": f'"{value}"'})
    return query


def unknown_q(attribute: Attribute, *, prefix: str = "") -> Q:
    """Keep the cards of the kinds that carry the attribute but whose value is unknown."""
    return Q(**{f"{prefix}kind__in": sorted(attribute.kinds)}) & ~known_q(attribute, prefix=prefix)
