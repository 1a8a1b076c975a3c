"""SQLite's FTS5 mirror of the cards' folded columns: its table, triggers, repair and reads.

The mirror (FTS_TABLE, migration 0008) is a table of its own: it holds its own copy of the two
folded columns (`search_name`, `search_text`), its rowid set to the card's id, and reads nothing
from cardbase_card. Its trigram tokenizer (`case_sensitive 1`) makes a match exactly a substring
of 3+ characters. Triggers on cardbase_card (FTS_TRIGGERS) copy every insert, change and delete
into it, whichever path writes (Card.save, QuerySet.update, bulk_create, loaddata, the admin, raw
SQL). Django's SQLite schema editor remakes cardbase_card for most AddField/AlterField (new
table, copy, drop, rename), and dropping the old table drops its triggers; the mirror's rows
survive, as they live elsewhere, but nothing feeds them any more. So:

- `sqlite_fts_ready` asks for the table AND its three triggers on every search; if one is
  missing, the search is a `LIKE`, right if slower. A stale mirror is never read.
- `repair_search_mirror` runs after every `migrate` (a post_migrate handler, see
  cardbase/apps.py; also after `flush`): it re-creates a trigger that is missing or whose SQL
  differs from FTS_TRIGGER_SQL, and the covering index; and when a trigger was missing or the
  mirror's rows differ from cardbase_card's (checked by a full comparison), it refills the
  mirror from cardbase_card. A migration that remakes the card table needs no code of its own.
Writes in the gap (after a remake, before the repair) are missed by the mirror but not by the
refill; searches in the gap take the `LIKE` route. A schema change made outside `migrate` is
repaired by the next `migrate` (or by calling `repair_search_mirror`).

PostgreSQL has no mirror: nothing here concerns it.
"""

from __future__ import annotations

import sys

from django.db import OperationalError, connections, transaction

# SQLite's FTS5 mirror of the folded columns (migration 0008): its own copy of them, the rowid
# being the card's id. Migration 0008 holds the same statements, frozen; `repair_search_mirror`
# compares the stored SQL with these and re-creates whatever differs.
FTS_TABLE = "card_search_mirror"
FTS_CREATE = (
    f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(search_name, search_text,"
    " tokenize='trigram case_sensitive 1')"
)
FTS_FILL = (
    f"INSERT INTO {FTS_TABLE}(rowid, search_name, search_text)"
    " SELECT id, search_name, search_text FROM cardbase_card"
)
_FTS_ADD = (
    f"INSERT OR REPLACE INTO {FTS_TABLE}(rowid, search_name, search_text)"
    " VALUES (new.id, new.search_name, new.search_text);"
)
# What keeps the mirror in step: every write to cardbase_card, whatever its path. An update
# that leaves the folded columns alone (most saves) leaves the mirror alone.
FTS_TRIGGER_SQL = {
    f"{FTS_TABLE}_insert": f"CREATE TRIGGER {FTS_TABLE}_insert AFTER INSERT ON cardbase_card"
    f" BEGIN {_FTS_ADD} END",
    f"{FTS_TABLE}_delete": f"CREATE TRIGGER {FTS_TABLE}_delete AFTER DELETE ON cardbase_card"
    f" BEGIN DELETE FROM {FTS_TABLE} WHERE rowid = old.id; END",
    f"{FTS_TABLE}_update": f"CREATE TRIGGER {FTS_TABLE}_update"
    " AFTER UPDATE OF id, search_name, search_text ON cardbase_card"
    " WHEN old.id IS NOT new.id OR old.search_name IS NOT new.search_name"
    " OR old.search_text IS NOT new.search_text"
    f" BEGIN DELETE FROM {FTS_TABLE} WHERE rowid = old.id; {_FTS_ADD} END",
}
FTS_TRIGGERS = tuple(FTS_TRIGGER_SQL)
# The LIKE route's covering index (migration 0004); a remake of the table drops it too.
LIKE_INDEX = "card_search_texts"
LIKE_INDEX_SQL = f"CREATE INDEX {LIKE_INDEX} ON cardbase_card (search_text, search_name)"
FTS_MIN_LENGTH = 3  # the trigram tokenizer matches nothing shorter
# A substring more cards hold than this is a LIKE: the page's name order meets 24 of them in
# the first rows, while listing them all by FTS5 would cost more than the LIKE's scan. Up to
# this many, the ids FTS5 found go into the query, so count and page need no second search.
FTS_COMMON = 3000


def sqlite_fts_ready(using: str = "default") -> bool:
    """Say whether the SQLite database `using` has the FTS5 mirror and the triggers feeding it
    (and JSON functions, which pass the ids it finds). Without every trigger the mirror may be
    stale (a remade card table), so it is not read until `repair_search_mirror` has run."""
    connection = connections[using]
    if connection.vendor != "sqlite":
        return False
    names = (FTS_TABLE, *FTS_TRIGGERS)
    marks = ", ".join("%s" for _ in names)
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT COUNT(*), json_array_length('[]') FROM sqlite_master"
                f" WHERE name IN ({marks})",
                names,
            )
            return cursor.fetchone()[0] == len(names)
    except OperationalError:  # an SQLite built without JSON: every substring is a LIKE
        return False


