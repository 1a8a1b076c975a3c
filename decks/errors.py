"""The faults of a deck write (bad input, a stale version) and the words they are reported in.

The input checks (decks.inputs) and the services (decks.services) raise the same faults with
the same words, so both build them here.
"""

from collections.abc import Iterable, Mapping

from django.utils import translation
from django.utils.translation import gettext as _

from decks.limits import MAX_COPIES_PER_ENTRY, MAX_DISTINCT_CARDS
from rules.core.schema import Option

# Echoed in messages: a pasted megabyte of digits is cut, not repeated.
_SHOWN_CHARS = 24


class DeckInputError(ValueError):
    """Input a deck cannot take; `field` names where (e.g. "cards", "name")."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class DeckConflict(Exception):
    """The deck was saved elsewhere since the caller read it; nothing was written."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"the deck is now at version {current_version}")
        self.current_version = current_version


def shown(value: object) -> str:
    """Return a value as a message echoes it: text and numbers as they are, cut to a few words."""
    text = (
        str(value) if isinstance(value, str | int) and not isinstance(value, bool) else repr(value)
    )
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 1] + "…"


def type_name(value: object) -> str:
    """Name a JSON value's type in Polish (accusative), for "expected text, got …"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("wartość logiczną")
    if isinstance(value, int | float):
        return _("liczbę")
    if isinstance(value, list | tuple):
        return _("listę")
    if isinstance(value, Mapping):
        return _("obiekt")
    return type(value).__name__


def unknown_value(value: object, allowed_ids: Iterable[str], field: str) -> DeckInputError:
    """Return the fault of a value that is none of `allowed_ids` (text or not)."""
    return DeckInputError(
        _("Nieznana wartość %(value)s; dozwolone: %(allowed)s.")
        % {
            "value": shown(value) if isinstance(value, str) else type_name(value),
            "allowed": ", ".join(allowed_ids),
        },
        field,
    )


def option_missing(option: Option) -> DeckInputError:
    """Return the fault of a required deck option left unchosen."""
    return DeckInputError(
        _("Wybierz: %(option)s.") % {"option": option.label(translation.get_language())},
        option.id,
    )


def listed_twice(card_id: int) -> DeckInputError:
    """Return the fault of one card given twice for one place."""
    return DeckInputError(_("Karta %(id)d jest podana więcej niż raz.") % {"id": card_id}, "cards")


def copies_out_of_range(card_id: int) -> DeckInputError:
    """Return the fault of a card count below 0 or over the limit."""
    return DeckInputError(
        _("Karta %(id)d: liczba kopii musi wynosić od 0 do %(max)d.")
        % {"id": card_id, "max": MAX_COPIES_PER_ENTRY},
        "cards",
    )


def too_many_cards() -> DeckInputError:
    """Return the fault of a deck of more distinct cards than the limit."""
    return DeckInputError(
        _("Talia może mieć najwyżej %(max)d różnych kart.") % {"max": MAX_DISTINCT_CARDS},
        "cards",
    )


def unknown_folder() -> DeckInputError:
    """Return the fault of a folder that is not the player's own (or no longer exists)."""
    return DeckInputError(_("Nie masz takiego folderu (może został usunięty)."), "folder")
