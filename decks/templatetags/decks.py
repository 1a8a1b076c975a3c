"""Template helpers for deck pages."""

from django import template
from django.utils.safestring import mark_safe

from cardbase.language import page_lang
from decks.description import render_description

register = template.Library()


@register.filter
def get_item(mapping, key):
    """Look a key up in a dict (the builder's card counts)."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter(is_safe=True)
def markdown(text: str) -> str:
    """Render a deck description's Markdown as safe HTML showing only this site's images."""
    return mark_safe(render_description(text))  # noqa: S308 - sanitised by render_description


@register.filter
def attribute(card, attribute_id: str):
    """Return a card's attribute value, None while unknown (`{{ card|attribute:"level" }}`)."""
    return card.attribute(attribute_id)


@register.filter
def attribute_label(card, attribute_id: str):
    """Return the label of a card's attribute value in the page's language, None while unknown."""
    return card.value_label(attribute_id)


@register.filter
def option_labels(deck) -> list[tuple[str, str, str, str]]:
    """Return (option id, its label, value id, value label) of a deck's options, page language."""
    return deck.option_labels(page_lang())


@register.filter
def text_of(declaration, name: str) -> str:
    """Return a declaration's text (`{{ chart|text_of:"hint" }}`) in the page's language.

    A template cannot reach the text itself: it would call it, and a text needs its language.
    """
    text = getattr(declaration, name, None)
    return text(page_lang()) if text else ""


@register.filter
def ladder_chart(game):
    """Return a game's ladder chart declaration, None if it draws none."""
    return game.chart("ladder")


@register.filter
def home_section(card, deck) -> str:
    """Return the id of the section a card's kind lies in by default in `deck`'s game."""
    return deck.game_rules.home_id(card.kind)
