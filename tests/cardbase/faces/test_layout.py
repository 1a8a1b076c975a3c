"""What a generated face shows: each attribute in the place its game declares, `?` where unknown."""

import dataclasses

import pytest

from cardbase.faces import layout
from cardbase.faces.colours import NEUTRAL_COLOUR, UNKNOWN_COLOUR
from cardbase.faces.layout import FACE_VERSION, Arrows, CardFace, Figure, Rings, face_of
from tests.cardbase.faces.samples import ANGEL, COLOURS, GOLEM, HUMAN, UNKNOWN, aniolowie_face
from tests.toy_game import toy_game


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
    "figures": (Figure("4", "siła"),),
    "foot_left": ("Liberalny",),
    "foot_right": ("Media",),
    "arrows": Arrows(2, "#d4a72c"),
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
    monkeypatch.setattr(layout, "FACE_VERSION", FACE_VERSION + "-next")
    assert ANGEL.fingerprint() != before


def test_face_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        ANGEL.name = "x"  # type: ignore[misc]
