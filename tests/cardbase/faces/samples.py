"""Faces the face tests describe and draw: Aniołowie's cards, and a toy game's golem."""

import io

from PIL import Image

from cardbase.faces.layout import CardFace, face_of
from rules.aniolowie import GAME
from rules.aniolowie.face import FACE

COLOURS = FACE.colours


def aniolowie_face(kind: str, name: str, **attributes) -> CardFace:
    """Describe an Aniołowie card's face, its derived attributes computed as a stored card's are."""
    complete = GAME.schema.complete(kind, attributes)
    return face_of(GAME, kind, name=name, attributes=complete, lang="pl", text="Tekst karty.")


ANGEL = aniolowie_face(
    "angel",
    "Marocjasz",
    level=7,
    order="powers",
    color="red",
    faction="fallen",
    edition_symbol="filled",
)
UNKNOWN = aniolowie_face("angel", "Marocjasz")
HUMAN = aniolowie_face("human", "Łucja", alignment="good", sex="female", edition_symbol="empty")


def open_png(data: bytes) -> Image.Image:
    """Read PNG bytes as an image."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


# A toy game's unit (tests/toy_game.py): a tier, a number and a flag.
GOLEM = {"tier": "silver", "power": 3, "flying": True}
