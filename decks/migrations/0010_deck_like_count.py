from django.db import migrations, models
from django.db.models import Count, OuterRef, Subquery


def count_the_likes(apps, schema_editor):
    """Store each deck's number of likes, as the likes already given make it."""
    Deck = apps.get_model("decks", "Deck")
    DeckLike = apps.get_model("decks", "DeckLike")
    likes = (
        DeckLike.objects.filter(deck=OuterRef("pk"))
        .order_by()
        .values("deck")
        .annotate(n=Count("pk"))
        .values("n")
    )
    Deck.objects.filter(pk__in=DeckLike.objects.values("deck")).update(like_count=Subquery(likes))


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0009_deck_visible_from"),
    ]

    operations = [
        migrations.AddField(
            model_name="deck",
            name="like_count",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.RunPython(count_the_likes, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="deck",
            index=models.Index(
                fields=["visibility", "-like_count", "-updated"], name="deck_listing_liked"
            ),
        ),
    ]
