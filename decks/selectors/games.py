"""The games a deck can be built for: those declared whose cards the catalogue holds."""

import rules
from cardbase.models import Game
from rules.core.schema import Game as GameRules


def games_with_rules() -> list[GameRules]:
    """Return the declared games a deck can be built for: those the catalogue holds."""
    stored = set(Game.objects.values_list("slug", flat=True))
    return [game for game in rules.all_games() if game.id in stored]


def game_for_new_deck(game_id: str | None) -> GameRules:
    """Return the game a new deck is for: the one asked for if decks can be built for it."""
    games = games_with_rules()
    return next((g for g in games if g.id == game_id), None) or rules.get_game(
        rules.default_game_id()
    )
