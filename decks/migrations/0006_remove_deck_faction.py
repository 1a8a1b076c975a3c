"""Drop the faction columns, now held in the decks' options.

Each column first gets a default, so that migrating back can add it again to rows that exist.
"""

from django.db import migrations, models

FACTIONS = [("lord", "Aniołowie Pana"), ("fallen", "Upadli")]


class Migration(migrations.Migration):
    dependencies = [("decks", "0005_deck_options_data")]

    operations = [
        migrations.AlterField(
            model_name="deck",
            name="faction",
            field=models.CharField(
                choices=FACTIONS, default="", max_length=6, verbose_name="frakcja"
            ),
        ),
        migrations.AlterField(
            model_name="deckversion",
            name="faction",
            field=models.CharField(choices=FACTIONS, default="", max_length=6),
        ),
        migrations.RemoveField(model_name="deck", name="faction"),
        migrations.RemoveField(model_name="deckversion", name="faction"),
    ]
