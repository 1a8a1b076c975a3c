"""Read a player's folder names and tags into the checked values decks.services.organising takes.

The site's forms and the API's serializers both check by these, so a name or a tag is refused in
the same words everywhere; each fault is a DeckInputError naming its field.
"""

import unicodedata
from collections.abc import Iterable

from django.utils.translation import gettext as _

from decks.errors import DeckInputError, shown, type_name
from decks.limits import FOLDER_NAME_MAX, MAX_TAGS_PER_DECK, TAG_MAX_CHARS

# A tag's characters besides letters (any alphabet's, Polish ones among them).
_TAG_DIGITS = frozenset("0123456789")
_TAG_JOINERS = frozenset(" -")
# What separates tags typed in one box: "aggro, upadli".
TAG_SEPARATOR = ","


def _plain_text(value: object, *, field: str, label: str) -> str:
    """Return `value` as NFC text a database stores; refuse other types and control characters."""
    if not isinstance(value, str):
        raise DeckInputError(
            _("%(label)s: oczekiwano tekstu, a podano %(type)s.")
            % {"label": label, "type": type_name(value)},
            field,
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # JSON's "\ud800" decodes to a lone surrogate no database takes
        raise DeckInputError(
            _("%(label)s: tekst zawiera niepoprawne znaki.") % {"label": label}, field
        ) from None
    # NUL (which PostgreSQL cannot store), tabs, newlines: a name or a tag is one short line.
    if any(unicodedata.category(char) == "Cc" for char in value):
        raise DeckInputError(
            _("%(label)s: tekst nie może zawierać znaków sterujących.") % {"label": label}, field
        )
    # "ą" typed as "a" and a combining ogonek is the same tag as "ą" in one character.
    return unicodedata.normalize("NFC", value)


def folder_name(value: object) -> str:
    """Return a folder's name trimmed; refuse an empty one or one over FOLDER_NAME_MAX characters."""
    name = " ".join(_plain_text(value, field="name", label=_("Nazwa folderu")).split())
    if not name:
        raise DeckInputError(_("Podaj nazwę folderu."), "name")
    if len(name) > FOLDER_NAME_MAX:
        raise DeckInputError(
            _("Nazwa folderu może mieć najwyżej %(max)d znaków, a ma %(count)d.")
            % {"max": FOLDER_NAME_MAX, "count": len(name)},
            "name",
        )
    return name


def searched_tag(value: str) -> str:
    """Return a tag as the lists look it up: trimmed, its spaces single, lower-case."""
    return unicodedata.normalize("NFC", " ".join(value.split()).lower())


def tag(value: object) -> str:
    """Return one tag as stored (see `searched_tag`); refuse one too long or of other characters."""
    text = searched_tag(_plain_text(value, field="tags", label=_("Tag")))
    if not text:
        raise DeckInputError(_("Tag nie może być pusty."), "tags")
    if len(text) > TAG_MAX_CHARS:
        raise DeckInputError(
            _("Tag „%(tag)s” jest za długi: najwyżej %(max)d znaków.")
            % {"tag": shown(text), "max": TAG_MAX_CHARS},
            "tags",
        )
    allowed = all(char.isalpha() or char in _TAG_DIGITS or char in _TAG_JOINERS for char in text)
    if not allowed or text[0] in _TAG_JOINERS or text[-1] in _TAG_JOINERS:
        raise DeckInputError(
            _(
                "Tag „%(tag)s”: dozwolone są litery, cyfry, spacje i łączniki "
                "(łącznik nie na początku ani na końcu)."
            )
            % {"tag": shown(text)},
            "tags",
        )
    return text


def tags(values: Iterable[object]) -> list[str]:
    """Return the tags checked, each once, in the order given; refuse over MAX_TAGS_PER_DECK."""
    checked = list(dict.fromkeys(tag(value) for value in values))
    if len(checked) > MAX_TAGS_PER_DECK:
        raise DeckInputError(
            _("Talia może mieć najwyżej %(max)d tagów, a podano %(count)d.")
            % {"max": MAX_TAGS_PER_DECK, "count": len(checked)},
            "tags",
        )
    return checked


def tags_from_text(text: str) -> list[str]:
    """Return the tags typed in one box, comma-separated ("Aggro, upadli"), checked; blanks skipped."""
    return tags(part for part in text.split(TAG_SEPARATOR) if part.strip())
