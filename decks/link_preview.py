"""A shared deck page's link preview: its name, game, size, author and verdict, and its picture.

A private deck's page gives none, and asks search engines not to index it; an unlisted deck's
gives its preview (its link is shared on purpose) but is not indexed either.
"""

from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.http import urlencode
from django.utils.text import Truncator

from cardbase.language import page_lang
from common.link_preview import LinkPreview, PreviewImage, link_preview
from decks.deck_images import deck_facts, deck_picture
from decks.description import render_description
from decks.images.layout import HEIGHT, WIDTH
from decks.models import Deck, Visibility
from decks.selectors.sheet import DeckSheet
from decks.selectors.verdict import verdict_head

# Of the deck's own description, what a preview shows after its facts.
DESCRIPTION_WORDS = 30


def deck_link_preview(request: HttpRequest, *, sheet: DeckSheet) -> LinkPreview | None:
    """Return the preview of a shared deck's page; None for a private deck's."""
    deck = sheet.deck
    if deck.visibility == Visibility.PRIVATE:
        return None
    lang = page_lang()
    own_words = Truncator(strip_tags(render_description(deck.description))).words(DESCRIPTION_WORDS)
    description = " ".join(
        part
        for part in (
            " · ".join(deck_facts(sheet, lang=lang)) + ".",
            verdict_head(valid=bool(sheet.verdict.get("valid")), errors=len(sheet.verdict_errors)),
            own_words,
        )
        if part
    )
    # The page's language named in the address: a preview fetcher sends no cookie, and the
    # picture must say what the page says. The version only makes each save's address new, so a
    # chat app that keeps images by address shows the deck as it is.
    query = urlencode({"lang": lang, "v": deck.version})
    image = PreviewImage(
        url=f"{reverse('deck-image', kwargs={'deck_id': deck.pk})}?{query}",
        width=WIDTH,
        height=HEIGHT,
        alt=deck_picture(sheet, lang=lang).text(),
    )
    return link_preview(
        request,
        title=deck.name,
        description=description,
        path=deck.get_absolute_url(),
        type="article",
        image=image,
        large=True,
    )


def deck_robots(deck: Deck) -> str | None:
    """Return what a deck's page asks of search engines: only public decks are for indexing."""
    return None if deck.visibility == Visibility.PUBLIC else "noindex"
