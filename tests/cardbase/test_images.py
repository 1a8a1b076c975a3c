"""Uploaded scans: the checks and the thumbnails; pure Pillow, no Django and no database needed."""

import io
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image

from cardbase import images
from cardbase.faces.layout import CardFace
from cardbase.faces.paint import render_card_face
from cardbase.images import InvalidImage, check_image, make_thumbnail


@pytest.fixture(autouse=True)
def _media_root():
    """Override tests/cardbase/conftest.py's fixture, which needs pytest-django's `settings`.

    Nothing here writes media files, and this module runs with ``-p no:django``.
    """


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def distance(a, b) -> int:
    return max(abs(x - y) for x, y in zip(a[:3], b[:3], strict=True))


def png_bytes(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def jpeg_bytes(image: Image.Image, **params) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", **params)
    return buffer.getvalue()


def open_jpeg(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "JPEG"
    image.load()
    return image


def test_large_png_is_scaled_down_keeping_ratio():
    source = Image.linear_gradient("L").resize((2000, 2800)).convert("RGB")
    thumb = open_jpeg(make_thumbnail(png_bytes(source)))
    assert thumb.size == (240, 336)
    assert thumb.mode == "RGB"


def test_thumbnail_respects_max_size_and_aspect():
    source = Image.new("RGB", (1000, 500), "navy")
    thumb = open_jpeg(make_thumbnail(png_bytes(source), max_size=(240, 336)))
    assert thumb.size == (240, 120)


def test_small_image_is_not_enlarged():
    thumb = open_jpeg(make_thumbnail(png_bytes(Image.new("RGB", (50, 70), "red"))))
    assert thumb.size == (50, 70)


def test_rgba_image_is_flattened_onto_white():
    source = Image.new("RGBA", (400, 560), (0, 0, 0, 0))
    source.paste((200, 0, 0, 255), (100, 100, 300, 460))
    thumb = open_jpeg(make_thumbnail(png_bytes(source)))
    assert thumb.mode == "RGB"
    assert distance(thumb.getpixel((2, 2)), (255, 255, 255)) <= 8
    assert distance(thumb.getpixel((120, 168)), (200, 0, 0)) <= 12


def test_palette_image_with_transparency_is_flattened():
    source = Image.new("P", (100, 140), 0)
    source.putpalette([0, 0, 0, 255, 0, 0] + [0] * 762)
    source.info["transparency"] = 0
    buffer = io.BytesIO()
    source.save(buffer, "GIF", transparency=0)
    thumb = open_jpeg(make_thumbnail(buffer.getvalue()))
    assert distance(thumb.getpixel((50, 70)), (255, 255, 255)) <= 8


def test_generated_face_can_be_thumbnailed():
    thumb = open_jpeg(
        make_thumbnail(render_card_face(CardFace(name="Marocjasz", kind_label="Anioł")))
    )
    assert thumb.size == (240, 336)


def test_exif_orientation_is_applied():
    source = Image.new("RGB", (100, 200), "green")
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90° clockwise to display
    data = jpeg_bytes(source, exif=exif.tobytes())
    thumb = open_jpeg(make_thumbnail(data, max_size=(400, 400)))
    assert thumb.size == (200, 100)
    assert check_image(data) == (200, 100)


def test_file_like_input_is_accepted():
    data = png_bytes(Image.new("RGB", (300, 420), "gold"))
    stream = io.BytesIO(data)
    stream.read(10)  # a partly read upload is rewound
    assert open_jpeg(make_thumbnail(stream)).size == (240, 336)
    assert check_image(io.BytesIO(data)) == (300, 420)


def truncated_png() -> bytes:
    noisy = Image.effect_noise((300, 300), 64).convert("RGB")
    data = png_bytes(noisy)
    return data[: len(data) // 2]


def truncated_jpeg() -> bytes:
    noisy = Image.effect_noise((300, 300), 64).convert("RGB")
    data = jpeg_bytes(noisy)
    return data[: len(data) // 2]


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims `width` x `height` pixels but holds none: a decompression-bomb probe."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "empty"),
        (b"definitely not an image, just some text", "not_image"),
        (bytes(range(256)) * 10, "not_image"),
        (PNG_SIGNATURE, "not_image"),
        (truncated_png(), "damaged"),
        (truncated_jpeg(), "damaged"),
        (png_header_only(10_000, 10_000), "too_large"),
        (png_header_only(100_000, 100_000), "too_large"),
    ],
    ids=["empty", "text", "garbage", "signature-only", "trunc-png", "trunc-jpeg", "big", "bomb"],
)
def test_bad_data_raises_invalid_image(data, code):
    for function in (make_thumbnail, check_image):
        with pytest.raises(InvalidImage) as caught:
            function(data)
        assert caught.value.code == code
        assert isinstance(caught.value, ValueError)
        message = str(caught.value)
        assert message and message[0].isupper() and message.endswith(".")


def test_pixel_limit_applies_to_real_images(monkeypatch):
    monkeypatch.setattr(images, "MAX_PIXELS", 1000)
    with pytest.raises(InvalidImage, match="too large"):
        make_thumbnail(png_bytes(Image.new("RGB", (40, 40))))
    assert check_image(png_bytes(Image.new("RGB", (10, 10)))) == (10, 10)


def test_check_image_returns_size():
    assert check_image(png_bytes(Image.new("RGB", (123, 45)))) == (123, 45)


def test_formats_outside_the_allow_list_are_refused():
    buffer = io.BytesIO()
    Image.new("RGB", (20, 20)).save(buffer, "PPM")
    with pytest.raises(InvalidImage) as caught:
        check_image(buffer.getvalue())
    assert caught.value.code == "not_image"


def test_module_does_not_import_django():
    code = (
        "import sys, cardbase.images; print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    )
    root = Path(images.__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
