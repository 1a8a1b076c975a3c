"""What deck pages read of a game's schema: the labels of attribute values.

A card's attributes live in one JSON field keyed by its game's attribute ids (cardbase); a missing
key is unknown. Labels come from the game's declaration (rules/), in the page's language.
"""

from cardbase.language import page_lang
from rules.core.schema import CardSchema


def value_label(schema: CardSchema, attribute_id: str, value, lang: str | None = None):
    """Return the label of an attribute's value in `lang` (the page's by default); None if unknown."""
    if value is None or value == "":
        return None
    attribute = schema.attribute(attribute_id)
    if attribute is None or attribute.type != "choice":
        return value
    return attribute.value_label(value, lang or page_lang())
