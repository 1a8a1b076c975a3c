"""A deck's history: its versions, and restoring one."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from decks import inputs
from decks.errors import DeckConflict, DeckInputError
from decks.selectors import history
from decks.services import editing
from decks.view_helpers import own_deck_or_404, readable_deck_or_404


@require_safe
def deck_history(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    page, entries = history.deck_history(
        deck=deck, user=request.user, page_number=request.GET.get("page")
    )
    return render(
        request,
        "decks/deck_history.html",
        {
            "deck": deck,
            "page": page,
            "entries": entries,
            "is_owner": deck.owner_id == request.user.pk,
        },
    )


@login_required
@require_POST
def deck_restore(request: HttpRequest, deck_id, number: int) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    try:
        version = inputs.version(int(request.POST.get("version", "")))
    except ValueError:  # missing, not a number, or no version a deck can have
        messages.error(request, _("Brak numeru wersji talii; odśwież stronę."))
        return redirect("deck-history", deck_id=deck.pk)
    # Apart from the form's own check: a version the deck never had is the service's refusal,
    # with its own words (DeckInputError is a ValueError too).
    restored = history.version_by_number(deck=deck, number=number)
    try:
        editing.deck_restore(deck=deck, number=number, expected_version=version)
    except DeckConflict:
        messages.error(
            request,
            _("Ta talia została w międzyczasie zmieniona gdzie indziej; nic nie przywrócono."),
        )
    except DeckInputError as error:
        messages.error(request, error.message)
    else:
        # The number pages show; the address keeps the save's number (see version_by_number).
        messages.success(
            request, _("Przywrócono wersję %(number)s.") % {"number": restored.ordinal}
        )
    return redirect("deck-history", deck_id=deck.pk)
