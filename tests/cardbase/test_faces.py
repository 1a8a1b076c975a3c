"""Generated card faces: pure Pillow and pure rules, no Django and no database needed."""

import dataclasses
import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from cardbase import faces
from cardbase.faces import (
    FACE_VERSION,
    NEUTRAL_COLOUR,
    UNKNOWN_COLOUR,
    CardFace,
    Rings,
    face_of,
    render_card_face,
)
from rules.aniolowie import GAME
from rules.aniolowie.face import FACE
from rules.core.face import Colour, Face
from tests.toy_game import toy_game


@pytest.fixture(autouse=True)
def _media_root():
    """Override tests/cardbase/conftest.py's fixture, which needs pytest-django's `settings`.

    Nothing here writes media files, and this module runs with ``-p no:django``.
    """


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

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
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return tuple(int(colour[i : i + 2], 16) for i in (0, 2, 4))


def distance(a, b) -> int:
    return max(abs(x - y) for x, y in zip(a[:3], b[:3], strict=True))


def frame_pixels(image: Image.Image) -> list[tuple[int, ...]]:
    """Pixels in the middle of the frame band on each of the four sides."""
    w, h = image.size
    inset = round(w * 7 / 300)  # the frame is 14/300 of the width thick
    points = [(inset, h // 2), (w - 1 - inset, h // 2), (w // 2, inset), (w // 2, h - 1 - inset)]
    return [image.getpixel(point) for point in points]


# --- what a face shows --------------------------------------------------------------------------


def test_an_angel_shows_its_attributes_where_aniolowie_places_them():
    assert (
        CardFace(
            name="Marocjasz",
            kind_label="anioł",
            colour=COLOURS["red"],
            badge="07",
            corner="filled",
            title="Potęgi",
            rings=Rings(2, "Krąg II"),
            footer="Upadli",
        )
        == ANGEL
    )


def test_an_angel_shows_every_place_and_a_question_mark_where_unknown():
    assert (
        CardFace(
            name="Marocjasz",
            kind_label="anioł",
            colour=UNKNOWN_COLOUR,
            badge="?",
            corner="unknown",
            title="?",
            rings=Rings(None, "?"),
            footer="?",
        )
        == UNKNOWN
    )


def test_other_kinds_show_only_what_is_known_besides_the_corner_mark_and_facts():
    assert (
        CardFace(
            name="Łucja",
            kind_label="człowiek",
            corner="empty",
            subtitle="dobry · kobieta",
        )
        == HUMAN
    )
    human = aniolowie_face("human", "Łucja", level=4, sex="female")
    assert (human.badge, human.corner, human.subtitle) == ("04", "unknown", "? · kobieta")
    intervention = aniolowie_face("intervention", "Boska Interwencja", faction="any")
    assert (intervention.footer, intervention.colour) == ("obie frakcje", NEUTRAL_COLOUR)
    assert aniolowie_face("intervention", "Boska Interwencja").footer is None


# --- rendering ---------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [300, 200, 451])
def test_render_returns_png_of_5_to_7(width):
    data = render_card_face(ANGEL, width=width)
    assert data.startswith(PNG_SIGNATURE)
    image = open_png(data)
    assert image.format == "PNG"
    assert image.size == (width, round(width * 7 / 5))
    assert image.size[1] / image.size[0] == pytest.approx(7 / 5, abs=0.01)


def test_default_size_is_300_by_420():
    assert open_png(render_card_face(ANGEL)).size == (300, 420)


def test_too_narrow_a_face_is_refused():
    with pytest.raises(ValueError):
        render_card_face(ANGEL, width=10)


@pytest.mark.parametrize("colour", sorted(COLOURS))
def test_frame_is_drawn_in_the_card_colour(colour):
    image = open_png(render_card_face(aniolowie_face("angel", "Marocjasz", color=colour)))
    for pixel in frame_pixels(image):
        assert distance(pixel, rgb(COLOURS[colour].frame)) <= 2, (colour, pixel)
        assert pixel[3] == 255


def test_unknown_colour_frame_differs_from_every_card_colour():
    image = open_png(render_card_face(UNKNOWN))
    for pixel in frame_pixels(image):
        for colour in COLOURS.values():
            assert distance(pixel, rgb(colour.frame)) > 30, (pixel, colour)


def test_unknown_colour_frame_is_hatched():
    """Along the left frame band an unknown colour alternates two greys; a known one is flat."""
    image = open_png(render_card_face(UNKNOWN)).convert("RGB")
    band = {image.getpixel((7, y)) for y in range(100, 320)}
    assert len(band) > 3
    known = open_png(render_card_face(ANGEL)).convert("RGB")
    assert len({known.getpixel((7, y)) for y in range(100, 320)}) == 1


def test_white_frame_has_a_dark_outline_to_show_on_white_pages():
    image = open_png(render_card_face(dataclasses.replace(ANGEL, colour=COLOURS["white"])))
    outline = image.getpixel((0, image.height // 2))
    assert max(outline[:3]) < 80


def test_unknown_face_differs_from_known_face():
    assert render_card_face(UNKNOWN) != render_card_face(ANGEL)


def test_different_names_give_different_faces():
    other = dataclasses.replace(ANGEL, name="Przeszeregowanie")
    assert render_card_face(other) != render_card_face(ANGEL)


def test_rendering_is_deterministic():
    assert render_card_face(ANGEL) == render_card_face(dataclasses.replace(ANGEL))


def count_near(image: Image.Image, colour: str, tolerance: int = 6) -> int:
    target = rgb(colour)
    return sum(
        1
        for pixel in image.convert("RGB").get_flattened_data()
        if distance(pixel, target) <= tolerance
    )


def test_choir_is_drawn_as_that_many_rings():
    """Only the choir changes; each extra ring adds about the same number of ring pixels."""
    accent = COLOURS["red"].accent
    counts = [
        count_near(
            open_png(render_card_face(dataclasses.replace(ANGEL, rings=Rings(count, "Krąg")))),
            accent,
        )
        for count in (1, 2, 3)
    ]
    one_ring = counts[1] - counts[0]
    assert one_ring > 40
    assert counts[2] - counts[1] == pytest.approx(one_ring, rel=0.15)

    def ring_row(count: int) -> Image.Image:
        rings = Rings(count, ANGEL.rings.label)
        image = open_png(render_card_face(dataclasses.replace(ANGEL, rings=rings)))
        return image.crop((20, 262, 280, 298))

    assert ring_row(1).tobytes() != ring_row(3).tobytes()


def test_level_is_printed_with_two_digits():
    """07 and 7 would look the same if the level were not zero-padded; 07 differs from 17."""
    assert ANGEL.badge == "07"
    seven = render_card_face(ANGEL)
    seventeen = render_card_face(dataclasses.replace(ANGEL, badge="17"))
    assert seven != seventeen


def test_human_has_no_level_badge_or_rings():
    image = open_png(render_card_face(HUMAN))
    inside_badge = (38, 56)  # the badge is centred on (56, 56); its "?" or digits are narrower
    assert distance(image.getpixel(inside_badge), rgb(HUMAN.colour.frame)) > 30
    # An angel with unknown attributes does draw a (grey) badge there.
    angel = open_png(render_card_face(UNKNOWN))
    assert distance(angel.getpixel(inside_badge), rgb(UNKNOWN_COLOUR.frame)) <= 2


def test_intervention_renders():
    face = aniolowie_face("intervention", "Boska Interwencja")
    assert open_png(render_card_face(face)).size == (300, 420)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "X",
        "Przeszeregowanie",
        "Świętość Żarliwa Ćwierćnutą Niezwykle Długiej Nazwy Anielskiej I Jeszcze Dłuższej",
        "Superkalifragilistycznieekspialidoczniejszyniebieskoskrzydły",
    ],
)
def test_names_of_any_length_render(name):
    assert open_png(render_card_face(dataclasses.replace(ANGEL, name=name))).size == (300, 420)


def test_name_fits_inside_the_frame():
    """A very long single word is shrunk (or broken), never drawn over the frame."""
    long_word = dataclasses.replace(ANGEL, name="W" * 60, colour=COLOURS["gold"])
    image = open_png(render_card_face(long_word))
    for pixel in frame_pixels(image):
        assert distance(pixel, rgb(COLOURS["gold"].frame)) <= 2


# --- another game ------------------------------------------------------------------------------

GOLEM = {"tier": "silver", "power": 3, "flying": True}
TIER_COLOURS = Face(
    colour="tier",
    colours={
        "bronze": Colour("#8c5a2b"),
        "silver": Colour("#a8a9ad"),
        "gold": Colour("#d4af37", accent="#f0d77a"),
    },
)


def ink_in(image: Image.Image, box: tuple[int, int, int, int], colour: str) -> int:
    return count_near(image.crop(box), colour, tolerance=24)


def test_a_game_without_a_face_declaration_gets_a_plain_face():
    face = face_of(
        toy_game(), "unit", name="Golem", attributes=GOLEM, lang="pl", text="Gdy wchodzi, dobierz."
    )
    assert face == CardFace(
        name="Golem",
        kind_label="jednostka",
        subtitle="srebro · siła 3 · latający",
        text="Gdy wchodzi, dobierz.",
    )
    spell = face_of(toy_game(), "spell", name="Iskra", attributes={}, lang="en")
    assert (spell.kind_label, spell.subtitle, spell.text) == ("spell", "?", None)


def test_a_plain_face_draws_the_name_and_the_kind_in_a_bronze_frame():
    face = face_of(toy_game(), "unit", name="Golem", attributes=GOLEM, lang="pl")
    image = open_png(render_card_face(face))
    for pixel in frame_pixels(image):
        assert distance(pixel, rgb(NEUTRAL_COLOUR.frame)) <= 2, pixel
    name_box, kind_box = (30, 110, 270, 300), (60, 38, 240, 62)
    assert ink_in(image, name_box, faces._INK) > 200
    assert ink_in(image, kind_box, NEUTRAL_COLOUR.accent) > 50
    renamed = open_png(render_card_face(dataclasses.replace(face, name="Chimera")))
    assert renamed.crop(name_box).tobytes() != image.crop(name_box).tobytes()
    spell = open_png(render_card_face(dataclasses.replace(face, kind_label="czar")))
    assert spell.crop(kind_box).tobytes() != image.crop(kind_box).tobytes()
    text_box = (30, 232, 270, 390)
    assert ink_in(image, text_box, faces._INK) == 0
    with_text = dataclasses.replace(face, text="Gdy wchodzi do gry, dobierz kartę.")
    assert ink_in(open_png(render_card_face(with_text)), text_box, faces._INK) > 100


@pytest.mark.parametrize("tier", sorted(TIER_COLOURS.colours))
def test_a_declared_colour_attribute_gives_the_frame_its_colour(tier):
    game = toy_game(face=TIER_COLOURS)
    face = face_of(game, "unit", name="Golem", attributes={**GOLEM, "tier": tier}, lang="en")
    assert face.subtitle == "power 3 · flying"  # the tier is drawn as the frame, not a fact
    image = open_png(render_card_face(face))
    for pixel in frame_pixels(image):
        assert distance(pixel, rgb(TIER_COLOURS.colours[tier].frame)) <= 2, (tier, pixel)
        assert pixel[3] == 255


def test_an_unknown_declared_colour_is_hatched_and_a_kind_without_it_is_bronze():
    game = toy_game(face=TIER_COLOURS)
    unknown = face_of(game, "unit", name="Golem", attributes={}, lang="en")
    assert unknown.colour == UNKNOWN_COLOUR
    band = open_png(render_card_face(unknown)).convert("RGB")
    assert len({band.getpixel((7, y)) for y in range(100, 320)}) > 3
    spell = face_of(game, "spell", name="Iskra", attributes={"school": "fire"}, lang="en")
    assert spell.colour == NEUTRAL_COLOUR


# --- fingerprint -------------------------------------------------------------------------------


def test_fingerprint_is_short_stable_hex():
    fingerprint = ANGEL.fingerprint()
    assert len(fingerprint) == 16
    int(fingerprint, 16)
    assert fingerprint == dataclasses.replace(ANGEL).fingerprint()
    assert fingerprint == CardFace(**dataclasses.asdict(ANGEL)).fingerprint()


CHANGES = {
    "name": "Marocjasz II",
    "kind_label": "Angel",
    "colour": COLOURS["blue"],
    "badge": "08",
    "corner": "empty",
    "title": "Panowania",
    "rings": Rings(3, "Chór II"),
    "footer": "Aniołowie Pana",
    "subtitle": "x",
    "text": "x",
    "unknown_label": "??",
    "landscape": True,
    "figures": (faces.Figure("4", "siła"),),
    "foot_left": ("Liberalny",),
    "foot_right": ("Media",),
    "arrows": faces.Arrows(2, "#d4a72c"),
}


def test_every_field_is_covered_by_the_change_table():
    assert set(CHANGES) == {field.name for field in dataclasses.fields(CardFace)}


@pytest.mark.parametrize("field", sorted(CHANGES))
def test_fingerprint_changes_with_every_field(field):
    changed = dataclasses.replace(ANGEL, **{field: CHANGES[field]})
    assert changed.fingerprint() != ANGEL.fingerprint()
    unknown = dataclasses.replace(ANGEL, **{field: None}) if field not in ("name",) else None
    if unknown is not None and getattr(ANGEL, field) is not None:
        assert unknown.fingerprint() != ANGEL.fingerprint()


def test_fingerprint_changes_with_face_version(monkeypatch):
    before = ANGEL.fingerprint()
    monkeypatch.setattr(faces, "FACE_VERSION", FACE_VERSION + "-next")
    assert ANGEL.fingerprint() != before


def test_face_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        ANGEL.name = "x"  # type: ignore[misc]


# --- fonts -------------------------------------------------------------------------------------


@pytest.fixture
def fresh_font_caches():
    faces._font.cache_clear()
    faces._has_glyph.cache_clear()
    yield
    faces._font.cache_clear()
    faces._has_glyph.cache_clear()


def glyph(font, text: str) -> bytes:
    image = Image.new("L", (80, 80))
    ImageDraw.Draw(image).text((5, 5), text, font=font, fill=255)
    return image.tobytes()


def test_chosen_font_draws_polish_letters(fresh_font_caches):
    """With DejaVu (system or bundled in static/fonts) the diacritics are real glyphs."""
    if faces._font_path(True) is None:
        pytest.skip("no TrueType font available; the fallback test covers this machine")
    font = faces._font(40, True)
    missing = glyph(font, "\U0010fffd")
    for plain, accented in zip("LSEAZZCNO", "ŁŚĘĄŻŹĆŃÓ", strict=True):
        assert glyph(font, accented) != missing, accented
        assert glyph(font, accented) != glyph(font, plain), accented
    assert faces._displayable("Źdźbło Łaski", 40, True) == "Źdźbło Łaski"


def test_bundled_font_is_present_for_machines_without_dejavu():
    bundled = Path(faces.__file__).resolve().parent.parent / "static" / "fonts"
    assert (bundled / "DejaVuSans-Bold.ttf").is_file()


def test_font_from_environment_wins(monkeypatch, fresh_font_caches, tmp_path):
    source = faces._font_path(False)
    if source is None:
        pytest.skip("no TrueType font to point the variable at")
    custom = tmp_path / "custom.ttf"
    custom.write_bytes(Path(source).read_bytes())
    monkeypatch.setenv(faces.FONT_ENV_VAR, str(custom))
    assert faces._font_path(True) == str(custom)
    assert faces._font(20).path == str(custom)


def test_missing_font_in_environment_is_ignored(monkeypatch, fresh_font_caches, tmp_path):
    monkeypatch.setenv(faces.FONT_ENV_VAR, str(tmp_path / "nope.ttf"))
    assert faces._font_path(True) != str(tmp_path / "nope.ttf")


def test_pillow_default_font_fallback_folds_diacritics(monkeypatch, fresh_font_caches):
    """Pillow's built-in font has no Polish letters: fold them rather than draw boxes."""
    monkeypatch.setattr(faces, "_font_path", lambda bold: None)
    font = faces._font(30)
    assert font.getbbox("A") is not None
    displayed = faces._displayable("Źdźbło Łaski Ąę", 30, True)
    assert displayed == "Zdzblo Laski Ae"
    assert all(faces._has_glyph(30, True, char) for char in displayed)
    image = open_png(render_card_face(ANGEL))
    assert image.size == (300, 420)


def test_module_does_not_import_django():
    code = (
        "import sys, cardbase.faces; print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    )
    root = Path(faces.__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
