"""Generated card faces, rendered once per card version and language and kept on disk."""

import os
import tempfile
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext as _

from cardbase import faces
from cardbase.language import page_lang
from cardbase.models import Card


def face_for(card: Card) -> faces.CardFace:
    """Describe a card's generated face in the active language, as its game declares faces."""
    return faces.face_of(
        card.game_rules,
        card.kind,
        name=card.name,
        attributes=card.attributes or {},
        lang=page_lang(),
        text=card.text,
        unknown_label=_("?"),
    )


def face_png_path(card: Card) -> Path:
    """Return the path of the card's face PNG, rendering it the first time it is asked for."""
    face = face_for(card)
    path = Path(settings.MEDIA_ROOT) / "faces" / f"{card.slug}-{face.fingerprint()}.png"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        # A temporary name of this writer's own: concurrent renders of one face never share it.
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(faces.render_card_face(face))
            os.replace(tmp, path)  # atomic, so a concurrent reader never sees half a file
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    return path
