"""One meaning for a searched word on every database: a substring of the folded columns.

- Facet + name indexes (in the model's Meta.indexes): a facet's count reads one index and the
  first page in name order comes straight off it.
- PostgreSQL: pg_trgm GIN indexes (gin_trgm_ops) on search_name (0002) and search_text (here),
  so LIKE '%…%' is indexed; the full-text tsvector of 0002 goes, as prefix matching gave other
  answers than SQLite.
- SQLite (3.34+ with FTS5): an FTS5 mirror of the folded columns with the trigram tokenizer
  (case_sensitive 1: a match is exactly a substring), kept in step by triggers, and a covering
  index of the two columns for substrings too common for FTS5 (SQLite only: PostgreSQL's
  B-tree entries cannot hold long texts). A migration that
  rebuilds cardbase_card on SQLite (any AddField/AlterField there) drops the triggers; search then
  falls back to LIKE (the same cards, slower) until that migration runs this one's `forward`
  again (idempotent: it recreates the triggers and rebuilds the index). A test fails meanwhile.
- Both: an index on cardbase_printing (edition_id, card_id), so an edition's cards are read
  from the index alone. The raw level/support indexes of 0002 give way to model indexes (SQLite
  had already lost them when 0003 rebuilt the table).
"""

from django.db import migrations, models

POSTGRES_FORWARD = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "DROP INDEX IF EXISTS card_search_vector",
    "ALTER TABLE cardbase_card DROP COLUMN IF EXISTS search_vector",
    "CREATE INDEX IF NOT EXISTS card_search_text_trgm ON cardbase_card"
    " USING gin (search_text gin_trgm_ops)",
]
POSTGRES_BACKWARD = [
    "DROP INDEX IF EXISTS card_search_text_trgm",
    "ALTER TABLE cardbase_card ADD COLUMN IF NOT EXISTS search_vector tsvector GENERATED ALWAYS"
    " AS (to_tsvector('simple'::regconfig, COALESCE(search_text, ''))) STORED",
    "CREATE INDEX IF NOT EXISTS card_search_vector ON cardbase_card USING gin (search_vector)",
]
PRINTING_INDEX = (
    "CREATE INDEX IF NOT EXISTS printing_edition_card ON cardbase_printing (edition_id, card_id)"
)

RAW_0002_INDEXES = {"card_search_level": "level", "card_search_support": "support"}

FTS_TABLE = "card_search_fts"
SQLITE_FTS = [
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5(search_name, search_text,"
    " content='cardbase_card', content_rowid='id', tokenize='trigram case_sensitive 1')",
    f"CREATE TRIGGER IF NOT EXISTS card_search_fts_insert AFTER INSERT ON cardbase_card BEGIN"
    f" INSERT INTO {FTS_TABLE}(rowid, search_name, search_text)"
    " VALUES (new.id, new.search_name, new.search_text); END",
    f"CREATE TRIGGER IF NOT EXISTS card_search_fts_delete AFTER DELETE ON cardbase_card BEGIN"
    f" INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, search_name, search_text)"
    " VALUES ('delete', old.id, old.search_name, old.search_text); END",
    "CREATE TRIGGER IF NOT EXISTS card_search_fts_update"
    " AFTER UPDATE OF id, search_name, search_text ON cardbase_card BEGIN"
    f" INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, search_name, search_text)"
    " VALUES ('delete', old.id, old.search_name, old.search_text);"
    f" INSERT INTO {FTS_TABLE}(rowid, search_name, search_text)"
    " VALUES (new.id, new.search_name, new.search_text); END",
    # Index what the table holds now (and whatever a lost trigger missed).
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')",
    # A substring too common for FTS5 is a LIKE: reading this index beats reading the table.
    "CREATE INDEX IF NOT EXISTS card_search_texts ON cardbase_card (search_text, search_name)",
]
SQLITE_FTS_UNDO = [
    "DROP INDEX IF EXISTS card_search_texts",
    "DROP TRIGGER IF EXISTS card_search_fts_insert",
    "DROP TRIGGER IF EXISTS card_search_fts_delete",
    "DROP TRIGGER IF EXISTS card_search_fts_update",
    f"DROP TABLE IF EXISTS {FTS_TABLE}",
]


def sqlite_has_fts5(connection) -> bool:
    """Say whether this SQLite can make an FTS5 table with the trigram tokenizer (3.34+)."""
    import sqlite3

    if sqlite3.sqlite_version_info < (3, 34):
        return False
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA compile_options")
        return any(row[0] == "ENABLE_FTS5" for row in cursor.fetchall())


def forward(apps, schema_editor):
    connection = schema_editor.connection
    schema_editor.execute(PRINTING_INDEX)
    if connection.vendor == "postgresql":
        for statement in POSTGRES_FORWARD:
            schema_editor.execute(statement)
    elif connection.vendor == "sqlite" and sqlite_has_fts5(connection):
        for statement in SQLITE_FTS:
            schema_editor.execute(statement)


def drop_raw_indexes(apps, schema_editor):
    """Drop 0002's untracked level/support indexes; card_level/card_support replace them."""
    for name in RAW_0002_INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


def restore_raw_indexes(apps, schema_editor):
    for name, column in RAW_0002_INDEXES.items():
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON cardbase_card ({column})")


def backward(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        for statement in POSTGRES_BACKWARD:
            schema_editor.execute(statement)
    elif connection.vendor == "sqlite":
        for statement in SQLITE_FTS_UNDO:
            schema_editor.execute(statement)
    schema_editor.execute("DROP INDEX IF EXISTS printing_edition_card")


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0003_human_faction_abilities"),
    ]

    operations = [
        migrations.RunPython(drop_raw_indexes, restore_raw_indexes),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["kind", "search_name"], name="card_kind_name"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["faction", "search_name"], name="card_faction_name"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["order", "search_name"], name="card_order_name"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["color", "search_name"], name="card_color_name"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["edition_symbol", "search_name"], name="card_symbol_name"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["alignment", "search_name"], name="card_alignment_name"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["sex", "search_name"], name="card_sex_name"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["level"], name="card_level"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["support"], name="card_support"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                fields=["is_anielica", "edition_symbol", "search_name"], name="card_anielica_name"
            ),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                fields=[
                    "order",
                    "faction",
                    "kind",
                    "color",
                    "level",
                    "support",
                    "edition_symbol",
                    "is_anielica",
                    "alignment",
                    "sex",
                ],
                name="card_facet_counts",
            ),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                fields=[
                    "kind",
                    "alignment",
                    "sex",
                    "faction",
                    "edition_symbol",
                    "is_anielica",
                    "color",
                ],
                name="card_kind_facets",
            ),
        ),
        migrations.RunPython(forward, backward),
    ]
