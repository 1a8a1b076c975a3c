"""SQLite's FTS5 search mirror becomes a table of its own, no longer one reading cardbase_card.

0004's `card_search_fts` was an external-content FTS5 table: its index pointed at cardbase_card's
rowids and read the texts from there, fed by triggers on cardbase_card. Django's SQLite schema
editor remakes cardbase_card for most AddField/AlterField, which drops those triggers, so every
such migration had to re-run 0004's `forward` by hand (0007 does).

Here `card_search_mirror` takes its place: an FTS5 table holding its own copy of search_name and
search_text, its rowid the card's id, filled from cardbase_card (the source of truth, not the old
index, which may have missed writes) and fed by new triggers. A later remake still drops the
triggers, but cardbase.search.fts_sqlite.repair_search_mirror puts them back and refills the
mirror after every `migrate` (post_migrate), so no migration needs to. The statements below are
frozen copies of cardbase.search.fts_sqlite's FTS_CREATE, FTS_FILL and FTS_TRIGGER_SQL; that
function re-creates anything that later differs from them.

Backwards, the new table goes and 0004's table, triggers and index come back, indexed anew.
PostgreSQL (trigram indexes) and an SQLite without FTS5 (LIKE) have no mirror: nothing to do.
"""

import importlib

from django.db import migrations

SEARCH_0004 = importlib.import_module("cardbase.migrations.0004_search_substrings")

MIRROR = "card_search_mirror"
ADD = (
    f"INSERT OR REPLACE INTO {MIRROR}(rowid, search_name, search_text)"
    " VALUES (new.id, new.search_name, new.search_text);"
)
FORWARD = [
    # 0004's mirror and its triggers (the triggers gone already if a remake dropped them).
    "DROP TRIGGER IF EXISTS card_search_fts_insert",
    "DROP TRIGGER IF EXISTS card_search_fts_delete",
    "DROP TRIGGER IF EXISTS card_search_fts_update",
    "DROP TABLE IF EXISTS card_search_fts",
    f"DROP TABLE IF EXISTS {MIRROR}",
    f"CREATE VIRTUAL TABLE {MIRROR} USING fts5(search_name, search_text,"
    " tokenize='trigram case_sensitive 1')",
    f"INSERT INTO {MIRROR}(rowid, search_name, search_text)"
    " SELECT id, search_name, search_text FROM cardbase_card",
    f"CREATE TRIGGER {MIRROR}_insert AFTER INSERT ON cardbase_card BEGIN {ADD} END",
    f"CREATE TRIGGER {MIRROR}_delete AFTER DELETE ON cardbase_card"
    f" BEGIN DELETE FROM {MIRROR} WHERE rowid = old.id; END",
    f"CREATE TRIGGER {MIRROR}_update AFTER UPDATE OF id, search_name, search_text ON cardbase_card"
    " WHEN old.id IS NOT new.id OR old.search_name IS NOT new.search_name"
    " OR old.search_text IS NOT new.search_text"
    f" BEGIN DELETE FROM {MIRROR} WHERE rowid = old.id; {ADD} END",
    # The LIKE route's covering index (0004), in case a remake dropped it.
    "CREATE INDEX IF NOT EXISTS card_search_texts ON cardbase_card (search_text, search_name)",
]
BACKWARD = [
    f"DROP TRIGGER IF EXISTS {MIRROR}_insert",
    f"DROP TRIGGER IF EXISTS {MIRROR}_delete",
    f"DROP TRIGGER IF EXISTS {MIRROR}_update",
    f"DROP TABLE IF EXISTS {MIRROR}",
    # 0004's table, triggers and index, the table indexed from cardbase_card ('rebuild').
    *SEARCH_0004.SQLITE_FTS,
]


def run(statements):
    def operation(apps, schema_editor):
        connection = schema_editor.connection
        if connection.vendor == "sqlite" and SEARCH_0004.sqlite_has_fts5(connection):
            for statement in statements:
                schema_editor.execute(statement)

    return operation


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0007_card_attribute_columns"),
    ]

    operations = [
        migrations.RunPython(run(FORWARD), run(BACKWARD)),
    ]
