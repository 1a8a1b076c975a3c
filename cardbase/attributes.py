"""Database expressions for a card's attributes: one place knows they live in a JSON field.

Every filter, facet, sort and index on an attribute goes through these, so the expression a query
uses is exactly the one the indexes in Card.Meta hold (`->>` on PostgreSQL, JSON_EXTRACT on
SQLite), and "unknown" is always "the key is missing".
"""

from __future__ import annotations

import operator
import re
from functools import reduce

from django.db.models import BooleanField, Expression, F, Func, Index, IntegerField, Q, TextField
from django.db.models.functions import Cast
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    In,
    IsNull,
    LessThan,
    LessThanOrEqual,
)

import rules
from rules.core.schema import Attribute

# What an attribute id may be: it is written into SQL (see AttributeValue).
KEY = re.compile(r"[a-z][a-z0-9_]*")


class InWithinBounds(In):
    """IN, with its lowest and highest value also written as a range when SQLite counts.

    The range says nothing new, but SQLite 3.40's planner costs an IN list that keeps many cards
    as a table scan (it does not know the attribute index holds the value, so it counts a row
    visit per card), while a range makes it walk the index: `zakon>=cnoty` counts in 5 ms
    instead of 60. A page in an order with a limit keeps the plain IN: there the planner walks
    the order's index and stops at the page's end, which the range would trade for a sort of
    every match. Python orders text by code point, which is SQLite's byte order for UTF-8;
    PostgreSQL compares by collation, so it gets the plain IN (its planner needs no help).
    """

    def as_sqlite(self, compiler, connection):
        sql, params = self.as_sql(compiler, connection)
        bounds = sorted(value for value in self.rhs if value is not None)
        query = compiler.query
        if len(bounds) < 2 or (query.order_by and query.high_mark is not None):
            return sql, params
        lhs, lhs_params = self.process_lhs(compiler, connection)
        return (
            f"({lhs} >= %s AND {lhs} <= %s AND {sql})",
            [*lhs_params, bounds[0], *lhs_params, bounds[-1], *params],
        )


LOOKUPS = {
    "exact": Exact,
    "in": InWithinBounds,
    "gt": GreaterThan,
    "gte": GreaterThanOrEqual,
    "lt": LessThan,
    "lte": LessThanOrEqual,
}


class AttributeIs(Func):
    """A yes/no attribute equal to `value`: JSON's true reads 'true' on PostgreSQL, 1 on SQLite."""

    output_field = BooleanField()

    def __init__(self, key: str, value: bool, prefix: str = "") -> None:
        self.value = bool(value)
        super().__init__(AttributeValue(key, prefix))

    def as_sql(self, compiler, connection, **extra_context):
        sql, params = compiler.compile(self.source_expressions[0])
        if connection.vendor == "postgresql":
            return f"{sql} = %s", [*params, "true" if self.value else "false"]
        return f"{sql} = %s", [*params, int(self.value)]


class AttributeValue(Func):
    """An attribute's value as SQL: `attributes ->> 'key'` on PostgreSQL, JSON_EXTRACT on SQLite.

    The key is written into the SQL, not passed as a parameter: SQLite uses an index on an
    expression only for the very same expression, and a parameter never is. (Django's own key
    transform would not do either: it spells SQLite's expression with a set whose order changes
    from one process to the next.) Keys are identifiers from a game's declaration.
    """

    output_field = TextField()

    def __init__(self, key: str, prefix: str = "") -> None:
        if not KEY.fullmatch(key):
            raise ValueError(f"{key!r} is not an attribute id")
        self.key = key
        super().__init__(F(f"{prefix}attributes"))

    def as_sql(self, compiler, connection, **extra_context):
        column, params = compiler.compile(self.source_expressions[0])
        if connection.vendor == "postgresql":
            return f"({column} ->> '{self.key}')", params
        return f"JSON_EXTRACT({column}, '$.\"{self.key}\"')", params


def attribute_expression(attribute: Attribute, *, prefix: str = "") -> Expression:
    """Return the SQL expression of an attribute's value (an integer for numbers, else text)."""
    text = AttributeValue(attribute.id, prefix)
    if attribute.type == "int":
        return Cast(text, IntegerField())
    return text


def attribute_q(attribute: Attribute, value, lookup: str = "exact", *, prefix: str = "") -> Q:
    """Keep the cards whose attribute compares to `value` (`lookup`: exact, in, gt, gte…).

    Every condition reads only the attribute's expression, which its index holds, so a facet's
    count and first page come from the index. A multi-valued attribute matches when any of its
    values does.
    """
    # The key test keeps SQL's three-valued logic out of negations: NOT (known AND x) holds for
    # the cards whose value is unknown, as `-zakon:potęgi` keeps the humans.
    known = known_q(attribute, prefix=prefix)
    values = list(value) if lookup == "in" else [value]
    if attribute.type == "bool":
        return known & reduce(
            operator.or_, (Q(AttributeIs(attribute.id, v, prefix)) for v in values)
        )
    if attribute.multi:
        return known & _any_of(f"{prefix}attributes__{attribute.id}", values)
    return known & Q(LOOKUPS[lookup](attribute_expression(attribute, prefix=prefix), value))


