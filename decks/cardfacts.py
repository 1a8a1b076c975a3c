"""What deck pages read of a card: its attributes, their labels and its copy limit.

A card's attributes live in one JSON field keyed by its game's attribute ids (cardbase); a missing
key is unknown. Labels come from the game's declaration (rules/), in the page's language.
The Aniołowie facts (copy limits, choirs) are imported from its rules until the Game declaration
carries them for every game.
"""

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cardbase.models import Card
from rules.aniolowie.schema import copy_limit
from rules.core.schema import CardSchema


def page_lang() -> str:
    """Return the language code labels are read in: "en" on English pages, else "pl"."""
    return "en" if (get_language() or "pl").startswith("en") else "pl"


def card_copy_limit(card: Card) -> int | None:
    """Return how many copies of the card a deck may hold, None while its edition is unknown."""
    try:
        return copy_limit(card.attribute("edition_symbol"))
    except ValueError:
        return None


def value_label(schema: CardSchema, attribute_id: str, value, lang: str | None = None):
    """Return the label of an attribute's value in `lang` (the page's by default); None if unknown."""
    if value is None or value == "":
        return None
    attribute = schema.attribute(attribute_id)
    if attribute is None or attribute.type != "choice":
        return value
    return attribute.value_label(value, lang or page_lang())


def kind_label(schema: CardSchema, kind_id: str, lang: str | None = None) -> str:
    """Return the label of a kind of card in `lang` (the page's by default)."""
    kind = schema.kind(kind_id)
    return kind.label(lang or page_lang()) if kind else kind_id


def choir_label(choir: str, faction: str) -> str:
    """Name a choir the way its faction does: Chór for the Lord's angels, Krąg for the Fallen."""
    words = {"lord": _("Chór"), "fallen": _("Krąg")}
    return f"{words.get(faction, _('Chór / Krąg'))} {choir}"
