"""Catalogue queries over the cards' shared columns and their games' attributes."""

from django.conf import settings
from django.db import models
from django.db.models import Q

import rules
from cardbase.attribute_slots import SLOTS
from cardbase.attributes import attribute_q

# The card's columns no list shows: the long ones cost more to read than the rest of a row, and
# the facet values are for the facets' counts alone (the slots CardManager leaves out always).
UNLISTED_FIELDS = ("text", "notes", "search_text", "facet_values")


def served_q() -> Q:
    """Keep the rows (cards, decks) of the games the site serves: all of them, unless it serves
    some only."""
    if not settings.SERVES_SOME_GAMES_ONLY:
        return Q()
    return Q(game__slug__in=rules.game_ids())


class CardQuerySet(models.QuerySet):
    """Card queries; attributes are read through their games' declarations."""

    def served(self) -> "CardQuerySet":
        """Keep the cards of the games the site serves (the pages never show another's)."""
        return self.filter(served_q())

    def of_game(self, slug: str) -> "CardQuerySet":
        return self.filter(game__slug=slug)

    def sharing(self, card, attribute_id: str) -> "CardQuerySet":
        """Return the other cards of the card's game with the same value of an attribute."""
        value = card.attribute(attribute_id)
        attribute = card.schema.attribute(attribute_id)
        if value is None or attribute is None:
            return self.none()
        return (
            self.filter(game_id=card.game_id)
            .filter(attribute_q(attribute, value))
            .exclude(pk=card.pk)
        )

    def for_listing(self) -> "CardQuerySet":
        """Fetch what a catalogue row shows in a constant number of queries."""
        return self.select_related("game").prefetch_related("printings")

    def for_grid(self) -> "CardQuerySet":
        """Fetch what a catalogue tile or table row shows, and no more, in a constant number
        of queries: the long texts (card text, notes, folded search text) stay in the table."""
        return self.for_listing().defer(*UNLISTED_FIELDS)


class CardManager(models.Manager.from_queryset(CardQuerySet)):
    """The cards, leaving out the attribute slots: no Python reads them (the database fills
    them), so a card loaded whole costs what it did before they were added."""

    def get_queryset(self) -> CardQuerySet:
        return super().get_queryset().defer(*SLOTS)
