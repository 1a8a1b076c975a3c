"""Triggers on the card table that keep data derived from a card's attributes.

Triggers see every write to a card, whoever makes it (the admin, loaders, importers' bulk_create
and update(), restores, raw SQL), in the writing transaction. What they keep (the facet values,
cardbase/facet_values.py) declares its SQLite triggers and its PostgreSQL function and triggers
as a `CardTriggers`, and how to write every card's data anew. Django's SQLite schema
editor remakes cardbase_card for most column changes, which drops the table's triggers:
`remake_stale` makes anew those missing or changed, after which the caller writes the data anew.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.apps import apps as django_apps
from django.db import DEFAULT_DB_ALIAS, connections, transaction

import rules

CARD_TABLE = "cardbase_card"
GAME_TABLE = "cardbase_game"
# The columns whose change changes what is derived from a card's attributes.
WATCHED = "attributes, game_id"
# A save that writes the same attributes (every Django save writes every column) rewrites nothing.
SQLITE_CHANGED = "(OLD.attributes IS NOT NEW.attributes OR OLD.game_id IS NOT NEW.game_id)"
POSTGRESQL_CHANGED = (
    "(OLD.attributes IS DISTINCT FROM NEW.attributes OR OLD.game_id IS DISTINCT FROM NEW.game_id)"
)


def watched(derived: tuple[str, ...]) -> str:
    """Return the columns an update trigger watches: the attributes, the game and what it
    writes itself (a Django save writes back the values it loaded, stale or never read)."""
    return ", ".join([WATCHED, *derived])


def sqlite_changed(derived: tuple[str, ...]) -> str:
    """Return SQLite's condition for writing anew: a watched column changed."""
    return " OR ".join([SQLITE_CHANGED, *(f"OLD.{c} IS NOT NEW.{c}" for c in derived)])


def postgresql_changed(derived: tuple[str, ...]) -> str:
    """Return PostgreSQL's condition for writing anew: a watched column changed."""
    changes = (f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in derived)
    return "(" + " OR ".join([POSTGRESQL_CHANGED, *changes]) + ")"


@dataclass(frozen=True)
class CardTriggers:
    """One kept thing's triggers: SQLite's by name; PostgreSQL's function body, fired on a new
    or removed card (`postgresql_events`) and on a change to what it derives from."""

    sqlite: Mapping[str, str]
    postgresql_function: str
    postgresql_body: str
    postgresql_trigger: str
    postgresql_timing: str  # BEFORE (it sets NEW's columns) or AFTER (it writes elsewhere)
    postgresql_events: str  # "INSERT", or "INSERT OR DELETE"
    # Writes every card's data anew: (cursor, vendor).
    refill: Callable[[object, str], None]
    # The card's columns the triggers write, which a save may overwrite with what it loaded.
    derived: tuple[str, ...] = ()

    @property
    def postgresql_triggers(self) -> tuple[str, str]:
        return self.postgresql_trigger, f"{self.postgresql_trigger}_update"

    @property
    def postgresql(self) -> tuple[str, ...]:
        """Return the statements that make PostgreSQL's function and triggers."""
        made, changed = self.postgresql_triggers
        call = f"FOR EACH ROW EXECUTE FUNCTION {self.postgresql_function}()"
        return (
            f"CREATE OR REPLACE FUNCTION {self.postgresql_function}() RETURNS trigger"
            f" LANGUAGE plpgsql AS $$\nBEGIN\n{self.postgresql_body}\nEND\n$$",
            f"CREATE OR REPLACE TRIGGER {made} {self.postgresql_timing}"
            f" {self.postgresql_events} ON {CARD_TABLE} {call}",
            f"CREATE OR REPLACE TRIGGER {changed} {self.postgresql_timing}"
            f" UPDATE OF {watched(self.derived)} ON {CARD_TABLE}"
            f" FOR EACH ROW WHEN {postgresql_changed(self.derived)}"
            f" EXECUTE FUNCTION {self.postgresql_function}()",
        )

    def make(self, using: str = DEFAULT_DB_ALIAS) -> None:
        """Make the triggers and write every card's data (the migration that adds the data)."""
        connection = connections[using]
        with transaction.atomic(using=using), connection.cursor() as cursor:
            self.install(cursor, connection.vendor)
            self.refill(cursor, connection.vendor)

    def install_only(self, using: str = DEFAULT_DB_ALIAS) -> None:
        """Make the triggers, leaving the data to whoever writes it next (a sync)."""
        connection = connections[using]
        with connection.cursor() as cursor:
            self.install(cursor, connection.vendor)

    def remove(self, using: str = DEFAULT_DB_ALIAS) -> None:
        """Drop the triggers (migrating back past the data they keep)."""
        connection = connections[using]
        with connection.cursor() as cursor:
            self.drop(cursor, connection.vendor)

    def install(self, cursor, vendor: str) -> None:
        """Make the triggers anew (PostgreSQL's function too)."""
        if vendor == "postgresql":
            for statement in self.postgresql:
                cursor.execute(statement)
        elif vendor == "sqlite":
            for name, sql in self.sqlite.items():
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
                cursor.execute(sql)

    def drop(self, cursor, vendor: str) -> None:
        """Drop the triggers (migrating back past what they keep)."""
        if vendor == "postgresql":
            for name in self.postgresql_triggers:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name} ON {CARD_TABLE}")
            cursor.execute(f"DROP FUNCTION IF EXISTS {self.postgresql_function}()")
        elif vendor == "sqlite":
            for name in self.sqlite:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")

    def remake_stale(self, cursor) -> bool:
        """Make anew the SQLite triggers missing or unlike their SQL; tell whether any was."""
        names = tuple(self.sqlite)
        marks = ", ".join("%s" for _ in names)
        cursor.execute(f"SELECT name, sql FROM sqlite_master WHERE name IN ({marks})", names)
        stored = dict(cursor.fetchall())
        stale = [name for name, sql in self.sqlite.items() if stored.get(name) != sql]
        for name in stale:
            cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(self.sqlite[name])
        return bool(stale)


