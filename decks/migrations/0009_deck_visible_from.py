from django.db import migrations, models
from django.db.models import F


def share_from_the_newest_version(apps, schema_editor):
    """Start the shared history of every shared deck at its newest version.

    No version records the visibility it was saved with, so a deck's private past cannot be told
    from its shared one: others see the history from now on, the owner all of it.
    """
    Deck = apps.get_model("decks", "Deck")
    Deck.objects.exclude(visibility="private").update(visible_from=F("version"))


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0008_version_edit_session"),
    ]

    operations = [
        migrations.AddField(
            model_name="deck",
            name="visible_from",
            field=models.PositiveIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(share_from_the_newest_version, migrations.RunPython.noop),
    ]
