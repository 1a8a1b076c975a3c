"""The expressions the catalogue's older migrations build, frozen as those migrations made them.

Migration 0015 kept the facet values in a generated column whose expression named every game's
keys; 0017 replaced it with a column kept by triggers from each game's keys (data). This copy
keeps 0015 valid (and `migrate` back to it possible) whatever later code does with its own
expressions. Not a migration: the loader skips modules whose names start with an underscore.
"""

import re

from django.db.models import F, Func, TextField

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
