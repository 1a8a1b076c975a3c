"""The catalogue's version: a token every process reads, changed by triggers on every write.

Cached pages and API answers are keyed on it (common/page_cache.py, api/cache.py), so an edit is
seen by the next request. Triggers rather than signals: the catalogue is written by the admin,
the loaders and importers (bulk_create, QuerySet.update, raw SQL for the search mirror), backups'
restore and data migrations, and a trigger sees them all, in the writing transaction, so the
token and the data commit together. On PostgreSQL one statement-level trigger per table draws
one token per statement; SQLite has only row triggers, one cheap UPDATE per row written.

A random token, not a counter: a counter goes back with a rolled-back transaction or a restored
backup and would then name a state other than the one cached under it; a random token names
one state only. The row is read with the catalogue (the replica when there is one), so a page is
never cached under a version newer than the data it was rendered from.

SQLite's schema editor remakes a table for most column changes, dropping its triggers:
`install_triggers` runs after every `migrate` (cardbase.apps) and puts back what is missing.
"""

import hashlib
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections, router
from django.db.utils import DatabaseError

from cardbase.models import CatalogueVersion
from common.db import prepared_cursor

VERSION_TABLE = "cardbase_catalogueversion"
# The catalogue tables whose writes change what a page or an answer shows.
CATALOGUE_TABLES = (
    "cardbase_game",
    "cardbase_edition",
    "cardbase_card",
    "cardbase_printing",
    "cardbase_cardsource",
    "cardbase_ruling",
)
PG_FUNCTION = "cardbase_catalogue_changed"
PG_FUNCTION_SQL = f"""
CREATE OR REPLACE FUNCTION {PG_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE {VERSION_TABLE} SET token = md5(random()::text || clock_timestamp()::text);
    RETURN NULL;
END
$$
"""
SQLITE_NEW_TOKEN = "lower(hex(randomblob(16)))"
# The token, as every read asks for it (alone, or as a subquery beside a deck's row).
VERSION_SQL = f"SELECT token FROM {VERSION_TABLE} ORDER BY id LIMIT 1"


def trigger_name(table: str, event: str = "") -> str:
    """Name the trigger on `table` (per event on SQLite, which has one trigger per event)."""
    return f"{table}_version{'_' + event.lower() if event else ''}"


def _postgresql_statements(tables: list[str]) -> list[str]:
    statements = [PG_FUNCTION_SQL]
    for table in tables:
        statements.append(
            f"CREATE OR REPLACE TRIGGER {trigger_name(table)}"
            f" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {table}"
            f" FOR EACH STATEMENT EXECUTE FUNCTION {PG_FUNCTION}()"
        )
    return statements


def _sqlite_statements(tables: list[str]) -> list[str]:
    return [
        f"CREATE TRIGGER IF NOT EXISTS {trigger_name(table, event)} AFTER {event} ON {table}"
        f" BEGIN UPDATE {VERSION_TABLE} SET token = {SQLITE_NEW_TOKEN}; END"
        for table in tables
        for event in ("INSERT", "UPDATE", "DELETE")
    ]


def _statements(vendor: str, tables: list[str]) -> list[str]:
    if vendor == "postgresql":
        return _postgresql_statements(tables)
    if vendor == "sqlite":
        return _sqlite_statements(tables)
    return []


def install_triggers(using: str = DEFAULT_DB_ALIAS) -> None:
    """Create the triggers that change the version (those missing; all anew on PostgreSQL), on
    the catalogue's tables that exist: a table a later migration makes gets its trigger after
    that `migrate` (install_triggers_after_migrate)."""
    connection = connections[using]
    existing = set(connection.introspection.table_names())
    tables = [table for table in CATALOGUE_TABLES if table in existing]
    with connection.cursor() as cursor:
        for statement in _statements(connection.vendor, tables):
            cursor.execute(statement)


