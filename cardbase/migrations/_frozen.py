"""The expressions the catalogue's older migrations build, frozen as those migrations made them.

Migrations 0007 to 0016 indexed each game's attributes by expressions on the JSON and kept the
facet values in a generated column whose expression named every game's keys; 0017 and 0018
replaced them with columns kept by triggers from each game's row (data). This copy keeps those
migrations valid (and `migrate` back to them possible) whatever later code does with its own
expressions. Not a migration: the loader skips modules whose names start with an underscore.
"""

import re

from django.db.models import F, Func, Index, IntegerField, TextField
from django.db.models.functions import Cast

KEY = re.compile(r"[a-z][a-z0-9_]*")
FACET_SEPARATOR = "\x1f"
KNOWN_MARK = "="


class AttributeValue(Func):
    """An attribute's value: `attributes ->> 'key'` on PostgreSQL, JSON_EXTRACT on SQLite."""

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


class FacetValues(Func):
    """The facet attributes' values of a card, in the order of `keys`, as one text."""

    output_field = TextField()

    def __init__(self, keys) -> None:
        self.keys = tuple(keys)
        super().__init__(*(AttributeValue(key) for key in self.keys))

    def as_sql(self, compiler, connection, **extra_context):
        parts, params = [], []
        for expression in self.source_expressions:
            sql, sql_params = compiler.compile(expression)
            parts.append(f"COALESCE('{KNOWN_MARK}' || {sql}, '')")
            params += sql_params
        return f" || '{FACET_SEPARATOR}' || ".join(parts), params


def attribute_indexes(text_keys, number_keys, *, kind_index: str) -> list[Index]:
    """Return 0007's attribute indexes: one led by each key, one led by the kind, each holding
    every key after its leader, the kind, and the name last."""
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
