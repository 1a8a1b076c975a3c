"""The games the catalogue serves: their cards counted, their attributes declared."""

from dataclasses import dataclass

from django.db.models import Count

import rules
from cardbase.filters import catalogue_attributes
from cardbase.language import page_lang
from cardbase.models import Game
from cardbase.selectors.completeness import Share, shares_by_game
from rules.core.schema import Attribute


@dataclass(frozen=True)
class ServedGame:
    """A game as the home page lists it: its words in the page's language, its cards counted."""

    slug: str
    name: str
    summary: str
    card_count: int
    # Of the facts its cards may be given, how many a source gives.
    known: Share | None = None


def games_with_card_counts() -> list[ServedGame]:
    """Return every game served, by name, in the page's language, with its number of cards."""
    lang = page_lang()
    served = Game.objects.filter(slug__in=rules.game_ids()).annotate(card_count=Count("cards"))
    shares = shares_by_game()
    games = []
    for game in served:
        declared = rules.get_game(game.slug)
        summary = declared.summary(lang) if declared.summary else ""
        known = shares.get(game.slug)
        games.append(ServedGame(game.slug, declared.name(lang), summary, game.card_count, known))
    return sorted(games, key=lambda game: game.name.casefold())


def game_attributes(game: str | None) -> tuple[Attribute, ...]:
    """Return the attributes of one game, or of every game for None (first declaration first)."""
    return rules.get_game(game).schema.attributes if game else catalogue_attributes()
