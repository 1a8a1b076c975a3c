"""Catalogue queries with the game's own names."""

from django.db import models
from django.db.models import Q

from cardbase.choices import orders_in_choir
from rules.core import card_key


class CardQuerySet(models.QuerySet):
    """Card queries named after the game's vocabulary."""

    def of_game(self, slug: str) -> "CardQuerySet":
        return self.filter(game__slug=slug)

    def angels(self) -> "CardQuerySet":
        return self.filter(kind="angel")

    def of_faction(self, faction: str) -> "CardQuerySet":
        return self.filter(faction=faction)

    def in_choir(self, choir: str) -> "CardQuerySet":
        """Keep angels whose order belongs to the choir (I, II or III)."""
        return self.filter(order__in=orders_in_choir(choir))

    def fitting_deck_of(self, faction: str) -> "CardQuerySet":
        """Keep the cards a deck of this faction may hold (its own, both-faction ones, humans)."""
        return self.filter(Q(faction=faction) | Q(faction="any") | Q(kind="human"))

    def matching(self, text: str) -> "CardQuerySet":
        """Keep cards whose name or text holds every word, ignoring case and diacritics."""
        qs = self
        for word in card_key(text).split():
            qs = qs.filter(Q(search_name__contains=word) | Q(search_text__contains=word))
        return qs

    def same_order_as(self, card) -> "CardQuerySet":
        """Return the other cards of the card's order in its game."""
        if not card.order:
            return self.none()
        return self.filter(game_id=card.game_id, order=card.order).exclude(pk=card.pk)

    def for_listing(self) -> "CardQuerySet":
        """Fetch what a catalogue row shows in a constant number of queries."""
        return self.select_related("game").prefetch_related("printings")

    def matching_query(self, node) -> "CardQuerySet":
        """Keep the cards a parsed search query (a cardsearch node) describes."""
        from cardbase.search import query_filter

        return self.filter(query_filter(node, using=self.db))
