"""Which decks a player may open: their own, the shared ones, one deck by its id."""

from uuid import UUID

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from decks.models import Deck


def decks_of(*, user: User | AnonymousUser) -> QuerySet[Deck]:
    """Return the user's own decks (archived ones too), newest first, as a list shows them."""
    return (
        Deck.objects.owned_by(user)
        .for_list_page()
        .prefetch_related("tags")
        .order_by("-updated", "pk")
    )


def original_for_viewer(*, deck: Deck, user: User | AnonymousUser) -> Deck | None:
    """Return the deck this one was copied from, if it is public or the user's own."""
    if not deck.copied_from_id:
        return None
    # Not every readable deck: a fork must not pass on the address of an unlisted original.
    shown = Deck.objects.public() | Deck.objects.owned_by(user)
    return shown.for_listing().filter(pk=deck.copied_from_id).first()


def decks_readable_by(*, user: User | AnonymousUser) -> QuerySet[Deck]:
    """Return every deck the user may open: their own and anyone's shared ones."""
    return Deck.objects.readable_by(user).for_listing()


def public_decks() -> QuerySet[Deck]:
    """Return the decks listed for everyone, newest first, as a list shows them.

    An archived deck is not listed, though its link still opens it.
    """
    return (
        Deck.objects.public()
        .filter(archived=False)
        .for_list_page()
        .prefetch_related("tags")
        .order_by("-updated")
    )


def parse_deck_id(deck_id: UUID | str) -> UUID:
    """Return a deck's id as a UUID; raise Deck.DoesNotExist for text that is none."""
    try:
        return deck_id if isinstance(deck_id, UUID) else UUID(str(deck_id))
    except ValueError:
        raise Deck.DoesNotExist from None


def deck_for_viewer(*, deck_id: UUID | str, user: User | AnonymousUser) -> Deck:
    """Return a deck the user may open; a private deck of another is as absent as a missing one."""
    return Deck.objects.readable_by(user).for_listing().get(pk=parse_deck_id(deck_id))


def deck_for_owner(*, deck_id: UUID | str, user: User | AnonymousUser) -> Deck:
    """Return one of the user's own decks, or raise Deck.DoesNotExist."""
    return Deck.objects.owned_by(user).for_listing().get(pk=parse_deck_id(deck_id))
