"""What a game's catalogue knows, and the missing facts most wanted."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

import rules
from cardbase.models import Game
from cardbase.selectors.completeness import catalogue_completeness
from proposals.wanted import most_wanted


@require_safe
def completeness(request: HttpRequest, game: str) -> HttpResponse:
    """Show how complete the game's catalogue is and the missing facts most wanted."""
    if not rules.is_game(game):
        raise Http404
    served = get_object_or_404(Game, slug=game)
    return render(
        request,
        "proposals/completeness.html",
        {
            "game": served,
            "completeness": catalogue_completeness(served),
            "wanted": most_wanted(served),
        },
    )
