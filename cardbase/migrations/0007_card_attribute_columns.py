"""Drop the columns 0006 moved into attributes, make slugs unique within their game, index the hot attribute keys.

SQLite rebuilds cardbase_card for these changes, which drops the FTS5 triggers of 0004: its
`forward` runs again at the end (idempotent).
"""

import importlib

from django.db import migrations, models

from cardbase.migrations._frozen import attribute_indexes

CHOICE_COLUMNS = ("faction", "order", "color", "alignment", "sex", "edition_symbol")
NULLABLE_COLUMNS = ("level", "support", "is_anielica")
TEXT_COLUMNS = ("name_angelic", "ability_lord", "ability_fallen")
# The attributes the catalogue filters on (as cardbase.attributes chose them then).
TEXT_INDEXED = (
    "alignment",
    "anielica",
    "choir",
    "color",
    "edition_symbol",
    "faction",
    "order",
    "sex",
)
NUMBER_INDEXED = ("level", "support")
OLD_INDEXES = (
    "card_facets",
    "card_order_level",
    "card_faction_name",
    "card_order_name",
    "card_color_name",
    "card_symbol_name",
    "card_alignment_name",
    "card_sex_name",
    "card_level",
    "card_support",
    "card_anielica_name",
    "card_facet_counts",
    "card_kind_facets",
)
OLD_CONSTRAINTS = (
    "card_no_fallen_throne",
    "card_any_faction_only_interventions",
    "card_angel_attributes_only_on_angels",
    "card_human_attributes_only_on_humans",
    "card_faction_abilities_only_on_humans",
    "card_humans_have_no_faction",
)


def restore_search_triggers(apps, schema_editor):
    search = importlib.import_module("cardbase.migrations.0004_search_substrings")
    search.forward(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0006_card_attributes_data"),
    ]

    operations = [
        *(migrations.RemoveConstraint(model_name="card", name=name) for name in OLD_CONSTRAINTS),
        *(migrations.RemoveIndex(model_name="card", name=name) for name in OLD_INDEXES),
        *(
            migrations.RemoveField(model_name="card", name=column)
            for column in (*CHOICE_COLUMNS, *NULLABLE_COLUMNS, *TEXT_COLUMNS, "note_pl", "note_en")
        ),
        migrations.RenameField(model_name="card", old_name="ability", new_name="text"),
        migrations.AlterField(
            model_name="card",
            name="text",
            field=models.TextField(blank=True, verbose_name="tekst karty"),
        ),
        migrations.AlterField(
            model_name="card",
            name="kind",
            field=models.CharField(max_length=40, verbose_name="rodzaj"),
        ),
        migrations.AlterField(
            model_name="card",
            name="slug",
            field=models.SlugField(max_length=120),
        ),
        migrations.AddConstraint(
            model_name="card",
            constraint=models.UniqueConstraint(
                fields=("game", "slug"), name="card_unique_slug_per_game"
            ),
        ),
        # The kind's index (kind, search_name) of 0004 becomes one holding every attribute too.
        migrations.RemoveIndex(model_name="card", name="card_kind_name"),
        *(
            migrations.AddIndex(model_name="card", index=index)
            for index in attribute_indexes(
                TEXT_INDEXED, NUMBER_INDEXED, kind_index="card_kind_name"
            )
        ),
        migrations.RunPython(restore_search_triggers, migrations.RunPython.noop),
    ]