def repair_search_mirror(using: str = "default") -> list[str]:
    """Put SQLite's FTS5 mirror back in step with cardbase_card; return what was repaired.

    Does nothing (returns []) off SQLite and where migration 0008 made no mirror (no FTS5, or
    cardbase not migrated that far). Otherwise, in one transaction: a trigger missing or unlike
    FTS_TRIGGER_SQL is made anew ("triggers"); the mirror is refilled from cardbase_card when a
    trigger was missing, when the table's own SQL is not FTS_CREATE, or when its rows differ
    from the card table's ("rows"); the LIKE route's covering index is made if missing
    ("index"). The triggers are made before the card table is read, so no write slips between.
    """
    connection = connections[using]
    if connection.vendor != "sqlite":
        return []
    names = (FTS_TABLE, *FTS_TRIGGERS, LIKE_INDEX)
    marks = ", ".join("%s" for _ in names)
    repaired: list[str] = []
    with transaction.atomic(using=using), connection.cursor() as cursor:
        cursor.execute(f"SELECT name, sql FROM sqlite_master WHERE name IN ({marks})", names)
        stored = dict(cursor.fetchall())
        if FTS_TABLE not in stored:
            return []
        stale = [name for name, sql in FTS_TRIGGER_SQL.items() if stored.get(name) != sql]
        for name in stale:
            cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(FTS_TRIGGER_SQL[name])
        if stale:
            repaired.append("triggers")
        if stale or stored[FTS_TABLE] != FTS_CREATE or not _mirror_in_step(cursor):
            # Made anew rather than emptied: FTS5 deletes row by row, a new table is faster.
            cursor.execute(f"DROP TABLE {FTS_TABLE}")
            cursor.execute(FTS_CREATE)
            cursor.execute(FTS_FILL)
            repaired.append("rows")
        if LIKE_INDEX not in stored:
            cursor.execute(LIKE_INDEX_SQL)
            repaired.append("index")
    return repaired


def _mirror_in_step(cursor) -> bool:
    """Say whether the mirror holds exactly the card table's (id, search_name, search_text)."""
    card_rows = "SELECT id, search_name, search_text FROM cardbase_card"
    mirror_rows = f"SELECT rowid, search_name, search_text FROM {FTS_TABLE}"
    cursor.execute(
        f"SELECT EXISTS ({card_rows} EXCEPT {mirror_rows})"
        f" OR EXISTS ({mirror_rows} EXCEPT {card_rows})"
    )
    return not cursor.fetchone()[0]


def repair_search_mirror_after_migrate(
    sender, *, using: str = "default", verbosity: int = 1, **kwargs
) -> None:
    """The post_migrate handler (cardbase/apps.py): repair the mirror of the database migrated,
    as a migration may have remade cardbase_card and so dropped the triggers."""
    repaired = repair_search_mirror(using)
    if repaired and verbosity >= 1:
        stdout = kwargs.get("stdout") or sys.stdout
        stdout.write(f"  Search mirror ({using}): repaired {', '.join(repaired)}\n")


def fts_phrase(value: str) -> str:
    """Quote `value` as one FTS5 string: with the trigram tokenizer, a substring match."""
    return '"' + value.replace('"', '""') + '"'


def fts_query(columns: tuple[str, ...], value: str) -> str:
    """Return the FTS5 query that holds when one of `columns` contains `value`."""
    return "{" + " ".join(columns) + "} : " + fts_phrase(value)


def fts_ids(match: str, *, using: str = "default") -> list[int] | None:
    """Return the ids of the cards FTS5 `match` finds, or None when more than FTS_COMMON
    do (it reads at most that many index rows)."""
    with connections[using].cursor() as cursor:
        cursor.execute(
            f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s LIMIT %s",
            [match, FTS_COMMON + 1],
        )
        ids = [row[0] for row in cursor.fetchall()]
    return None if len(ids) > FTS_COMMON else sorted(ids)


def names_sharing_trigrams(word: str, *, limit: int, using: str = "default") -> list[str]:
    """Return up to `limit` folded card names holding some of `word`'s trigrams, FTS5's best
    match first."""
    grams = {word[i : i + 3] for i in range(len(word) - 2)}
    match = "search_name : (" + " OR ".join(sorted(map(fts_phrase, grams))) + ")"
    with connections[using].cursor() as cursor:
        cursor.execute(
            f"SELECT search_name FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s"
            " ORDER BY rank LIMIT %s",
            [match, limit],
        )
        return [row[0] for row in cursor.fetchall()]
