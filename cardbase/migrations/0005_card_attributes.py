"""Add the JSON fields a card's attributes and notes move into (0006 fills them, 0007 drops the old columns)."""

from django.db import migrations, models


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
    ]
