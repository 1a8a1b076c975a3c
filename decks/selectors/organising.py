"""A player's own filing of their decks: their folders, and which decks a view of "my decks" shows."""

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Lower

from decks.models import Deck, DeckFolder


def folders_of(*, user: User | AnonymousUser) -> QuerySet[DeckFolder]:
    """Return the user's folders by name, each with `deck_count`, its decks not archived."""
    if not user.is_authenticated:
        return DeckFolder.objects.none()
    return (
        DeckFolder.objects.filter(owner=user)
        .annotate(deck_count=Count("decks", filter=Q(decks__archived=False)))
        .order_by(Lower("name"), "pk")
    )


# Folder ids are 64-bit database keys: a larger number is no folder, and must not reach a query.
_MAX_FOLDER_ID = 2**63 - 1


def folder_for_owner(*, folder_id: int, user: User | AnonymousUser) -> DeckFolder:
    """Return one of the user's folders with its `deck_count`, or raise DeckFolder.DoesNotExist."""
    if not 0 < folder_id <= _MAX_FOLDER_ID:
        raise DeckFolder.DoesNotExist
    return folders_of(user=user).get(pk=folder_id)


@dataclass(frozen=True)
class DeckShelf:
    """Which of a player's decks a list shows: a folder's (or the unfiled), a tag's, the archive.

    None for `folder` and `archived` means either; `unfiled` asks for the decks in no folder.
    """

    folder: DeckFolder | None = None
    unfiled: bool = False
    tag: str = ""
    archived: bool | None = False


def decks_on_shelf(decks: QuerySet[Deck], shelf: DeckShelf) -> QuerySet[Deck]:
    """Keep the decks `shelf` shows."""
    if shelf.folder is not None:
        decks = decks.filter(folder=shelf.folder)
    elif shelf.unfiled:
        decks = decks.filter(folder__isnull=True)
    if shelf.tag:
        decks = decks.tagged(shelf.tag)
    if shelf.archived is not None:
        decks = decks.filter(archived=shelf.archived)
    return decks
