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

from django.db import migrations

CHOICE_COLUMNS = ("faction", "order", "color", "alignment", "sex", "edition_symbol")
NULLABLE_COLUMNS = ("level", "support", "is_anielica")
# A column whose attribute has another name (the API always called it `anielica`).
ATTRIBUTE_OF = {"is_anielica": "anielica"}
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


def columns_to_attributes(apps, schema_editor):
    Card = apps.get_model("cardbase", "Card")
    for card in Card.objects.using(schema_editor.connection.alias).iterator():
        attributes = {}
        for column in (*CHOICE_COLUMNS, *TEXT_COLUMNS):
            if getattr(card, column):
                attributes[column] = getattr(card, column)
        for column in NULLABLE_COLUMNS:
            if getattr(card, column) is not None:
                attributes[ATTRIBUTE_OF.get(column, column)] = getattr(card, column)
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
            setattr(card, column, attributes.get(ATTRIBUTE_OF.get(column, column)))
        card.note_pl = (card.notes or {}).get("pl", "")
        card.note_en = (card.notes or {}).get("en", "")
        card.save()




class Migration(migrations.Migration):
    # Apart from the column changes: PostgreSQL refuses to alter a table with rows updated in the
    # same transaction.
    dependencies = [
        ("cardbase", "0005_card_attributes"),
    ]

    operations = [
        migrations.RunPython(columns_to_attributes, attributes_to_columns),
    ]
