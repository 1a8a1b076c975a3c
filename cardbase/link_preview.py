"""The link previews of the catalogue's pages: a card (its face the image) and a card list."""

from django.http import HttpRequest
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from cardbase.face_files import face_for
from cardbase.faces.paint import face_size
from cardbase.language import page_lang
from cardbase.models import Card
from common.link_preview import LinkPreview, PreviewImage, link_preview
from common.site_name import site_title


def card_link_preview(request: HttpRequest, *, card: Card) -> LinkPreview:
    """Return a card page's preview: its name, kind and game, its text; its face beside them."""
    lang = page_lang()
    kind, game = card.kind_label(lang), card.game_rules.name(lang)
    width, height = face_size(landscape=face_for(card).landscape)
    image = PreviewImage(
        url=card.get_face_url(), width=width, height=height, alt=f"{card.name} – {kind}, {game}"
    )
    facts = f"{capfirst(kind)} · {game}."
    return link_preview(
        request,
        title=card.name,
        description=f"{facts} {card.text}" if card.text else facts,
        path=card.get_absolute_url(),
        image=image,
    )


def catalogue_link_preview(request: HttpRequest, *, game: str | None, count: int) -> LinkPreview:
    """Return a card list's preview: the catalogue, of the game chosen, and the cards it shows."""
    title = _("Katalog kart")
    where = site_title()
    if game is not None:
        where = rules.get_game(game).name(page_lang())
        title = f"{title}: {where}"
    cards = ngettext("%(counter)s karta", "%(counter)s kart", count) % {"counter": count}
    return link_preview(
        request, title=title, description=f"{where} · {cards}.", path=request.get_full_path()
    )
