"""Generated card faces, rendered once per card version and language and kept on disk."""

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db.models import QuerySet
from django.utils import translation
from django.utils.translation import gettext as _

from cardbase.faces.layout import CardFace, face_of
from cardbase.faces.paint import render_card_face
from cardbase.language import page_lang
from cardbase.models import Card


def face_for(card: Card) -> CardFace:
    """Describe a card's generated face in the active language, as its game declares faces."""
    return face_of(
        card.game_rules,
        card.kind,
        name=card.name,
        attributes=card.attributes or {},
        lang=page_lang(),
        text=card.text,
        unknown_label=_("?"),
    )


def _face_path(card: Card, face: CardFace) -> Path:
    return Path(settings.MEDIA_ROOT) / "faces" / f"{card.slug}-{face.fingerprint()}.png"


def _render_to(path: Path, face: CardFace) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # A temporary name of this writer's own: concurrent renders of one face never share it.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(render_card_face(face))
        os.replace(tmp, path)  # atomic, so a concurrent reader never sees half a file
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _face_file(card: Card) -> tuple[Path, bool]:
    """Return the path of the card's face PNG in the active language, and whether it was
    rendered now (False: already on disk)."""
    face = face_for(card)
    path = _face_path(card, face)
    if path.exists():
        return path, False
    _render_to(path, face)
    return path, True


def face_png_path(card: Card) -> Path:
    """Return the path of the card's face PNG, rendering it the first time it is asked for."""
    return _face_file(card)[0]


@dataclass(frozen=True)
class RenderReport:
    """What a pass over the catalogue's faces did: faces drawn now, faces already on disk, and
    files of faces no card shows any more, removed."""

    rendered: int
    kept: int
    removed: int = 0


def site_languages_default_first() -> list[str]:
    """Return the site's languages, the one a first visit gets first."""
    codes = [code for code, _name in settings.LANGUAGES]
    return sorted(codes, key=lambda code: code != settings.LANGUAGE_CODE)


def render_faces(cards: QuerySet[Card], *, prune: bool = False) -> RenderReport:
    """Render every card's face in every site language, skipping the faces already on disk; with
    `prune`, remove the face files none of `cards` shows (the cards must then be all of them).

    The default language goes first, and the cards in the catalogue's first order (by name), so
    that the pages a first visitor opens while this runs are the first ready.
    """
    rendered = kept = 0
    current: set[Path] = set()
    in_catalogue_order = cards.select_related("game").order_by("search_name", "pk")
    for lang in site_languages_default_first():
        with translation.override(lang):
            for card in in_catalogue_order.iterator(chunk_size=500):
                path, drawn = _face_file(card)
                current.add(path)
                rendered += drawn
                kept += not drawn
    removed = 0
    if prune:
        for path in (Path(settings.MEDIA_ROOT) / "faces").glob("*.png"):
            if path not in current:
                path.unlink(missing_ok=True)
                removed += 1
    return RenderReport(rendered=rendered, kept=kept, removed=removed)
