"""Let one card lie in several sections of a deck: a deck card is unique per section.

Forwards every row keeps its section. Backwards a card's rows in several sections are merged
into one (in its kind's home section when it has a row there), as the old constraint needs.
"""

from django.db import migrations, models

import rules


def _home(slug, kind):
    try:
        section = rules.get_game(slug).section_for(kind)
    except rules.DeckFormatError:  # a game without rules: any of its rows will do
        return None
    return section.id if section else ""


def merge_sections(apps, schema_editor):
    DeckCard = apps.get_model("decks", "DeckCard")
    # Only the columns read: a later migration of the catalogue, not undone yet, may have
    # columns the historical card model lacks, or the other way round.
    rows = (
        DeckCard.objects.select_related("card", "deck__game")
        .only("deck_id", "card_id", "section", "count", "card__kind", "deck__game__slug")
        .order_by("deck_id", "card_id", "pk")
    )
    by_card = {}
    for row in rows.iterator():
        by_card.setdefault((row.deck_id, row.card_id), []).append(row)
    for split in (rows for rows in by_card.values() if len(rows) > 1):
        home = _home(split[0].deck.game.slug, split[0].card.kind)
        keep = next((row for row in split if row.section == home), split[0])
        keep.count = sum(row.count for row in split)
        DeckCard.objects.filter(pk__in=[row.pk for row in split if row is not keep]).delete()
        keep.save(update_fields=["count"])


class Migration(migrations.Migration):
    dependencies = [("decks", "0006_remove_deck_faction")]

    operations = [
        migrations.RemoveConstraint(model_name="deckcard", name="deck_card_once"),
        migrations.AddConstraint(
            model_name="deckcard",
            constraint=models.UniqueConstraint(
                fields=("deck", "card", "section"), name="deck_card_once_per_section"
            ),
        ),
        migrations.RunPython(migrations.RunPython.noop, merge_sections),
    ]
