"""Template helpers for showing card facts, unknowns included."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

from cardbase.hyphens import hyphenated
from cardbase.selectors.card_facts import card_facts, leading_values, source_labels
from cardbase.selectors.card_page import primary_printing

register = template.Library()


@register.simple_tag
def known(value, width: int = 0):
    """Show a value, or mark it unknown: a blank is never guessed."""
    if value is None or value == "":
        return format_html('<span class="unknown">{}</span>', _("nieznane"))
    if width and isinstance(value, int):
        return f"{value:0{width}d}"
    return value


@register.simple_tag
def fact_value(fact):
    """Show a fact as its card prints it: its pictures where it has them, else its value."""
    if fact.icons:
        return format_html_join(
            "",
            '<img class="icon" src="{}" alt="{}" title="{}" width="16" height="16">',
            ((static(icon.path), icon.label, icon.label) for icon in fact.icons),
        )
    return known(fact.value)


@register.simple_tag
def card_image_url(card) -> str:
    """Return the scan's thumbnail if an operator uploaded one, else the generated face."""
    printing = primary_printing(card)
    if printing and printing.thumbnail:
        return printing.thumbnail.url
    return card.get_face_url()


@register.filter
def field_labels(names, card) -> str:
    """Name the facts a source gives the way the page labels them, not by their identifiers."""
    return source_labels(card, names)


@register.filter
def card_meta(card) -> str:
    """Return a tile's line: the kind, then the known values of its kind's first two choices."""
    return " · ".join([card.kind_label(), *map(str, leading_values(card))])


@register.simple_tag
def table_cells(card, columns) -> list:
    """Return a table row's cells: a fact per column, None where the card's kind lacks it."""
    facts = {f.id: f for f in card_facts(card)}
    return [facts.get(column.id) for column in columns]


@register.filter
def name_in_tile(card) -> str:
    """Return a card's name with the places it may break, in its game's printed language."""
    return hyphenated(card.name, card.game_rules.card_language)