def repair_after_migrate(label: str, repair: Callable[[str], list[str]]) -> Callable[..., None]:
    """Return a post_migrate handler that runs `repair` on the database migrated and says what
    it repaired."""

    def handler(sender, *, using: str = DEFAULT_DB_ALIAS, verbosity: int = 1, **kwargs) -> None:
        repaired = repair(using)
        if repaired and verbosity >= 1:
            stdout = kwargs.get("stdout") or sys.stdout
            stdout.write(f"  {label} ({using}): repaired {', '.join(repaired)}\n")

    return handler


@dataclass(frozen=True)
class KeptFromGames:
    """Data the triggers keep from each game's row (`field`), which follows its declaration
    (`declared`): how to bring the rows up to date and repair what a remade table lost."""

    label: str
    field: str
    declared: Callable[[object], object]
    triggers: CardTriggers

    def sync(self, using: str = DEFAULT_DB_ALIAS) -> list[str]:
        """Bring every served game's row up to its declaration and write its cards' data anew
        where it changed; return the ids of the games changed."""
        # By label: this module is below the models (cardbase.models imports it).
        games = django_apps.get_model("cardbase", "Game").objects.using(using)
        connection = connections[using]
        changed = []
        with transaction.atomic(using=using), connection.cursor() as cursor:
            for game_id, slug, stored in games.values_list("id", "slug", self.field):
                if not rules.is_game(slug):
                    continue
                wanted = self.declared(rules.get_game(slug))
                if stored != wanted:
                    games.filter(pk=game_id).update(**{self.field: wanted})
                    self.triggers.refill(cursor, connection.vendor, game_id)
                    changed.append(slug)
        return changed

    def repair(self, using: str = DEFAULT_DB_ALIAS) -> list[str]:
        """Put back SQLite's triggers a remade card table dropped and write their data anew,
        then sync; return what was repaired."""
        connection = connections[using]
        if GAME_TABLE not in connection.introspection.table_names():
            return []
        with connection.cursor() as cursor:
            described = connection.introspection.get_table_description(cursor, GAME_TABLE)
        if self.field not in {column.name for column in described}:
            return []  # migrated back before the field was kept
        repaired = []
        if connection.vendor == "sqlite":
            with transaction.atomic(using=using), connection.cursor() as cursor:
                if self.triggers.remake_stale(cursor):
                    self.triggers.refill(cursor, connection.vendor)
                    repaired.append("triggers")
        games = self.sync(using)
        if games:
            repaired.append("rows of " + ", ".join(games))
        return repaired

    def after_migrate(self) -> Callable[..., None]:
        """Return the post_migrate handler that repairs (cardbase/apps.py)."""
        return repair_after_migrate(self.label, self.repair)
