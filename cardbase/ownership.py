"""The copies of cards a signed-in player owns, as the catalogue filters by them and shows them.

The catalogue keeps no player's data. The app that keeps collections is named by the setting
CATALOGUE_OWNERSHIP: a module with `owned_copies(user)` (a queryset of rows with `card` and
`count`, none for a visitor) and `collection_stamp(user)` (a text that moves with every change
of the user's collection, "" for a visitor). Without one, nobody owns anything.
"""

from functools import cache
from importlib import import_module
from types import ModuleType

from django.conf import settings
from django.core.signals import setting_changed
from django.db.models import QuerySet


@cache
def _keeper() -> ModuleType | None:
    name = getattr(settings, "CATALOGUE_OWNERSHIP", "")
    return import_module(name) if name else None


def _forget_keeper(*, setting: str, **kwargs) -> None:
    if setting == "CATALOGUE_OWNERSHIP":
        _keeper.cache_clear()


setting_changed.connect(_forget_keeper)


def owned_copies(user) -> QuerySet | None:
    """Return the rows of the user's copies (card, count); None when no app keeps them."""
    keeper = _keeper()
    return keeper.owned_copies(user) if keeper else None


def owned_count(user, card) -> int | None:
    """Return how many copies of `card` the user owns; None for a visitor or without a keeper."""
    rows = owned_copies(user)
    if rows is None or not user.is_authenticated:
        return None
    return rows.filter(card=card).values_list("count", flat=True).first() or 0


def viewer_stamp(user) -> str:
    """Return what moves with the user's collection ("" for a visitor): pages showing it carry
    it in their version, so a signed-in player never gets an answer older than their change."""
    keeper = _keeper()
    return keeper.collection_stamp(user) if keeper else ""


def mark_owned(user, cards) -> None:
    """Set `owned` on each card: the user's copies (0 for none); None for a visitor."""
    rows = owned_copies(user)
    known = rows is not None and user.is_authenticated
    cards = list(cards)
    counts = {}
    if known and cards:
        counts = dict(
            rows.filter(card_id__in=[card.pk for card in cards]).values_list("card_id", "count")
        )
    for card in cards:
        card.owned = counts.get(card.pk, 0) if known else None