def known_q(attribute: Attribute, *, prefix: str = "") -> Q:
    """Keep the cards whose attribute is known (no null is ever stored: a missing key is unknown).

    The test reads the attribute's indexed expression, so it costs no visit to the table.
    """
    return Q(IsNull(attribute_expression(attribute, prefix=prefix), False))


def missing_q(attribute: Attribute, *, prefix: str = "") -> Q:
    """Keep the cards whose attribute is unknown, whatever their kind (`zakon:nieznany`)."""
    return Q(IsNull(attribute_expression(attribute, prefix=prefix), True))


def find_attribute(attribute_id: str, game: str | None = None) -> Attribute | None:
    """Return `game`'s declaration of an attribute id (without a game, the first registered
    game's that has it); None if there is none."""
    declarations = (rules.get_game(game),) if game is not None else rules.all_games()
    for declaration in declarations:
        attribute = declaration.schema.attribute(attribute_id)
        if attribute is not None:
            return attribute
    return None


def _any_of(field: str, values) -> Q:
    """Match a JSON list holding any of `values` (a quoted string inside the list's text)."""
    query = Q()
    for value in values:
        query |= Q(**{f"{field}__icontains": f'"{value}"'})
    return query


def indexed_attributes(games) -> tuple[list[str], list[str]]:
    """Return the keys the card table indexes: every attribute a catalogue filters on (a facet,
    a search key or a flag), as (text and yes/no keys, number keys), each sorted."""
    searched = {
        attribute.id: attribute
        for game in games
        for attribute in game.schema.attributes
        if attribute.facet or attribute.search_keys or attribute.flags
    }
    numbers = sorted(key for key, attribute in searched.items() if attribute.type == "int")
    return sorted(set(searched) - set(numbers)), numbers


def card_indexes(games) -> list[Index]:
    """Return the card table's attribute indexes, game by game.

    A game's indexes hold its own keys only: a query filters one game's cards, and one set for
    all games would outgrow PostgreSQL's 32 columns an index. A key a game shares with one
    before it is already led by that game's index. Each kind index is named by its game, so a
    new game renames none of the others'.
    """
    indexes: list[Index] = []
    led: set[str] = set()
    for game in games:
        text_keys, number_keys = indexed_attributes([game])
        text_keys = [key for key in text_keys if key not in led]
        number_keys = [key for key in number_keys if key not in led]
        if not text_keys and not number_keys:
            continue
        led.update(text_keys, number_keys)
        kind_index = f"card_kind_{game.id.replace('-', '_')}"
        indexes += attribute_indexes(text_keys, number_keys, kind_index=kind_index)
        indexes += missing_indexes(text_keys, number_keys)
    return indexes + related_indexes(games)


def related_indexes(games) -> list[Index]:
    """Return an index per ranked attribute (an angel's order) with the game first and the name
    last: a card page's related cards, the first few by name and their number, read that index
    alone however many cards share the value (3,000 of an order at 50,000 cards)."""
    keys = sorted(
        {
            attribute.id
            for game in games
            for attribute in game.schema.attributes
            if attribute.sortable
            and attribute.type == "choice"
            and attribute.values
            and all(value.rank is not None for value in attribute.values)
        }
    )
    return [
        Index(F("game"), AttributeValue(key), F("search_name"), name=f"card_related_{key}")
        for key in keys
    ]


def attribute_indexes(text_keys, number_keys, *, kind_index: str) -> list[Index]:
    """Return the card table's attribute indexes: one led by each key, one led by the kind.

    Each holds every indexed key after its leader (and the kind, and the name last), so that a
    count over any combination of keys reads one index and no table row: SQLite 3.40 reads JSON
    again for each row it visits, which costs ten times the index read.
    """
    expressions = {key: AttributeValue(key) for key in text_keys}
    expressions |= {key: Cast(AttributeValue(key), IntegerField()) for key in number_keys}
    indexes = [
        Index(
            expression,
            F("kind"),
            *(other for key, other in expressions.items() if other is not expression),
            F("search_name"),
            name=f"card_attr_{leader}",
        )
        for leader, expression in expressions.items()
    ]
    indexes.append(Index(F("kind"), *expressions.values(), F("search_name"), name=kind_index))
    return indexes


def missing_indexes(text_keys, number_keys) -> list[Index]:
    """Return one small index per key of the cards missing it, by kind and name.

    `zakon:nieznany` counts from it: PostgreSQL never reads an expression index alone (it wants
    the JSON column back), so without these it reads every card's JSON to find the few with no
    value (29 ms → 1 ms at 50,000 cards).
    """
    expressions = {key: AttributeValue(key) for key in text_keys}
    expressions |= {key: Cast(AttributeValue(key), IntegerField()) for key in number_keys}
    return [
        Index(
            F("kind"),
            F("search_name"),
            condition=Q(IsNull(expression, True)),
            name=f"card_missing_{key}",
        )
        for key, expression in expressions.items()
    ]


def unknown_q(attribute: Attribute, *, prefix: str = "") -> Q:
    """Keep the cards of the kinds that carry the attribute but whose value is unknown."""
    return Q(**{f"{prefix}kind__in": sorted(attribute.kinds)}) & missing_q(attribute, prefix=prefix)
