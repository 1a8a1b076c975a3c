"""A card's attributes as its page and its tile read them: labels, values and pictures."""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from cardbase.language import page_lang
from cardbase.models import Card
from rules.core.schema import Attribute


@dataclass(frozen=True)
class Icon:
    """A picture a card prints for one value, with the words it stands for."""

    path: str  # under the site's static files
    label: str


@dataclass(frozen=True)
class Fact:
    """One attribute of a card as its page shows it: label, and value (None while unknown)."""

    id: str
    label: str
    value: Any
    long: bool = False  # a text shown as paragraphs
    # The value as the card prints it, one picture per item, where its values have pictures.
    icons: tuple[Icon, ...] = ()


def capitalised(text: str) -> str:
    """Return `text` with its first letter in capitals, the rest as it is."""
    return text[:1].upper() + text[1:]


def shown_value(card: Card, attribute: Attribute, lang: str):
    """Return a card's known value the way a page shows it; None stays None (unknown)."""
    value = card.attribute(attribute.id)
    if value is None or value == "":
        return None
    if attribute.multi and isinstance(value, list):
        if not value:
            # An empty list is known: the card prints none (the attribute's `empty` words), where the game allows it.
            return attribute.empty(lang) if attribute.empty else None
        return ", ".join(str(_one_value(card, attribute, item, lang)) for item in value)
    return _one_value(card, attribute, value, lang)


def shown_icons(card: Card, attribute: Attribute, lang: str) -> tuple[Icon, ...]:
    """Return the pictures of a card's values, repeats kept; none unless every value has one."""
    value = card.attribute(attribute.id)
    items = value if attribute.multi and isinstance(value, list) else [value]
    declared = [attribute.value(item) if isinstance(item, str) else None for item in items]
    if value is None or not all(item is not None and item.icon for item in declared):
        return ()
    return tuple(Icon(item.icon, item.label(lang)) for item in declared)


def _one_value(card: Card, attribute: Attribute, value, lang: str):
    if attribute.type == "choice":
        return attribute.card_value_label(value, card.attributes, lang)
    if attribute.type == "bool":
        return _("tak") if value else _("nie")
    if attribute.type == "int" and isinstance(value, int) and attribute.digits:
        return f"{value:0{attribute.digits}d}"
    return value


def card_facts(card: Card) -> list[Fact]:
    """Return every attribute the card's kind carries, in the schema's order, unknown included."""
    lang = page_lang()
    return [
        Fact(
            id=attribute.id,
            label=capitalised(attribute.card_label(card.attributes or {}, lang)),
            value=_labelled_value(card, attribute, lang),
            long=attribute.type == "text",
            icons=shown_icons(card, attribute, lang),
        )
        for attribute in card.schema.attributes_of(card.kind)
    ]


def leading_values(card: Card, count: int = 2) -> list:
    """Return the known values of the first `count` choices the card's kind carries (a tile's
    line), as `card_facts` shows them, without working out the rest."""
    lang = page_lang()
    chosen = [
        attribute
        for attribute in card.schema.attributes_of(card.kind)
        if attribute.facet and attribute.type == "choice" and not attribute.derived
    ][:count]
    values = (_labelled_value(card, attribute, lang) for attribute in chosen)
    return [value for value in values if value is not None]


def _labelled_value(card: Card, attribute: Attribute, lang: str):
    """Return a value shown after its label: an attribute named per card shows its plain value
    ("Label: II"), since the way it reads alone repeats the label ("Label II")."""
    value = card.attribute(attribute.id)
    if attribute.label_for is not None and isinstance(value, str):
        return attribute.value_label(value, lang)
    return shown_value(card, attribute, lang)


def source_labels(card: Card, names) -> str:
    """Name the facts a source gives the way the page labels them, not by their identifiers."""
    lang = page_lang()
    labels = []
    for name in names:
        attribute = card.schema.attribute(name)
        if attribute is not None:
            labels.append(attribute.label(lang))
        elif name == "text":
            labels.append(_("tekst karty"))
        elif name == "kind":
            labels.append(_("rodzaj"))
        else:  # a fixture may cite a fact the schema has no attribute for
            labels.append(name)
    return ", ".join(labels)
