"""Database expressions for a card's attributes: one place knows where each game keeps them.

A card's attributes live in its JSON; those its game filters on are copied into slot columns
(cardbase/attribute_slots.py), one game's `order` in `text_7`, another's `set` in the same
column. Every filter, facet and sort on an attribute goes through these, so a query reads a
game's slot within that game's cards (the indexes in Card.Meta lead with the game, then the
slot), and "unknown" is always "the key is missing".
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce

from django.db.models import (
    BooleanField,
    Case,
    Expression,
    F,
    Func,
    IntegerField,
    Q,
    TextField,
    When,
)
from django.db.models.expressions import RawSQL
from django.db.models.functions import Cast
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    IContains,
    In,
    IsNull,
    LessThan,
    LessThanOrEqual,
)

import rules
from cardbase.attribute_slots import declared_slots
from cardbase.card_triggers import GAME_TABLE
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
    """A yes/no attribute equal to `value`: JSON's true reads 'true' on PostgreSQL, 1 on SQLite
    (a slot's copy reads '1', which SQLite's text column compares equal to 1)."""

    output_field = BooleanField()

    def __init__(self, expression: Expression, value: bool) -> None:
        self.value = bool(value)
        super().__init__(expression)

    def as_sql(self, compiler, connection, **extra_context):
        sql, params = compiler.compile(self.source_expressions[0])
        if connection.vendor == "postgresql":
            return f"{sql} = %s", [*params, "true" if self.value else "false"]
        return f"{sql} = %s", [*params, int(self.value)]


class AttributeValue(Func):
    """An attribute's value as SQL: `attributes ->> 'key'` on PostgreSQL, JSON_EXTRACT on SQLite.

    What a query reads where no slot holds the attribute (cardbase/attribute_slots.py). The key
    is written into the SQL, not passed as a parameter, as the triggers and facet values read it
    (Django's own key transform spells SQLite's expression differently from one process to the
    next). Keys are identifiers from a game's declaration.
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


@dataclass(frozen=True)
class Placement:
    """Where some games' cards keep an attribute: the games' ids, and the expression reading it
    (their slot column, or the JSON where they give it no slot)."""

    games: tuple[str, ...]
    expression: Expression

    def of_games(self, prefix: str) -> Q:
        """Keep the games' cards: their ids are read once, so the slot's index is sought by game.

        A game with no row reads 0, which no card's game is: a null would make the test null,
        and NOT (null AND …) would drop every card from `-zakon:potęgi` or `zakon:nieznany`.
        """
        column = F(f"{prefix}game_id")
        if len(self.games) > 1:
            marks = ", ".join("%s" for _ in self.games)
            ids = RawSQL(f"SELECT id FROM {GAME_TABLE} WHERE slug IN ({marks})", self.games)
            return Q(In(column, ids))
        game_id = RawSQL(
            f"COALESCE((SELECT id FROM {GAME_TABLE} WHERE slug = %s), 0)",
            self.games,
            output_field=IntegerField(),
        )
        return Q(Exact(column, game_id))


def placements(attribute: Attribute, game: str | None, prefix: str = "") -> list[Placement]:
    """Return where the cards keep an attribute: in `game` only, or in every game served that
    declares its id (None), games keeping it in the same column together. A game's slot holds
    the values as the JSON reads them."""
    games = [game] if game is not None else [g.id for g in rules.all_games()]
    by_expression: dict[Expression, list[str]] = {}
    for game_id in games:
        declaration = rules.get_game(game_id) if rules.is_game(game_id) else None
        own = declaration.schema.attribute(attribute.id) if declaration else None
        if game is None and own is None:
            continue  # its cards hold no such key
        alike = own is not None and own.type == attribute.type and own.multi == attribute.multi
        slot = declared_slots(declaration).get(attribute.id) if alike else None
        expression = F(f"{prefix}{slot}") if slot else _json_value(attribute, prefix)
        by_expression.setdefault(expression, []).append(game_id)
    return [Placement(tuple(ids), expression) for expression, ids in by_expression.items()]


