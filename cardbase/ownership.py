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


def _counts(user, card_ids: list[int]) -> dict[int, int] | None:
    """Return {card id: copies} of these cards the user owns; None for a visitor or without a
    keeper (nobody owns anything)."""
    rows = owned_copies(user)
    if rows is None or not user.is_authenticated:
        return None
    if not card_ids:
        return {}
    return dict(rows.filter(card_id__in=card_ids).values_list("card_id", "count"))


def owned_count(user, card) -> int | None:
    """Return how many copies of `card` the user owns; None for a visitor or without a keeper."""
    counts = _counts(user, [card.pk])
    return None if counts is None else counts.get(card.pk, 0)


def viewer_stamp(user) -> str:
    """Return what moves with the user's collection ("" for a visitor): pages showing it carry
    it in their version, so a signed-in player never gets an answer older than their change."""
    keeper = _keeper()
    return keeper.collection_stamp(user) if keeper else ""


def mark_owned(user, cards) -> None:
    """Set `owned` on each card: the user's copies (0 for none); None for a visitor."""
    cards = list(cards)
    counts = _counts(user, [card.pk for card in cards])
    for card in cards:
        card.owned = None if counts is None else counts.get(card.pk, 0)
