"""The catalogue's version: one row, and the triggers that change it (cardbase.catalogue_version).

The triggers are made by the module's current code, here and after every `migrate` (they are
idempotent), rather than frozen here: a remade SQLite table loses them and needs that code anyway.
"""

import secrets

from django.db import migrations, models


def create(apps, schema_editor):
    from cardbase import catalogue_version

    version = apps.get_model("cardbase", "CatalogueVersion")
    version.objects.using(schema_editor.connection.alias).create(token=secrets.token_hex(16))
    catalogue_version.install_triggers(schema_editor.connection.alias)


def remove(apps, schema_editor):
    from cardbase import catalogue_version

    catalogue_version.drop_triggers(schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0013_dark_eden_attribute_indexes"),
    ]

    operations = [
        migrations.CreateModel(
            name="CatalogueVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token", models.CharField(max_length=32)),
            ],
        ),
        migrations.RunPython(create, remove),
    ]
