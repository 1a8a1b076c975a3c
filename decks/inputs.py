"""Read the builder's raw input (its JSON save, its form posts) into the services' typed values.

Each fault is a DeckInputError naming its field, raised for the first fault in the order the
builder's fields come, so that the view answers with one message. An option's value is checked
against the deck's game here, where the builder's save is read; what needs the catalogue (the
card is the game's, its section takes it) is left to decks.services.
"""

import re
from collections.abc import Iterable, Mapping
from typing import TypedDict

from django.utils.translation import gettext as _

from decks.errors import (
    DeckInputError,
    copies_out_of_range,
    listed_twice,
    option_missing,
    shown,
    too_many_cards,
    type_name,
    unknown_value,
)
from decks.limits import (
    DESCRIPTION_MAX,
    MAX_CARD_ID,
    MAX_COPIES_PER_ENTRY,
    MAX_DISTINCT_CARDS,
    NAME_MAX,
)
from decks.models import Visibility
from rules.core.schema import Game as GameRules
from rules.core.schema import Option

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_SESSION = re.compile(r"[0-9a-f]{1,32}", re.ASCII)


class DeckChanges(TypedDict, total=False):
    """What one save of the builder changes, as deck_update's arguments; a key left out stays."""

    name: str
    description: str
    options: dict[str, str | None]  # None clears an option
    visibility: str
    cards: dict[tuple[int, str | None], int]  # {(card id, section id or None for the home): count}


def _text(value: object, *, field: str, label: str, max_chars: int | None) -> str:
    """Check that `value` is storable text of at most `max_chars` characters (None: any)."""
    if not isinstance(value, str):
        raise DeckInputError(
            _("%(label)s: oczekiwano tekstu, a podano %(type)s.")
            % {"label": label, "type": type_name(value)},
            field,
        )
    if "\x00" in value:
        # PostgreSQL cannot store NUL in text; refuse it here rather than fail in the database.
        raise DeckInputError(
            _("%(label)s: tekst nie może zawierać znaku NUL.") % {"label": label}, field
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # JSON's "\ud800" decodes to a lone surrogate no database takes
        raise DeckInputError(
            _("%(label)s: tekst zawiera niepoprawne znaki (niesparowany surogat UTF-16).")
            % {"label": label},
            field,
        ) from None
    if max_chars is not None and len(value) > max_chars:
        raise DeckInputError(
            _("%(label)s: najwyżej %(max)d znaków, a podano %(count)d.")
            % {"label": label, "max": max_chars, "count": len(value)},
            field,
        )
    return value


def deck_name(value: object) -> str:
    """Return a deck's name, its outer spaces taken off; it must not be empty or too long."""
    name = _text(value, field="name", label=_("Nazwa talii"), max_chars=None).strip()
    if not name:
        raise DeckInputError(_("Podaj nazwę talii."), "name")
    if len(name) > NAME_MAX:
        raise DeckInputError(
            _("Nazwa talii może mieć najwyżej %(max)d znaków.") % {"max": NAME_MAX}, "name"
        )
    return name


def description(value: object) -> str:
    """Return a deck's description, of at most DESCRIPTION_MAX characters."""
    return _text(value, field="description", label=_("Opis"), max_chars=DESCRIPTION_MAX)


def _choice(value: object, allowed_ids: Iterable[str], field: str) -> str:
    allowed_ids = list(allowed_ids)
    if not isinstance(value, str) or value not in allowed_ids:
        raise unknown_value(value, allowed_ids, field)
    return value


def _option_value(option: Option, value: object) -> str | None:
    """Return an option's value id; null clears the option, which a required one refuses."""
    if value is None:
        if option.required:
            raise option_missing(option)
        return None
    return _choice(value, (v.id for v in option.values), option.id)


def version(value: object) -> int:
    """Return the deck version a save was made to: a whole number from 1."""
    # bool is an int subclass, but `true` is no version number.
    if type(value) is not int or value < 1:
        raise DeckInputError(
            _("Numer wersji talii musi być dodatnią liczbą całkowitą, a podano %(value)s.")
            % {"value": shown(value)},
            "version",
        )
    return value


def edit_session_id(value: object) -> str:
    """Return the id of an editing session: hex, up to 32 characters; empty for none."""
    if not isinstance(value, str) or not (value == "" or _SESSION.fullmatch(value)):
        raise DeckInputError(_("Niepoprawny identyfikator sesji edycji."), "session")
    return value


def _whole_number(value: object) -> int | None:
    """Return an int given as an int or a string of ASCII digits; None for anything else."""
    if type(value) is int:
        return value
    if isinstance(value, str):
        digits = value.strip()
        # Test the length before int(): a megabyte of digits must not become a bignum.
        if _DIGITS.fullmatch(digits) and len(digits.lstrip("0")) <= len(str(MAX_CARD_ID)):
            return int(digits)
    return None


def card_id(value: object) -> int:
    """Return a card id given as a number or digits; it must fit a 64-bit database key."""
    number = _whole_number(value)
    if number is None or not 1 <= number <= MAX_CARD_ID:
        raise DeckInputError(
            _("„%(id)s” nie jest numerem karty: numer to liczba całkowita od 1 do %(max)d.")
            % {"id": shown(value), "max": MAX_CARD_ID},
            "cards",
        )
    return number


def _card_slot(key: str) -> tuple[int, str | None]:
    """Return (card id, section id or None for the home) of a builder key: "12" or "12:groups"."""
    card, _colon, section = key.partition(":")
    return card_id(card), section or None


def builder_cards(value: object) -> dict[tuple[int, str | None], int]:
    """Return the builder's cards {"<card id>:<section id>": count} as {(card id, section): count}.

    A key without a section (or with an empty one) is the card in its kind's home section;
    a count of 0 leaves the card out.
    """
    if not isinstance(value, Mapping):
        raise DeckInputError(
            _("Karty podaje się jako słownik {numer karty: liczba kopii}, a podano %(type)s.")
            % {"type": type_name(value)},
            "cards",
        )
    if len(value) > MAX_DISTINCT_CARDS:
        raise too_many_cards()
    cards: dict[tuple[int, str | None], int] = {}
    for key, raw_count in value.items():
        # JSON keys are text; a number is a card id without a section.
        slot = _card_slot(key) if isinstance(key, str) else (card_id(key), None)
        if slot in cards:
            raise listed_twice(slot[0])
        count = _whole_number(raw_count)
        if count is None:
            raise DeckInputError(
                _("Karta %(id)d: liczba kopii musi być liczbą całkowitą, a podano %(value)s.")
                % {"id": slot[0], "value": shown(raw_count)},
                "cards",
            )
        if not 0 <= count <= MAX_COPIES_PER_ENTRY:
            raise copies_out_of_range(slot[0])
        cards[slot] = count
    return cards


def read_builder_changes(data: Mapping[str, object], *, game: GameRules) -> DeckChanges:
    """Read what a builder save changes: name, description, the game's options, visibility, cards.

    A value left out or null stays as it is; an option is changed only when given, and null
    clears it.
    """
    changes = DeckChanges()
    if data.get("name") is not None:
        changes["name"] = deck_name(data["name"])
    if data.get("description") is not None:
        changes["description"] = description(data["description"])
    options = {o.id: _option_value(o, data[o.id]) for o in game.options if o.id in data}
    if options:
        changes["options"] = options
    if data.get("visibility") is not None:
        changes["visibility"] = _choice(data["visibility"], Visibility.values, "visibility")
    if data.get("cards") is not None:
        changes["cards"] = builder_cards(data["cards"])
    return changes
