"""The facet values become a column kept by triggers from each game's facet keys (a row's data),
not a generated column whose expression named every game's keys (cardbase/facet_values.py).

Django cannot alter a generated column: the column and its index are removed and made anew.
"""

from django.db import migrations, models

from cardbase import facet_values


def create(apps, schema_editor):
    facet_values.install_facet_values(schema_editor.connection.alias)
    facet_values.sync_facet_keys(schema_editor.connection.alias)


def remove(apps, schema_editor):
    facet_values.drop_facet_values(schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0016_card_related_indexes"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="facet_keys",
            field=models.JSONField(blank=True, default=list, editable=False, null=True),
        ),
        migrations.RemoveIndex(model_name="card", name="card_facets"),
        migrations.RemoveField(model_name="card", name="facet_values"),
        migrations.AddField(
            model_name="card",
            name="facet_values",
            field=models.TextField(blank=True, db_default="", editable=False),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["kind", "facet_values", "game"], name="card_facets"),
        ),
        migrations.RunPython(create, remove),
    ]
