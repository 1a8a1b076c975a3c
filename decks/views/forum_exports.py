"""A deck's list to post on a forum or in a chat: BBCode, Markdown, plain text (decks.forum_formats)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_safe

import rules
from decks import forum_formats
from decks.models import Deck
from decks.view_helpers import readable_deck_or_404

Writer = Callable[..., str]


def _list(request: HttpRequest, deck_id, write: Writer, extension: str) -> HttpResponse:
    """Answer with the list as text a copy button reads and a link downloads."""
    deck: Deck = readable_deck_or_404(request, deck_id)
    text = write(deck, absolute=request.build_absolute_uri)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    # Folded first, so that "ł" becomes "l" rather than vanishing in slugify's ASCII.
    name = f"{slugify(rules.card_key(deck.name)) or 'talia'}.{extension}"
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


@require_safe
def deck_bbcode(request: HttpRequest, deck_id) -> HttpResponse:
    return _list(request, deck_id, forum_formats.deck_bbcode, "bbcode.txt")


@require_safe
def deck_markdown(request: HttpRequest, deck_id) -> HttpResponse:
    return _list(request, deck_id, forum_formats.deck_markdown, "md")


@require_safe
def deck_plain(request: HttpRequest, deck_id) -> HttpResponse:
    return _list(request, deck_id, forum_formats.deck_plain, "plain.txt")
