"""Move each game's attributes out of their own columns into one JSON field, checked by the schema.

Aniołowie's columns (faction, order, level, colour, support, ANIELICA, character, sex, edition
symbol, angelic name, the faction abilities) become keys of `attributes`; a blank or NULL column
becomes a missing key (unknown); the choir, derived from the order, is stored with them so that
facets and searches read it like any other key. `ability` becomes the shared `text`; the notes
become `notes` keyed by language. Slugs become unique within their game. Backwards, the columns
are filled again from the keys, so nothing is lost either way.

SQLite rebuilds cardbase_card for these changes, which drops the FTS5 triggers of 0004: its
`forward` runs again at the end (idempotent).
"""

import importlib

from django.db import migrations, models
from django.db.models.functions import Cast

from cardbase.attributes import AttributeValue

CHOICE_COLUMNS = ("faction", "order", "color", "alignment", "sex", "edition_symbol")
NULLABLE_COLUMNS = ("level", "support", "is_anielica")
TEXT_COLUMNS = ("name_angelic", "ability_lord", "ability_fallen")
# The choir of each order (rulebook p. 11-12), fixed here so the migration never changes.
CHOIRS = {
    "angels": "III",
    "archangels": "III",
    "principalities": "III",
    "virtues": "II",
    "powers": "II",
    "dominions": "II",
    "cherubim": "I",
    "seraphim": "I",
    "thrones": "I",
}
INDEXED_ATTRIBUTES = ("faction", "order", "choir", "color", "edition_symbol", "alignment")
OLD_INDEXES = (
    "card_facets",
    "card_order_level",
    "card_kind_name",
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


def columns_to_attributes(apps, schema_editor):
    Card = apps.get_model("cardbase", "Card")
    for card in Card.objects.using(schema_editor.connection.alias).iterator():
        attributes = {}
        for column in (*CHOICE_COLUMNS, *TEXT_COLUMNS):
            if getattr(card, column):
                attributes[column] = getattr(card, column)
        for column in NULLABLE_COLUMNS:
            if getattr(card, column) is not None:
                attributes[column] = getattr(card, column)
        if card.order in CHOIRS:
            attributes["choir"] = CHOIRS[card.order]
        card.attributes = attributes
        card.notes = {lang: note for lang, note in (("pl", card.note_pl), ("en", card.note_en)) if note}
        card.save(update_fields=["attributes", "notes"])


def attributes_to_columns(apps, schema_editor):
    Card = apps.get_model("cardbase", "Card")
    for card in Card.objects.using(schema_editor.connection.alias).iterator():
        attributes = card.attributes or {}
        for column in (*CHOICE_COLUMNS, *TEXT_COLUMNS):
            setattr(card, column, attributes.get(column, ""))
        for column in NULLABLE_COLUMNS:
            setattr(card, column, attributes.get(column))
        card.note_pl = (card.notes or {}).get("pl", "")
        card.note_en = (card.notes or {}).get("en", "")
        card.save()


def restore_search_triggers(apps, schema_editor):
    search = importlib.import_module("cardbase.migrations.0004_search_substrings")
    search.forward(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0004_search_substrings"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="attributes",
            field=models.JSONField(blank=True, default=dict, verbose_name="atrybuty"),
        ),
        migrations.AddField(
            model_name="card",
            name="notes",
            field=models.JSONField(blank=True, default=dict, verbose_name="uwagi"),
        ),
        migrations.RunPython(columns_to_attributes, attributes_to_columns),
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
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["game", "kind", "search_name"], name="card_kind_name"),
        ),
        *(
            migrations.AddIndex(
                model_name="card",
                index=models.Index(AttributeValue(key), "search_name", name=f"card_attr_{key}"),
            )
            for key in INDEXED_ATTRIBUTES
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                Cast(AttributeValue("level"), models.IntegerField()),
                "search_name",
                name="card_attr_level",
            ),
        ),
        migrations.RunPython(restore_search_triggers, migrations.RunPython.noop),
    ]
