"""Add a deck's options and format and each deck card's section, beside the old faction."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0007_card_attribute_columns"),
        ("decks", "0003_deck_deck_listing_new"),
    ]

    operations = [
        migrations.AddField(
            model_name="deck",
            name="options",
            field=models.JSONField(blank=True, default=dict, verbose_name="ustawienia"),
        ),
        migrations.AddField(
            model_name="deck",
            name="format",
            field=models.CharField(default="", max_length=40, verbose_name="format"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="deckversion",
            name="options",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="deckcard",
            name="section",
            field=models.CharField(blank=True, max_length=40, verbose_name="część talii"),
        ),
        migrations.AlterModelOptions(
            name="deckcard",
            options={"verbose_name": "karta w talii", "verbose_name_plural": "karty w talii"},
        ),
    ]
