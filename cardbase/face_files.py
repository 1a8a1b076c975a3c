"""Generated card faces, rendered once per card version and language and kept on disk."""

from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext as _

from cardbase import faces
from cardbase.choices import Kind
from cardbase.models import Card


def face_for(card: Card) -> faces.CardFace:
    """Describe a card's generated face in the active language."""
    subtitle = None
    if card.kind == Kind.HUMAN:
        subtitle = " · ".join([card.get_alignment_display() or "?", card.get_sex_display() or "?"])
    is_angel = card.kind == Kind.ANGEL
    return faces.CardFace(
        name=card.name,
        kind=card.kind,
        kind_label=str(card.get_kind_display()),
        level=card.level if card.kind != Kind.INTERVENTION else None,
        order_label=str(card.get_order_display()) if card.order else None,
        choir=card.choir,
        choir_label=str(card.choir_display) if card.choir else None,
        color=card.color or None if is_angel else None,
        faction_label=str(card.get_faction_display()) if card.faction else None,
        edition_symbol=card.edition_symbol or None,
        subtitle=subtitle,
        unknown_label=_("?"),
    )


def face_png_path(card: Card) -> Path:
    """Return the path of the card's face PNG, rendering it the first time it is asked for."""
    face = face_for(card)
    path = Path(settings.MEDIA_ROOT) / "faces" / f"{card.slug}-{face.fingerprint()}.png"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(faces.render_card_face(face))
        tmp.replace(path)  # atomic, so a concurrent reader never sees half a file
    return path
