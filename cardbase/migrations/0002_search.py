"""Indexes for the card search language.

PostgreSQL gets pg_trgm, a stored tsvector of the folded texts and GIN indexes (trigram on the
folded name for LIKE and similarity, full-text on the vector); they are raw SQL, run only there,
and Django's model state does not track them. The plain B-tree indexes for the numeric keys work
on every database.
"""

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations

# The stored tsvector saves recomputing to_tsvector row by row whenever a plan filters rows.
POSTGRES_SQL = [
    "ALTER TABLE cardbase_card ADD COLUMN IF NOT EXISTS search_vector tsvector GENERATED ALWAYS"
    " AS (to_tsvector('simple'::regconfig, COALESCE(search_text, ''))) STORED",
    "CREATE INDEX IF NOT EXISTS card_search_vector ON cardbase_card USING gin (search_vector)",
    "CREATE INDEX IF NOT EXISTS card_search_name_trgm ON cardbase_card"
    " USING gin (search_name gin_trgm_ops)",
]
POSTGRES_UNDO = [
    "DROP INDEX IF EXISTS card_search_name_trgm",
    "DROP INDEX IF EXISTS card_search_vector",
    "ALTER TABLE cardbase_card DROP COLUMN IF EXISTS search_vector",
]
PLAIN_INDEXES = {
    "card_search_level": "(level)",
    "card_search_support": "(support)",
}


def create_indexes(apps, schema_editor):
    table = apps.get_model("cardbase", "Card")._meta.db_table
    for name, columns in PLAIN_INDEXES.items():
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {table} {columns}")
    if schema_editor.connection.vendor == "postgresql":
        for statement in POSTGRES_SQL:
            schema_editor.execute(statement)


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for statement in POSTGRES_UNDO:
            schema_editor.execute(statement)
    for name in PLAIN_INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):

    dependencies = [
        ("cardbase", "0001_initial"),
    ]

    operations = [
        TrigramExtension(),
        migrations.RunPython(create_indexes, drop_indexes),
    ]
