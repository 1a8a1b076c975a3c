"""Uploaded card scans: refuse what is not a safe image, and make thumbnails of the rest.

A file is refused when it is not an image in an allowed format, is damaged, or is too large to
decode safely.  Pure Pillow, no Django: the admin and the loaders pass in the bytes.
"""

from __future__ import annotations

import contextlib
import io
import warnings
from typing import IO

from PIL import Image, ImageOps

MAX_PIXELS = 40_000_000
# Formats an upload may be in.  Deliberately short: no EPS (runs Ghostscript), no exotic codecs.
ALLOWED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF", "BMP", "TIFF", "AVIF")


class InvalidImage(ValueError):
    """The data is not an image we accept; str(exc) is a message fit for the user."""

    def __init__(self, message: str, code: str = "invalid") -> None:
        super().__init__(message)
        self.message = message
        self.code = code  # "empty", "not_image", "damaged" or "too_large", for translation


def _read(data: bytes | bytearray | memoryview | IO[bytes]) -> bytes:
    if isinstance(data, bytes | bytearray | memoryview):
        return bytes(data)
    if hasattr(data, "seek"):
        with contextlib.suppress(OSError, ValueError):  # unseekable streams: read what is left
            data.seek(0)
    content = data.read()
    if isinstance(content, str):
        raise InvalidImage("The upload is text, not an image.", "not_image")
    return content


def _open(data: bytes | bytearray | memoryview | IO[bytes]) -> Image.Image:
    """Open, check the size, verify, reopen and decode; raise InvalidImage on any problem."""
    content = _read(data)
    if not content:
        raise InvalidImage("The file is empty.", "empty")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(content), formats=ALLOWED_FORMATS)
            _check_pixels(image)
            image.verify()
            # verify() leaves the image unusable: Pillow requires opening it again.
            image = Image.open(io.BytesIO(content), formats=ALLOWED_FORMATS)
            image.load()  # verify() does not decode (and skips JPEG entirely): catch truncation
    except InvalidImage:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise InvalidImage(_too_large_message(), "too_large") from exc
    except Image.UnidentifiedImageError as exc:
        raise InvalidImage(
            "The file is not an image in a supported format (JPEG, PNG, WebP, GIF, BMP, TIFF, "
            "AVIF).",
            "not_image",
        ) from exc
    except Exception as exc:  # Pillow's decoders raise OSError, SyntaxError, struct.error, ...
        raise InvalidImage(
            "The image is damaged or incomplete (truncated) and cannot be read.", "damaged"
        ) from exc
    return image


def _too_large_message() -> str:
    return f"The image is too large: at most {MAX_PIXELS // 1_000_000} megapixels are accepted."


def _check_pixels(image: Image.Image) -> None:
    width, height = image.size
    if width <= 0 or height <= 0:
        raise InvalidImage("The image has no pixels.", "damaged")
    if width * height > MAX_PIXELS:
        raise InvalidImage(_too_large_message(), "too_large")


def check_image(data: bytes | bytearray | memoryview | IO[bytes]) -> tuple[int, int]:
    """Return the (width, height) of an acceptable image, or raise InvalidImage."""
    with _open(data) as image:
        width, height = image.size
        return (height, width) if _rotated(image) else (width, height)


def _rotated(image: Image.Image) -> bool:
    try:
        return image.getexif().get(0x0112, 1) in (5, 6, 7, 8)
    except Exception:  # a broken EXIF block should not reject an image that decodes
        return False


def make_thumbnail(
    data: bytes | bytearray | memoryview | IO[bytes],
    *,
    max_size: tuple[int, int] = (240, 336),
) -> bytes:
    """Return JPEG bytes (quality 85) of the image scaled to fit `max_size`, upright, on white."""
    return _as_jpeg(data, max_size=max_size, quality=85)


def reencoded(data: bytes | bytearray | memoryview | IO[bytes], *, max_side: int = 2400) -> bytes:
    """Return the image drawn afresh as a JPEG (quality 90), upright, at most `max_side` pixels
    a side: only its pixels are kept, so its metadata (GPS, camera) and anything hidden beside
    them in the file (a polyglot's second payload) are dropped."""
    return _as_jpeg(data, max_size=(max_side, max_side), quality=90)


def _as_jpeg(data, *, max_size: tuple[int, int], quality: int) -> bytes:
    """Return the image's pixels alone as JPEG bytes, upright, on white, fit to `max_size`."""
    image = _open(data)
    with contextlib.suppress(Exception):  # broken EXIF: keep the pixels as stored
        image = ImageOps.exif_transpose(image)
    image = _flatten(image)
    image.thumbnail(max_size, Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality, optimize=True)
    return buffer.getvalue()


def _flatten(image: Image.Image) -> Image.Image:
    """Convert to RGB, compositing any transparency onto white."""
    if image.mode == "P" or "transparency" in image.info:
        image = image.convert("RGBA")
    if image.mode in ("RGBA", "LA", "PA", "RGBa", "La"):
        image = image.convert("RGBA")
        white = Image.new("RGBA", image.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, image).convert("RGB")
    if image.mode in ("I;16", "I;16B", "I;16L", "I;16N"):
        image = image.convert("I")
    if image.mode == "I":
        image = image.point(lambda value: value * (1 / 256)).convert("L")
    return image.convert("RGB")
