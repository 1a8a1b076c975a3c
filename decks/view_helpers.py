"""Look up decks for the pages, answering 404 alike for a missing deck and one the user may not see."""

from django.http import Http404, HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from decks.models import Deck
from decks.selectors.access import deck_for_owner, deck_for_viewer


def own_deck_or_404(request: HttpRequest, deck_id) -> Deck:
    """Return the user's own deck, or raise 404."""
    try:
        return deck_for_owner(deck_id=deck_id, user=request.user)
    except Deck.DoesNotExist:
        raise Http404(_("Nie ma takiej talii albo nie jest twoja.")) from None


def readable_deck_or_404(request: HttpRequest, deck_id) -> Deck:
    """Return a deck the user may open, or raise 404 (private decks of others included)."""
    try:
        return deck_for_viewer(deck_id=deck_id, user=request.user)
    except Deck.DoesNotExist:
        raise Http404(_("Nie ma takiej talii albo jest prywatna.")) from None


def safe_next(request: HttpRequest, default: str) -> str:
    """Return the page to go back to: the posted `next` if it stays on this site, else `default`."""
    back = request.POST.get("next") or ""
    if back and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return default
