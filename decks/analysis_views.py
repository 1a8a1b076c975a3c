"""Deck statistics, sample hands and the print sheet: thin views over decks.analysis."""

import secrets

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from decks import analysis, selectors
from decks.models import Deck

# Seeds are shown in links; keep them short enough to read and copy.
MAX_SEED = 2**31


def _lang() -> str:
    return "en" if (get_language() or "pl").startswith("en") else "pl"


def _readable_deck(request: HttpRequest, deck_id) -> Deck:
    try:
        return selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
    except Deck.DoesNotExist:
        raise Http404(_("Nie ma takiej talii albo jest prywatna.")) from None


def _seed(value: str | None) -> int:
    """Return the seed asked for, or a fresh one when none (or no number) is given."""
    try:
        seed = int(value or "")
    except ValueError:
        return secrets.randbelow(MAX_SEED)
    return seed if 0 <= seed < MAX_SEED else secrets.randbelow(MAX_SEED)


@require_GET
def deck_stats(request: HttpRequest, deck_id) -> HttpResponse:
    deck = _readable_deck(request, deck_id)
    sheet = selectors.deck_sheet(deck, lang=_lang())
    return render(
        request,
        "decks/deck_stats.html",
        {"deck": deck, "sheet": sheet, "analysis": analysis.deck_analysis(sheet)},
    )


@require_GET
def deck_hand(request: HttpRequest, deck_id) -> HttpResponse:
    deck = _readable_deck(request, deck_id)
    sheet = selectors.deck_sheet(deck, lang=_lang())
    hand = analysis.sample_hand(
        deck, seed=_seed(request.GET.get("seed")), redraw=request.GET.get("redraw") == "1"
    )
    return render(
        request,
        "decks/deck_hand.html",
        {
            "deck": deck,
            "sheet": sheet,
            "hand": hand,
            "odds": analysis.deck_odds(sheet),
            "next_seed": secrets.randbelow(MAX_SEED),
        },
    )


@require_GET
def deck_print(request: HttpRequest, deck_id) -> HttpResponse:
    deck = _readable_deck(request, deck_id)
    return render(
        request,
        "decks/deck_print.html",
        {"deck": deck, "sheet": selectors.deck_sheet(deck, lang=_lang())},
    )
