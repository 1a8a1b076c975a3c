"""Generated card faces, rendered once per card version and language and kept on disk."""

import os
import tempfile
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext as _

from cardbase import faces
from cardbase.language import page_lang
from cardbase.models import Card

# The attributes a face draws in places of their own; the kind's other choices form its subtitle.
DRAWN = frozenset({"faction", "order", "choir", "color", "edition_symbol", "level"})


def face_for(card: Card) -> faces.CardFace:
    """Describe a card's generated face in the active language, from the game's schema."""
    lang = page_lang()
    schema = card.schema
    carried = {a.id: a for a in schema.attributes_of(card.kind)}

    def value(attribute_id: str):
        return card.attribute(attribute_id) if attribute_id in carried else None

    def label(attribute_id: str) -> str | None:
        found = value(attribute_id)
        return None if found is None else carried[attribute_id].value_label(found, lang)

    others = [a for a in carried.values() if a.type == "choice" and a.id not in DRAWN]
    subtitle = " · ".join(label(a.id) or "?" for a in others) if others else None
    level = value("level")
    return faces.CardFace(
        name=card.name,
        kind=card.kind,
        kind_label=card.kind_label(lang),
        level=level if isinstance(level, int) else None,
        order_label=label("order"),
        choir=value("choir"),
        choir_label=card.value_label("choir", lang) if "choir" in carried else None,
        color=value("color"),
        faction_label=label("faction"),
        edition_symbol=value("edition_symbol"),
        subtitle=subtitle,
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
