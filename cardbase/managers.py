"""Catalogue queries over the cards' shared columns and their games' attributes."""

from django.db import models
from django.db.models import Q

from cardbase.attributes import attribute_q, find_attribute
from rules.core import card_key


class CardQuerySet(models.QuerySet):
    """Card queries; attributes are read through their games' declarations."""

    def of_game(self, slug: str) -> "CardQuerySet":
        return self.filter(game__slug=slug)

    def of_kind(self, *kinds: str) -> "CardQuerySet":
        return self.filter(kind__in=kinds)

    def with_attribute(self, attribute_id: str, value, lookup: str = "exact") -> "CardQuerySet":
        """Keep the cards whose attribute compares to `value`; none if no game declares it."""
        attribute = find_attribute(attribute_id)
        if attribute is None:
            return self.none()
        return self.filter(attribute_q(attribute, value, lookup))

    def matching(self, text: str) -> "CardQuerySet":
        """Keep cards whose name or text holds every word, ignoring case and diacritics."""
        qs = self
        for word in card_key(text).split():
            qs = qs.filter(Q(search_name__contains=word) | Q(search_text__contains=word))
        return qs

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

    def matching_query(self, node) -> "CardQuerySet":
        """Keep the cards a parsed search query (a cardsearch node) describes."""
        from cardbase.search import query_filter

        return self.filter(query_filter(node, using=self.db))
