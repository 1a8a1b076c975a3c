"""Deck queries with the site's own names."""

from django.db import models
from django.db.models import Q

from cardbase.managers import served_q


class DeckQuerySet(models.QuerySet):
    """Deck queries named after who may see them."""

    def public(self) -> "DeckQuerySet":
        return self.filter(served_q(), visibility="public")

    def owned_by(self, user) -> "DeckQuerySet":
        if not user.is_authenticated:
            return self.none()
        return self.filter(served_q(), owner=user)

    def readable_by(self, user) -> "DeckQuerySet":
        """Keep the decks a user may open of the games served: their own, and anyone's that is
        not private."""
        shared = ~Q(visibility="private")
        if not user.is_authenticated:
            return self.filter(served_q(), shared)
        return self.filter(served_q(), shared | Q(owner=user))

    def tagged(self, name: str) -> "DeckQuerySet":
        """Keep the decks bearing the tag `name`, as tags are stored (lower-case, trimmed)."""
        return self.filter(tags__name=name)

    def for_listing(self) -> "DeckQuerySet":
        return self.select_related("owner", "game")

    def for_list_page(self) -> "DeckQuerySet":
        """Keep what a list of decks shows: not the description nor the verdict, long and unread."""
        return self.for_listing().defer("description", "verdict")
