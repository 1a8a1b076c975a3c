"""A shared deck's list for other sites to frame: read-only, the same for every visitor, cached.

The page is made from the deck alone, never from who asks (no session, no CSRF token, no menu),
in the language its address names (`?lang=`), so one address is one body: browsers and shared
caches may keep it (`Cache-Control: public`) and revalidate it by its ETag, which moves with the
deck's page version (decks.selectors.page_version), the language and the release. Private decks
answer 404 to everyone, their owner too: an embed is for other sites' readers.

Only this view may be framed: its response replaces the site's `frame-ancestors 'none'` by
settings.EMBED_FRAME_ANCESTORS and carries no X-Frame-Options; every other page keeps both.
"""

from collections.abc import Callable
from functools import wraps

from csp.decorators import csp_replace
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_safe

from cardbase.language import page_lang
from common.page_cache import cache_get, cache_set, digest, release
from common.site_name import site_title
from decks.models import Deck
from decks.selectors.access import deck_for_viewer
from decks.selectors.page_version import deck_page_version
from decks.selectors.sheet import deck_sheet

# How long a browser or a shared cache may show its copy before asking again (by its ETag).
EMBED_MAX_AGE = 300


def framable(view: Callable) -> Callable:
    """Let the view's page be framed by settings.EMBED_FRAME_ANCESTORS, in whichever header
    carries the site's policy (read per response, so a test's settings apply)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        policy = {"frame-ancestors": list(settings.EMBED_FRAME_ANCESTORS)}
        framed = csp_replace(policy)(csp_replace(policy, REPORT_ONLY=True)(view))
        return framed(request, *args, **kwargs)

    return xframe_options_exempt(wrapped)


def _render(deck_id, lang: str) -> bytes:
    """Render the embed of a shared deck in `lang`; raise Http404 for a private or no deck."""
    try:
        # As anyone sees it: the owner's own private deck is no more framable than another's.
        deck = deck_for_viewer(deck_id=deck_id, user=AnonymousUser())
    except Deck.DoesNotExist:
        raise Http404(_("Nie ma takiej talii albo jest prywatna.")) from None
    with translation.override(lang):
        sheet = deck_sheet(deck, lang=lang)
        return render_to_string(
            "decks/deck_embed.html",
            {
                "deck": deck,
                "sheet": sheet,
                "lang": lang,
                "options": [label for *_ids, label in deck.option_labels(lang)],
                "site_name": site_title(),
            },
        ).encode()


@require_safe
@framable
def deck_embed(request: HttpRequest, deck_id) -> HttpResponse:
    # Never the visitor's own (their cookie, their browser's): the address names it.
    lang = page_lang(request.GET.get("lang") or settings.LANGUAGE_CODE)
    # None for a private or missing deck (then _render says 404) or an unknown catalogue.
    version = deck_page_version(deck_id)
    key = digest("embed", release(), deck_id, version, lang)[:32] if version else None
    etag = quote_etag(key) if key else None
    response = get_conditional_response(request, etag=etag) if etag else None
    if response is None:
        stored = key is not None and settings.PAGE_CACHE
        body = cache_get(f"embed:{key}") if stored else None
        if body is None:
            body = _render(deck_id, lang)
            if stored:
                cache_set(f"embed:{key}", body)
        response = HttpResponse(body, content_type="text/html; charset=utf-8")
    if etag:
        response["ETag"] = etag
    response["Content-Language"] = lang
    patch_cache_control(response, public=True, max_age=EMBED_MAX_AGE)
    return response
