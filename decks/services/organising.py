"""File a player's own decks: folders, tags and the archive.

None of it is a save of the deck: its version and history stay as they are. The values come
checked from the boundaries (decks.organise_inputs, by the forms and the API's serializers);
what needs the database (a name taken, a folder of another player) is refused here.
"""

from enum import Enum
from typing import Final, Literal

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from decks.errors import DeckInputError, unknown_folder
from decks.limits import MAX_FOLDERS
from decks.models import Deck, DeckFolder, DeckTag


class _Unchanged(Enum):
    UNCHANGED = "unchanged"


# A deck_organise argument left as it is (for `folder`, where None means "in no folder").
UNCHANGED: Final = _Unchanged.UNCHANGED


def _name_taken(name: str) -> DeckInputError:
    return DeckInputError(_("Masz już folder o nazwie „%(name)s”.") % {"name": name}, "name")


def _refuse_taken_name(*, owner_id: int, name: str, folder: DeckFolder | None = None) -> None:
    """Refuse a name another of the owner's folders has, ignoring case in every alphabet."""
    others = DeckFolder.objects.filter(owner_id=owner_id)
    if folder is not None:
        others = others.exclude(pk=folder.pk)
    # In Python: SQLite's lower() folds ASCII letters only, so "Łąka" and "łąka" differ there.
    wanted = name.casefold()
    for other in others.values_list("name", flat=True):
        if other.casefold() == wanted:
            raise _name_taken(other)


def _saved(folder: DeckFolder) -> DeckFolder:
    """Save the folder; two requests racing to one name meet the database's own constraint."""
    try:
        with transaction.atomic():
            folder.save()
    except IntegrityError:
        raise _name_taken(folder.name) from None
    return folder


@transaction.atomic
def folder_create(*, owner: AbstractBaseUser, name: str) -> DeckFolder:
    """Create a folder of the owner's; refuse a name they use already or a folder over the limit."""
    if DeckFolder.objects.filter(owner=owner).count() >= MAX_FOLDERS:
        raise DeckInputError(
            _("Możesz mieć najwyżej %(max)d folderów; usuń któryś, by założyć nowy.")
            % {"max": MAX_FOLDERS},
            "name",
        )
    _refuse_taken_name(owner_id=owner.pk, name=name)
    return _saved(DeckFolder(owner=owner, name=name))


@transaction.atomic
def folder_rename(*, folder: DeckFolder, name: str) -> DeckFolder:
    """Rename a folder; refuse a name another of the owner's folders has."""
    _refuse_taken_name(owner_id=folder.owner_id, name=name, folder=folder)
    folder.name = name
    return _saved(folder)


def folder_delete(*, folder: DeckFolder) -> None:
    """Delete a folder; its decks stay, in no folder."""
    folder.delete()


def deck_file(*, deck: Deck, folder: DeckFolder | None) -> Deck:
    """Put the deck in one of its owner's folders (None: in none)."""
    if folder is not None and folder.owner_id != deck.owner_id:
        raise unknown_folder()
    Deck.objects.filter(pk=deck.pk).update(folder=folder)
    deck.folder = folder
    return deck


@transaction.atomic
def deck_tag(*, deck: Deck, tags: list[str]) -> Deck:
    """Give the deck these tags (checked and normalised) in place of its own.

    A change moves the deck's `updated`, as a save does: the deck's shared page shows its tags,
    and is cached by a version that reads `updated` (decks.selectors.page_version).
    """
    held = set(deck.tags.values_list("name", flat=True))
    wanted = set(tags)
    if held == wanted:
        return deck
    deck.tags.filter(name__in=held - wanted).delete()
    DeckTag.objects.bulk_create(
        [DeckTag(deck=deck, name=name) for name in tags if name not in held]
    )
    deck.updated = timezone.now()
    # QuerySet.update() skips auto_now, as in decks.services.editing.deck_update.
    Deck.objects.filter(pk=deck.pk).update(updated=deck.updated)
    return deck


def deck_archive(*, deck: Deck, archived: bool = True) -> Deck:
    """Take the deck off its owner's list and the public one (False: bring it back).

    Its link, history and everything else stay as they are.
    """
    Deck.objects.filter(pk=deck.pk).update(archived=archived)
    deck.archived = archived
    return deck


@transaction.atomic
def deck_organise(
    *,
    deck: Deck,
    folder: DeckFolder | None | Literal[_Unchanged.UNCHANGED] = UNCHANGED,
    tags: list[str] | None = None,
    archived: bool | None = None,
) -> Deck:
    """File, tag and archive the deck at once (each left as it is when not given); all or nothing."""
    if folder is not UNCHANGED:
        deck_file(deck=deck, folder=folder)
    if tags is not None:
        deck_tag(deck=deck, tags=tags)
    if archived is not None:
        deck_archive(deck=deck, archived=archived)
    return deck
