"""Deck statistics, sample hands and the print sheet: thin views over decks.analysis."""

import secrets

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from cardbase.language import page_lang
from decks import analysis
from decks.selectors.sheet import deck_sheet
from decks.view_helpers import readable_deck_or_404

# Seeds are shown in links; keep them short enough to read and copy.
MAX_SEED = 2**31


def _seed(value: str | None) -> int:
    """Return the seed asked for, or a fresh one when none (or no number) is given."""
    try:
        seed = int(value or "")
    except ValueError:
        return secrets.randbelow(MAX_SEED)
    return seed if 0 <= seed < MAX_SEED else secrets.randbelow(MAX_SEED)


@require_safe
def deck_stats(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    sheet = deck_sheet(deck, lang=page_lang())
    return render(
        request,
        "decks/deck_stats.html",
        {"deck": deck, "sheet": sheet, "analysis": analysis.deck_analysis(sheet)},
    )


@require_safe
def deck_hand(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    if deck.game_rules.hand is None:
        raise Http404("this game declares no opening hand")
    sheet = deck_sheet(deck, lang=page_lang())
    hand = analysis.sample_hand(
        sheet, seed=_seed(request.GET.get("seed")), redraw=request.GET.get("redraw") == "1"
    )
    return render(
        request,
        "decks/deck_hand.html",
        {
            "deck": deck,
            "sheet": sheet,
            "hand": hand,
            "hand_rule": deck.game_rules.hand,
            "odds": analysis.deck_odds(sheet),
            "odds_labels": analysis.odds_labels(sheet),
            "next_seed": secrets.randbelow(MAX_SEED),
        },
    )


@require_safe
def deck_print(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    return render(
        request,
        "decks/deck_print.html",
        {"deck": deck, "sheet": deck_sheet(deck, lang=page_lang())},
    )
