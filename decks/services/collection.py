"""Change a player's collection: copies owned, the want list, the read-only link."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from cardbase.models import Card, Game
from decks.errors import DeckInputError
from decks.models import Collection, OwnedCard, WantedCard
from decks.selectors.collection import DeckOwnership
from decks.transfer.read_card_list import MAX_COPIES


def _collection(owner: AbstractBaseUser) -> Collection:
    """Return the owner's collection, made on first use, and mark it changed."""
    collection, created = Collection.objects.get_or_create(owner_id=owner.pk)
    if not created:
        # `updated` versions the pages that show the collection: every change moves it.
        collection.save(update_fields=["updated"])
    return collection


def _check_count(count: int, card: Card) -> None:
    if not 0 <= count <= MAX_COPIES:
        raise DeckInputError(
            _("Liczba kopii karty „%(name)s” musi być od 0 do %(max)d.")
            % {"name": card.name, "max": MAX_COPIES},
            "count",
        )


def set_owned(*, owner: AbstractBaseUser, card: Card, count: int) -> int:
    """Record that the owner has `count` copies of `card` (0: none); return the count."""
    _check_count(count, card)
    with transaction.atomic():
        collection = _collection(owner)
        if count == 0:
            OwnedCard.objects.filter(collection=collection, card=card).delete()
            return 0
        row = OwnedCard.objects.select_for_update().filter(collection=collection, card=card).first()
        if row is None:
            OwnedCard.objects.create(collection=collection, card=card, count=count)
            return count
        # Copies taken away come off those of no given edition first; a breakdown that no
        # longer fits the copies is dropped rather than guessed at.
        editions = row.editions if sum(row.editions.values()) <= count else {}
        OwnedCard.objects.filter(pk=row.pk).update(count=count, editions=editions)
    return count


def adjust_owned(*, owner: AbstractBaseUser, card: Card, change: int) -> int:
    """Add `change` copies of `card` (negative: take away, down to none); return the count."""
    with transaction.atomic():
        current = (
            OwnedCard.objects.select_for_update()
            .filter(collection_id=owner.pk, card=card)
            .values_list("count", flat=True)
            .first()
        ) or 0
        return set_owned(owner=owner, card=card, count=max(current + change, 0))


def import_owned(
    *,
    owner: AbstractBaseUser,
    game: Game,
    counts: Mapping[int, int],
    editions: Mapping[int, Mapping[str, int]] | None = None,
    replace: bool,
) -> int:
    """Add a list's copies to the owner's cards of `game`, or make the list their cards of it
    (`replace`); all or nothing. Return how many cards the game's part of it then holds."""
    editions = editions or {}
    with transaction.atomic():
        collection = _collection(owner)
        held = OwnedCard.objects.select_for_update().filter(collection=collection, card__game=game)
        rows = {} if replace else {row.card_id: row for row in held}
        final: dict[int, tuple[int, dict[str, int]]] = {}
        for card_id, count in counts.items():
            row = rows.get(card_id)
            kept = dict(row.editions) if row else {}
            for edition, copies in editions.get(card_id, {}).items():
                kept[edition] = kept.get(edition, 0) + copies
            final[card_id] = ((row.count if row else 0) + count, kept)
        too_many = [card_id for card_id, (count, _e) in final.items() if count > MAX_COPIES]
        if too_many:
            names = (
                Card.objects.filter(pk__in=too_many).order_by("name").values_list("name", flat=True)
            )
            raise DeckInputError(
                _("Po dodaniu tych kopii mielibyśmy ich ponad %(max)d: %(names)s.")
                % {"max": MAX_COPIES, "names": ", ".join(names)},
                "cards",
            )
        if replace:
            held.delete()
        OwnedCard.objects.bulk_create(
            [
                OwnedCard(collection=collection, card_id=card_id, count=count, editions=kept)
                for card_id, (count, kept) in final.items()
            ],
            update_conflicts=True,
            unique_fields=["collection", "card"],
            update_fields=["count", "editions"],
        )
        return OwnedCard.objects.filter(collection=collection, card__game=game).count()


def set_wanted(*, owner: AbstractBaseUser, card: Card, count: int) -> int:
    """Put `count` copies of `card` on the owner's want list (0: take it off); return the count."""
    _check_count(count, card)
    with transaction.atomic():
        collection = _collection(owner)
        if count == 0:
            WantedCard.objects.filter(collection=collection, card=card).delete()
        else:
            WantedCard.objects.update_or_create(
                collection=collection, card=card, defaults={"count": count}
            )
    return count


def want_missing(*, owner: AbstractBaseUser, ownership: DeckOwnership) -> int:
    """Put on the want list the copies a deck needs beyond the owner's; return the cards added."""
    missing = {needed.card.pk: needed.missing for needed in ownership.missing}
    if not missing:
        return 0
    with transaction.atomic():
        collection = _collection(owner)
        wanted = dict(
            WantedCard.objects.select_for_update()
            .filter(collection=collection, card_id__in=missing)
            .values_list("card_id", "count")
        )
        raised = {
            card_id: count for card_id, count in missing.items() if count > wanted.get(card_id, 0)
        }
        WantedCard.objects.bulk_create(
            [
                WantedCard(collection=collection, card_id=card_id, count=count)
                for card_id, count in raised.items()
            ],
            update_conflicts=True,
            unique_fields=["collection", "card"],
            update_fields=["count"],
        )
    return len(raised)


def clear_wanted(*, owner: AbstractBaseUser, game: Game) -> int:
    """Empty the owner's want list of `game`; return how many cards left it."""
    with transaction.atomic():
        collection = _collection(owner)
        deleted, _rows = WantedCard.objects.filter(collection=collection, card__game=game).delete()
    return deleted


def share_collection(*, owner: AbstractBaseUser, shared: bool) -> str:
    """Open the owner's collection to anyone with a new secret link, or close it; return the key."""
    with transaction.atomic():
        collection = _collection(owner)
        collection.share_key = secrets.token_urlsafe(16) if shared else ""
        collection.save(update_fields=["share_key", "updated"])
    return collection.share_key
