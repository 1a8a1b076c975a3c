"""Template helpers for deck statistics and opening-hand odds."""

import math
from decimal import Decimal
from fractions import Fraction

from django import template
from django.utils.formats import number_format

from decks import analysis

register = template.Library()


@register.simple_tag
def deck_analysis(sheet):
    """Chart a deck sheet and work out its opening-hand odds."""
    return analysis.deck_analysis(sheet)


@register.filter
def percent(chance: Fraction) -> str:
    """Show a chance to 0.1 %, never rounding a near-certainty to 100 % or a long shot to 0 %."""
    if chance in (0, 1):
        return f"{int(chance * 100)}%"
    # Round half up on the exact fraction, in tenths of a percent.
    tenths = math.floor(Fraction(chance) * 1000 + Fraction(1, 2))
    if tenths == 0:
        return f"<\u00a0{number_format(Decimal('0.1'), 1)}%"
    if tenths == 1000:
        return f">\u00a0{number_format(Decimal('99.9'), 1)}%"
    return f"{number_format(Decimal(tenths) / 10, 1)}%"
