"""The games the catalogue serves: their cards counted, their attributes declared."""

from django.db.models import Count, QuerySet

import rules
from cardbase.filters import catalogue_attributes
from cardbase.models import Game
from rules.core.schema import Attribute


def games_with_card_counts() -> QuerySet[Game]:
    """Return every game served with the number of its cards in the catalogue (`card_count`)."""
    served = Game.objects.filter(slug__in=rules.game_ids())
    return served.annotate(card_count=Count("cards")).order_by("name")


def game_attributes(game: str | None) -> tuple[Attribute, ...]:
    """Return the attributes of one game, or of every game for None (first declaration first)."""
    return rules.get_game(game).schema.attributes if game else catalogue_attributes()
