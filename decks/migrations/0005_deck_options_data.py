"""Carry each deck's faction into its options, and give every deck card its section.

Apart from the schema changes: PostgreSQL cannot alter a table in the transaction that just
updated its rows.
"""

from django.db import migrations

import rules


def _game(slug):
    try:
        return rules.get_game(slug)
    except rules.DeckFormatError:  # a deck of a game without rules keeps empty options
        return None


def forwards(apps, schema_editor):
    Deck = apps.get_model("decks", "Deck")
    DeckCard = apps.get_model("decks", "DeckCard")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    games = {}
    for deck in Deck.objects.select_related("game").iterator():
        game = games.setdefault(deck.game.slug, _game(deck.game.slug))
        deck.options = {"faction": deck.faction} if deck.faction else {}
        deck.format = game.default_format.id if game else ""
        deck.save(update_fields=["options", "format"])
        if game is None:
            continue
        for entry in DeckCard.objects.filter(deck=deck).select_related("card"):
            section = game.section_for(entry.card.kind)
            entry.section = section.id if section else ""
            entry.save(update_fields=["section"])
    for version in DeckVersion.objects.iterator():
        version.options = {"faction": version.faction} if version.faction else {}
        version.save(update_fields=["options"])


def backwards(apps, schema_editor):
    Deck = apps.get_model("decks", "Deck")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    for model in (Deck, DeckVersion):
        for row in model.objects.iterator():
            row.faction = (row.options or {}).get("faction", "")
            row.save(update_fields=["faction"])


class Migration(migrations.Migration):
    dependencies = [("decks", "0004_deck_options_and_sections")]

    operations = [migrations.RunPython(forwards, backwards)]
