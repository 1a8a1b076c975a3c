"""Drawing a generated face: its size, its frame's colour, its places, whatever its words' length."""

import dataclasses

import pytest
from PIL import Image

from cardbase.faces.colours import INK, NEUTRAL_COLOUR, UNKNOWN_COLOUR
from cardbase.faces.layout import Rings, face_of
from cardbase.faces.paint import render_card_face
from rules.core.face import Colour, Face
from tests.cardbase.faces.samples import (
    ANGEL,
    COLOURS,
    GOLEM,
    HUMAN,
    UNKNOWN,
    aniolowie_face,
    open_png,
)
from tests.toy_game import toy_game

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


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


def test_a_plain_face_draws_the_name_and_the_kind_in_a_bronze_frame():
    face = face_of(toy_game(), "unit", name="Golem", attributes=GOLEM, lang="pl")
    image = open_png(render_card_face(face))
    for pixel in frame_pixels(image):
        assert distance(pixel, rgb(NEUTRAL_COLOUR.frame)) <= 2, pixel
    name_box, kind_box = (30, 110, 270, 300), (60, 38, 240, 62)
    assert ink_in(image, name_box, INK) > 200
    assert ink_in(image, kind_box, NEUTRAL_COLOUR.accent) > 50
    renamed = open_png(render_card_face(dataclasses.replace(face, name="Chimera")))
    assert renamed.crop(name_box).tobytes() != image.crop(name_box).tobytes()
    spell = open_png(render_card_face(dataclasses.replace(face, kind_label="czar")))
    assert spell.crop(kind_box).tobytes() != image.crop(kind_box).tobytes()
    text_box = (30, 232, 270, 390)
    assert ink_in(image, text_box, INK) == 0
    with_text = dataclasses.replace(face, text="Gdy wchodzi do gry, dobierz kartę.")
    assert ink_in(open_png(render_card_face(with_text)), text_box, INK) > 100


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
