"""Reads for accounts."""

from django.contrib.auth import get_user_model
from django.db.models.functions import Length

from accounts.usernames import skeleton


def username_look_alike(*, name: str, exclude_pk: int | None = None) -> str | None:
    """Return an existing player's name that looks like `name` (one skeleton), or None."""
    target = skeleton(name)
    # A skeleton has as many characters as its (NFKC) name, as stored names are: only names of
    # that length can match, so the comparison reads a handful of rows, not every player.
    users = (
        get_user_model()
        .objects.annotate(name_length=Length("username"))
        .filter(name_length=len(target))
    )
    if exclude_pk is not None:
        users = users.exclude(pk=exclude_pk)
    for other in users.values_list("username", flat=True).iterator():
        if skeleton(other) == target:
            return other
    return None
