"""INWO's generated faces follow the rulebook's card anatomy; nothing unknown is made up."""

import io

import pytest
from PIL import Image

import rules
from cardbase.faces.colours import UNKNOWN_COLOUR
from cardbase.faces.layout import Arrows, Figure, face_of
from cardbase.faces.paint import face_size, render_card_face
from rules.inwo.face import BLACK, BLUE, PURPLE, RED

GAME = rules.get_game("inwo")
GOLD = (0xD4, 0xA7, 0x2C)


def inwo_face(kind, name="Testowa Grupa", text="", lang="pl", **attributes):
    return face_of(GAME, kind, name=name, attributes=attributes, lang=lang, text=text)


def png(face):
    image = Image.open(io.BytesIO(render_card_face(face)))
    image.load()
    return image.convert("RGB")


def near(a, b, tolerance=40):
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


GROUP = inwo_face(
    "organization",
    power=4,
    global_power=2,
    resistance=6,
    control_arrows=3,
    alignments=["liberal", "straight"],
    traits=["media"],
    text="Może pomagać w atakach na Grupy Media.",
)


def test_a_group_is_red_with_power_and_resistance_large_and_its_corners_listed():
    assert GROUP.colour == RED
    assert GROUP.figures == (Figure("4/2", "siła / siła globalna"), Figure("6", "odporność"))
    assert GROUP.foot_left == ("Liberalny", "Prostolinijny")
    assert GROUP.foot_right == ("Media",)
    assert GROUP.arrows == Arrows(3, "#d4a72c")
    assert GROUP.text == "Może pomagać w atakach na Grupy Media." and not GROUP.landscape


def test_labels_follow_the_language():
    face = inwo_face("place", lang="en", power=1, resistance=2, alignments=["weird"])
    assert face.kind_label == "Place"
    assert face.figures == (Figure("1", "power"), Figure("2", "resistance"))
    assert face.foot_left == ("Weird",)


def test_an_unknown_group_shows_question_marks_never_a_guess():
    face = inwo_face("personality")
    assert face.figures == (Figure("?", "siła"), Figure("?", "odporność"))
    assert face.foot_left == ("?",) and face.foot_right == ("?",)
    assert face.arrows == Arrows(None, "#d4a72c")


def test_each_kind_takes_its_rulebook_colour():
    assert inwo_face("illuminati").colour == BLACK
    assert inwo_face("resource").colour == PURPLE
    assert inwo_face("plot").colour == inwo_face("disaster").colour == BLUE
    assert inwo_face("nwo", nwo_colour="yellow").colour.frame == "#d9b520"
    assert inwo_face("nwo", nwo_colour="red").colour == RED


def test_an_nwo_card_of_unknown_colour_is_hatched_grey():
    assert inwo_face("nwo").colour == UNKNOWN_COLOUR


def test_plots_and_resources_have_no_figures_or_arrows():
    plot = inwo_face("plot", plot_marks=["zap"])
    assert (plot.figures, plot.arrows, plot.foot_left) == ((), None, None)
    assert plot.subtitle == "Zap!"
    resource = inwo_face("resource", traits=["artifact", "unique"])
    assert resource.foot_right == ("Artefakt", "Unikatowy") and resource.arrows is None


def test_the_illuminati_lie_on_their_side_with_four_gold_arrows():
    face = inwo_face("illuminati", power=10, global_power=10, control_arrows=4)
    assert face.landscape and face.figures == (Figure("10/10", "siła / siła globalna"),)
    image = png(face)
    assert image.size == face_size(300, landscape=True) == (420, 300)
    w, h = image.size
    for point in [(w // 2, 4), (w - 5, h // 2), (4, h // 2), (w // 2, h - 5)]:
        assert near(image.getpixel(point), GOLD), point


@pytest.mark.parametrize(("count", "gold_edges"), [(0, 0), (1, 1), (3, 3)])
def test_a_group_draws_as_many_gold_arrows_as_it_has(count, gold_edges):
    image = png(inwo_face("organization", control_arrows=count, power=1, resistance=1))
    w, h = image.size
    edges = [(w // 2, 4), (w - 5, h // 2), (4, h // 2), (w // 2, h - 5)]
    assert [near(image.getpixel(point), GOLD) for point in edges] == [
        index < gold_edges for index in range(4)
    ]
    assert image.size == (300, 420)


def test_an_inwo_face_renders_in_every_kind():
    for kind in GAME.schema.kinds:
        image = png(inwo_face(kind.id, name=kind.label("pl"), text="Tekst karty."))
        assert image.size in ((300, 420), (420, 300))
