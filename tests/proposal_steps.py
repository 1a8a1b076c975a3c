"""Helpers for proposals' tests: a player's proposal made through the service, a photo."""

import io
from pathlib import Path

from PIL import Image

from proposals.services import ProposalSource, propose


def photo_bytes(size=(60, 84), colour="navy", fmt="PNG", **save) -> bytes:
    """Return an image file's bytes."""
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, fmt, **save)
    return buffer.getvalue()


def propose_attributes(card, proposer, *, comment="", **attributes):
    """Propose new values of the card's attributes (None: make it unknown), from a photo."""
    changed = {**card.attributes, **attributes}
    return propose(
        proposer=proposer,
        game=card.game,
        card=card,
        name=card.name,
        kind=card.kind,
        text=card.text,
        attributes={k: v for k, v in changed.items() if v is not None},
        source=ProposalSource("photo", note="Moja karta.", image=photo_bytes()),
        comment=comment,
    )


def keep_photos_in(settings, folder: Path) -> None:
    """Keep proposals' photos in `folder` for one test, not in the site's private folder."""
    settings.STORAGES = {
        **settings.STORAGES,
        "proposal_sources": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": folder, "base_url": None},
        },
    }
