"""The attributes a catalogue filters on move from per-game indexes on JSON expressions to slot
columns indexed once for every game (cardbase/attribute_slots.py): which attribute a slot holds
is each game's row's data, so a game added or removed later changes no column and no index.

The slots are filled before their indexes are built (faster than keeping 35 indexes while
writing every card). Everything here is literal, as this migration made it.
"""

from django.db import migrations, models

from cardbase import attribute_slots

TEXT_SLOTS = tuple(f"text_{n}" for n in range(1, 13))
NUMBER_SLOTS = tuple(f"number_{n}" for n in range(1, 11))
SLOTS = TEXT_SLOTS + NUMBER_SLOTS

# The per-game indexes of 0007, 0009, 0010, 0012, 0013 and 0016.
OLD_KEYS = {
    "aniolowie": (
        "alignment", "anielica", "choir", "color", "edition_symbol", "faction", "order", "sex",
        "level", "support",
    ),
    "inwo": (
        "alignments", "back", "nwo_colour", "plot_marks", "rarity", "set", "traits",
        "control_arrows", "global_power", "power", "resistance",
    ),
    "dark_eden": (
        "affiliation", "after_play", "consumes", "expansion", "provides", "starting_cost",
        "tactics", "unique", "unlimited", "combat_value",
    ),
}  # fmt: skip
OLD_INDEXES = (
    *(
        f"{kind}_{key}"
        for keys in OLD_KEYS.values()
        for kind in ("card_attr", "card_missing")
        for key in keys
    ),
    *(f"card_kind_{game}" for game in OLD_KEYS),
    "card_related_order",
    "card_related_starting_cost",
)


def fill(apps, schema_editor):
    attribute_slots.TRIGGERS.install_only(schema_editor.connection.alias)
    attribute_slots.sync_slots(schema_editor.connection.alias)


def remove(apps, schema_editor):
    attribute_slots.TRIGGERS.remove(schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0017_facet_values_of_any_game"),
    ]

    operations = [
        *(migrations.RemoveIndex(model_name="card", name=name) for name in OLD_INDEXES),
        migrations.AddField(
            model_name="game",
            name="attribute_slots",
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
        *(
            migrations.AddField(
                model_name="card",
                name=slot,
                field=models.TextField(editable=False, null=True),
            )
            for slot in TEXT_SLOTS
        ),
        *(
            migrations.AddField(
                model_name="card",
                name=slot,
                field=models.IntegerField(editable=False, null=True),
            )
            for slot in NUMBER_SLOTS
        ),
        migrations.RunPython(fill, remove),
        *(
            migrations.AddIndex(
                model_name="card",
                index=models.Index(
                    fields=["game", slot, "kind", "search_name", *(o for o in SLOTS if o != slot)],
                    name=f"card_slot_{slot}",
                ),
            )
            for slot in SLOTS
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                fields=["kind", "game", "search_name", *SLOTS], name="card_kind_slots"
            ),
        ),
        *(
            migrations.AddIndex(
                model_name="card",
                index=models.Index(
                    fields=["game", slot, "search_name"], name=f"card_named_{slot}"
                ),
            )
            for slot in TEXT_SLOTS
        ),
    ]