def drop_triggers(using: str = DEFAULT_DB_ALIAS) -> None:
    """Drop the version's triggers (migrating back past the version's table)."""
    connection = connections[using]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            existing = set(connection.introspection.table_names())
            for table in CATALOGUE_TABLES:
                if table in existing:
                    cursor.execute(f"DROP TRIGGER IF EXISTS {trigger_name(table)} ON {table}")
            cursor.execute(f"DROP FUNCTION IF EXISTS {PG_FUNCTION}()")
        elif connection.vendor == "sqlite":
            for table in CATALOGUE_TABLES:
                for event in ("INSERT", "UPDATE", "DELETE"):
                    cursor.execute(f"DROP TRIGGER IF EXISTS {trigger_name(table, event)}")


def install_triggers_after_migrate(sender, using: str = DEFAULT_DB_ALIAS, **kwargs) -> None:
    """Put back triggers a table remake dropped, once the version's table exists (post_migrate)."""
    if not router.allow_migrate_model(using, CatalogueVersion):
        return
    connection = connections[using]
    if VERSION_TABLE not in connection.introspection.table_names():
        return  # migrated back before the version existed
    install_triggers(using)
    # `flush` (which ends with post_migrate too) empties the table: without its row nothing
    # would be cached again.
    if not CatalogueVersion.objects.using(using).exists():
        bump_version(using)


# The version as first read in the read-only request under way: each cache of one page asks for
# it (the page's own, the facets' counts, the syntax page's), and one read serves them all.
_held: ContextVar[dict | None] = ContextVar("catalogue_version_held", default=None)


@contextmanager
def held() -> Iterator[None]:
    """Read the catalogue's version at most once inside the block (a GET or HEAD request)."""
    token = _held.set({})
    try:
        yield
    finally:
        _held.reset(token)


def current_version() -> str | None:
    """Return the catalogue's version token; None when it cannot be told (then cache nothing)."""
    memo = _held.get()
    if memo is not None and "token" in memo:
        return memo["token"]
    token = _read_version()
    if memo is not None:
        memo["token"] = token
    return token


def hold_version(token: str | None) -> None:
    """Hold `token`, read with other data, as the version for the rest of a read-only request."""
    # Outside one (no memo) each read sees the latest write: nothing is held.
    memo = _held.get()
    if memo is not None:
        memo["token"] = token


def _read_version() -> str | None:
    """Read the catalogue's version token from the database."""
    # Read where the catalogue is read (the replica, when there is one), and by a bare cursor
    # whose statement the server plans once: every cached page runs this, and the ORM's own
    # work, or the server's planning, would be most of its cost.
    alias = router.db_for_read(CatalogueVersion)
    try:
        with prepared_cursor(connections[alias]) as cursor:
            cursor.execute(VERSION_SQL)
            row = cursor.fetchone()
    except DatabaseError:
        return None
    return row[0] if row else None


T = TypeVar("T")


def remembered(name: str, *parts: object, compute: Callable[[], T]) -> T:
    """Return what `compute` gives, worked out once per catalogue version and `parts`."""
    # For what only the catalogue changes (counts over every card): every visitor, signed in or
    # not, shares it until the next edit. PAGE_CACHE=0 turns this off with the page cache.
    version = current_version()
    if version is None or not settings.PAGE_CACHE:
        return compute()
    digest = hashlib.sha256("\x1f".join(map(str, (version, *parts))).encode()).hexdigest()
    key = f"{name}:{digest}"
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, settings.PAGE_CACHE_SECONDS)
    return value


def bump_version(using: str = DEFAULT_DB_ALIAS) -> None:
    """Draw a new token by hand, for a change the triggers cannot see (files, code)."""
    token = secrets.token_hex(16)
    if not CatalogueVersion.objects.using(using).update(token=token):
        CatalogueVersion.objects.using(using).create(token=token)


def catalogue_page_version(request, *args, **kwargs) -> str | None:
    """Return what a catalogue page is made from: the catalogue's version (common.page_cache)."""
    return current_version()
