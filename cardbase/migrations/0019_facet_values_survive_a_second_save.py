"""The facet values' update trigger also watches the column it writes: a second save of a card
made in the same request wrote the text back empty, and nothing wrote it anew. The triggers are
made again and every card's text written anew (texts such saves emptied come back).
"""

from django.db import migrations

from cardbase import facet_values


def remake(apps, schema_editor):
    facet_values.TRIGGERS.make(schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0018_attribute_slots"),
    ]

    operations = [
        migrations.RunPython(remake, migrations.RunPython.noop),
    ]
