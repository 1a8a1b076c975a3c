"""A deck's picture (PNG), as it is now or as one of its versions left it, for link previews."""

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import content_disposition_header, parse_etags
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from cardbase.language import page_lang
from decks.deck_images import DeckImage, deck_image, deck_version_image
from decks.models import Deck, Visibility
from decks.selectors.history import visible_version_by_number
from decks.view_helpers import readable_deck_or_404

# How long a shared cache may keep a shared deck's picture: an edit or a deck made private
# reaches previews within this time (the picture's address does not change with the deck).
SHARED_MAX_AGE = 300


def _lang(request: HttpRequest) -> str | None:
    """Return the language `?lang=` asks for (a page's tags name it), else the page's; None for
    one the site does not speak."""
    asked = request.GET.get("lang")
    if asked is None:
        return page_lang()
    return asked if asked in dict(settings.LANGUAGES) else None


def _unknown_language(request: HttpRequest) -> HttpResponse:
    message = _("Nieznany język: %(lang)s.") % {"lang": request.GET.get("lang", "")[:20]}
    return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")


def _answer(request: HttpRequest, deck: Deck, image: DeckImage, name: str) -> HttpResponse:
    """Answer with the picture, or 304 when the client holds it already."""
    if image.etag in parse_etags(request.META.get("HTTP_IF_NONE_MATCH", "")):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(image.png(), content_type="image/png")
        response["Content-Disposition"] = content_disposition_header(
            False, f"{slugify(name) or 'deck'}.png"
        )
    response["ETag"] = image.etag
    if deck.visibility == Visibility.PRIVATE:
        # Its owner's alone: no shared cache may keep it.
        patch_cache_control(response, private=True, no_cache=True)
    else:
        patch_cache_control(response, public=True, max_age=SHARED_MAX_AGE)
    # Without `?lang=` the language follows the visitor's cookie or browser, as faces do.
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


@require_safe
def deck_image_png(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    lang = _lang(request)
    if lang is None:
        return _unknown_language(request)
    return _answer(request, deck, deck_image(deck=deck, lang=lang), deck.name)


@require_safe
def deck_version_image_png(request: HttpRequest, deck_id, number: int) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    version = visible_version_by_number(deck=deck, user=request.user, number=number)
    if version is None:
        raise Http404(_("Ta talia nie ma takiej wersji albo ta wersja nie jest widoczna."))
    lang = _lang(request)
    if lang is None:
        return _unknown_language(request)
    image = deck_version_image(deck=deck, version=version, lang=lang)
    return _answer(request, deck, image, version.name)
