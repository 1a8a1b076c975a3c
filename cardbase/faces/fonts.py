"""The fonts a generated face is drawn with, and the letters they cannot draw folded to plain ones."""

import os
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_ENV_VAR = "CARD_FACE_FONT"
_DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")
_BUNDLED_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"


def font_path(bold: bool) -> str | None:
    """Return the TrueType file to draw with, or None for Pillow's built-in font."""
    override = os.environ.get(FONT_ENV_VAR)
    if override and Path(override).is_file():
        return override
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    candidates = [
        _DEJAVU_DIR / name,
        _DEJAVU_DIR / "DejaVuSans-Bold.ttf",
        _DEJAVU_DIR / "DejaVuSans.ttf",
        _BUNDLED_DIR / name,
        _BUNDLED_DIR / "DejaVuSans-Bold.ttf",
        _BUNDLED_DIR / "DejaVuSans.ttf",
    ]
    for path in candidates:
        if path.is_file():
            return str(path)
    return None


@lru_cache(maxsize=128)
def font_at(size: int, bold: bool = True) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Return a font of `size` pixels; cached, call ``font_at.cache_clear()`` after changing env."""
    size = max(size, 1)
    path = font_path(bold)
    if path is not None:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    # Pillow >= 10.1 ships a scalable font (FreeType builds).  It has no Polish letters, so text
    # drawn with it goes through displayable(), which folds Ł to L rather than drawing boxes.
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=1024)
def has_glyph(size: int, bold: bool, char: str) -> bool:
    """Tell whether `char` renders as itself rather than as the font's missing-glyph box."""
    if char.isspace():
        return True
    font = font_at(size, bold)
    return _glyph_pixels(font, char) != _glyph_pixels(font, "\U0010fffd")


def _glyph_pixels(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, char: str) -> bytes:
    """Return the pixels of `char` drawn alone in `font`."""
    image = Image.new("L", (font.size * 2 if hasattr(font, "size") else 32,) * 2)
    ImageDraw.Draw(image).text((2, 2), char, font=font, fill=255)
    return image.tobytes()


_FOLDS = {"Ł": "L", "ł": "l", "·": "-", "…": "...", "–": "-", "—": "-"}


def displayable(text: str, size: int, bold: bool) -> str:
    """Replace the characters the current font cannot draw (Ą -> A, Ł -> L) instead of tofu."""
    out = []
    for char in text:
        if has_glyph(size, bold, char):
            out.append(char)
            continue
        folded = _FOLDS.get(char) or "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        out.append("".join(c for c in folded if has_glyph(size, bold, c)))
    return "".join(out)
