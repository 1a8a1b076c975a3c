"""The fonts faces are drawn with: DejaVu (the system's or bundled), Polish letters folded otherwise."""

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from cardbase.faces import fonts
from cardbase.faces.paint import render_card_face
from tests.cardbase.faces.samples import ANGEL, open_png


@pytest.fixture
def fresh_font_caches():
    fonts.font_at.cache_clear()
    fonts.has_glyph.cache_clear()
    yield
    fonts.font_at.cache_clear()
    fonts.has_glyph.cache_clear()


def glyph(font, text: str) -> bytes:
    image = Image.new("L", (80, 80))
    ImageDraw.Draw(image).text((5, 5), text, font=font, fill=255)
    return image.tobytes()


def test_chosen_font_draws_polish_letters(fresh_font_caches):
    """With DejaVu (system or bundled in static/fonts) the diacritics are real glyphs."""
    if fonts.font_path(True) is None:
        pytest.skip("no TrueType font available; the fallback test covers this machine")
    font = fonts.font_at(40, True)
    missing = glyph(font, "\U0010fffd")
    for plain, accented in zip("LSEAZZCNO", "ŁŚĘĄŻŹĆŃÓ", strict=True):
        assert glyph(font, accented) != missing, accented
        assert glyph(font, accented) != glyph(font, plain), accented
    assert fonts.displayable("Źdźbło Łaski", 40, True) == "Źdźbło Łaski"


def test_bundled_font_is_present_for_machines_without_dejavu():
    bundled = Path(fonts.__file__).resolve().parents[2] / "static" / "fonts"
    assert (bundled / "DejaVuSans-Bold.ttf").is_file()


def test_font_from_environment_wins(monkeypatch, fresh_font_caches, tmp_path):
    source = fonts.font_path(False)
    if source is None:
        pytest.skip("no TrueType font to point the variable at")
    custom = tmp_path / "custom.ttf"
    custom.write_bytes(Path(source).read_bytes())
    monkeypatch.setenv(fonts.FONT_ENV_VAR, str(custom))
    assert fonts.font_path(True) == str(custom)
    assert fonts.font_at(20).path == str(custom)


def test_missing_font_in_environment_is_ignored(monkeypatch, fresh_font_caches, tmp_path):
    monkeypatch.setenv(fonts.FONT_ENV_VAR, str(tmp_path / "nope.ttf"))
    assert fonts.font_path(True) != str(tmp_path / "nope.ttf")


def test_pillow_default_font_fallback_folds_diacritics(monkeypatch, fresh_font_caches):
    """Pillow's built-in font has no Polish letters: fold them rather than draw boxes."""
    monkeypatch.setattr(fonts, "font_path", lambda bold: None)
    font = fonts.font_at(30)
    assert font.getbbox("A") is not None
    displayed = fonts.displayable("Źdźbło Łaski Ąę", 30, True)
    assert displayed == "Zdzblo Laski Ae"
    assert all(fonts.has_glyph(30, True, char) for char in displayed)
    image = open_png(render_card_face(ANGEL))
    assert image.size == (300, 420)
