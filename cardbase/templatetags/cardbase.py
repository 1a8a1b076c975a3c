"""Template helpers for showing card facts, unknowns included."""

from django import template
from django.core.exceptions import FieldDoesNotExist
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from cardbase.models import Card
from cardbase.selectors import primary_printing

register = template.Library()


@register.simple_tag
def known(value, width: int = 0):
    """Show a value, or mark it unknown: a blank is never guessed."""
    if value is None or value == "":
        return format_html('<span class="unknown">{}</span>', _("nieznane / unknown"))
    if width and isinstance(value, int):
        return f"{value:0{width}d}"
    return value


@register.simple_tag
def card_image_url(card) -> str:
    """Return the scan's thumbnail if an operator uploaded one, else the generated face."""
    printing = primary_printing(card)
    if printing and printing.thumbnail:
        return printing.thumbnail.url
    return reverse("card-face", kwargs={"slug": card.slug})


@register.filter
def field_labels(names) -> str:
    """Name card fields the way the page labels them, not by their identifiers."""
    labels = []
    for name in names:
        try:
            labels.append(str(Card._meta.get_field(name).verbose_name))
        except FieldDoesNotExist:  # a fixture may cite a fact the model has no field for
            labels.append(name)
    return ", ".join(labels)