def _json_value(attribute: Attribute, prefix: str) -> Expression:
    text = AttributeValue(attribute.id, prefix)
    return Cast(text, IntegerField()) if attribute.type == "int" else text


def attribute_expression(
    attribute: Attribute, *, game: str | None = None, prefix: str = ""
) -> Expression:
    """Return the SQL expression of an attribute's value (an integer for numbers, else text).

    With `game`, the caller keeps that game's cards only and gets its column as it is, which
    an index can sort; across games, each game's cards read their own (others' are null).
    """
    found = placements(attribute, game, prefix)
    if game is not None:
        return found[0].expression
    if not found:
        return _json_value(attribute, prefix)
    output = IntegerField() if attribute.type == "int" else TextField()
    return Case(
        *(When(place.of_games(prefix), then=place.expression) for place in found),
        default=None,
        output_field=output,
    )


def _in_games(
    attribute: Attribute, game: str | None, prefix: str, condition: Callable[[Expression], Q]
) -> Q:
    """Keep the cards of each game placing the attribute for which `condition` holds of its
    expression (without a game declaring it, of every card's JSON)."""
    found = placements(attribute, game, prefix)
    if not found:
        return condition(_json_value(attribute, prefix))
    return reduce(
        operator.or_, (place.of_games(prefix) & condition(place.expression) for place in found)
    )


def attribute_q(
    attribute: Attribute, value, lookup: str = "exact", *, game: str | None = None, prefix: str = ""
) -> Q:
    """Keep the cards whose attribute compares to `value` (`lookup`: exact, in, gt, gte…).

    Every condition reads only the attribute's slot, which its indexes hold, so a facet's count
    and first page come from an index. A multi-valued attribute matches when any of its values
    does. `game`: the game whose cards are searched (None: every game's).
    """
    values = list(value) if lookup == "in" else [value]

    def holds(expression: Expression) -> Q:
        # The key test keeps SQL's three-valued logic out of negations: NOT (known AND x) holds
        # for the cards whose value is unknown, as `-zakon:potęgi` keeps the humans.
        known = Q(IsNull(expression, False))
        if attribute.type == "bool":
            return known & reduce(operator.or_, (Q(AttributeIs(expression, v)) for v in values))
        if attribute.multi:
            # The list's JSON text holds the quoted id, ignoring case.
            return known & reduce(
                operator.or_, (Q(IContains(expression, f'"{v}"')) for v in values)
            )
        return known & Q(LOOKUPS[lookup](expression, value))

    return _in_games(attribute, game, prefix, holds)


def known_q(attribute: Attribute, *, game: str | None = None, prefix: str = "") -> Q:
    """Keep the cards whose attribute is known (no null is ever stored: a missing key is unknown).

    The test reads the attribute's slot, which its indexes hold: no visit to the table.
    """
    return _in_games(attribute, game, prefix, lambda expression: Q(IsNull(expression, False)))


def missing_q(attribute: Attribute, *, game: str | None = None, prefix: str = "") -> Q:
    """Keep the cards whose attribute is unknown, whatever their kind (`zakon:nieznany`): those
    of another game too, which hold no such key (a search across games ANDs each game's)."""
    return ~known_q(attribute, game=game, prefix=prefix)


def find_attribute(attribute_id: str, game: str | None = None) -> Attribute | None:
    """Return `game`'s declaration of an attribute id (without a game, the first registered
    game's that has it); None if there is none."""
    declarations = (rules.get_game(game),) if game is not None else rules.all_games()
    for declaration in declarations:
        attribute = declaration.schema.attribute(attribute_id)
        if attribute is not None:
            return attribute
    return None


def unknown_q(attribute: Attribute, *, game: str | None = None, prefix: str = "") -> Q:
    """Keep the cards of the kinds that carry the attribute but whose value is unknown."""
    kinds = Q(**{f"{prefix}kind__in": sorted(attribute.kinds)})
    return kinds & missing_q(attribute, game=game, prefix=prefix)
