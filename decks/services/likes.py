"""Like and unlike other players' public decks, keeping each deck's stored like count."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, F, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from decks.errors import DeckInputError
from decks.models import Deck, DeckLike, Visibility


def deck_like(*, deck: Deck, user: AbstractBaseUser) -> bool:
    """Like a public deck of another player; return False if it was already liked."""
    if deck.owner_id == user.pk:
        raise DeckInputError(_("Nie można polubić własnej talii."), "like")
    if deck.visibility != Visibility.PUBLIC:
        raise DeckInputError(_("Polubić można tylko talie publiczne."), "like")
    with transaction.atomic():
        created = DeckLike.objects.get_or_create(deck=deck, user=user)[1]
        # Counted only for a row really made: a second like (or one racing it) adds nothing.
        if created:
            Deck.objects.filter(pk=deck.pk).update(like_count=F("like_count") + 1)
    return created


def deck_unlike(*, deck: Deck, user: AbstractBaseUser) -> None:
    """Take back a like."""
    with transaction.atomic():
        deleted, _rows = DeckLike.objects.filter(deck=deck, user=user).delete()
        # Only for a row really deleted: a second unlike (or one racing it) takes nothing off.
        if deleted:
            Deck.objects.filter(pk=deck.pk).update(like_count=F("like_count") - deleted)


def recount_likes(*, decks: QuerySet[Deck] | None = None) -> int:
    """Set the stored like count of `decks` (default: every deck) from their likes; return how many.

    For likes written around deck_like and deck_unlike (a bulk load, SQL); those keep it right.
    """
    likes = (
        DeckLike.objects.filter(deck=OuterRef("pk"))
        .order_by()
        .values("deck")
        .annotate(n=Count("pk"))
        .values("n")
    )
    chosen = Deck.objects.all() if decks is None else decks
    return chosen.update(like_count=Coalesce(Subquery(likes), 0))
