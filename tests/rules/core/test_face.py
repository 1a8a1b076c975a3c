"""A game's face declaration places attributes its schema declares, and maps every value."""

import pytest

import rules
from rules.core.face import Face
from tests.toy_game import toy_game


def faults(game) -> list[str]:
    """Name what a game's face declaration gets wrong against the game's schema."""
    face, schema = game.face or Face(), game.schema
    problems = [
        f"no attribute {attribute_id!r}"
        for attribute_id in (*face.places, *(face.facts or ()))
        if schema.attribute(attribute_id) is None
    ]
    # A value left out would be drawn as unknown although the card's value is known.
    for attribute_id, mapped in (
        (face.colour, face.colours),
        (face.corner, face.marks),
        (face.rings, face.ring_counts),
    ):
        attribute = schema.attribute(attribute_id) if attribute_id else None
        if attribute is not None and (attribute.type != "choice" or attribute.multi):
            problems.append(f"{attribute_id}: not a single choice")
        declared = {value.id for value in attribute.values} if attribute else set()
        if set(mapped) != declared:
            problems.append(f"{attribute_id}: maps {sorted(mapped)}, declared {sorted(declared)}")
    kinds = (*face.full_kinds, *face.landscape, *face.kind_colours)
    problems += [f"no kind {kind!r}" for kind in kinds if schema.kind(kind) is None]
    numbers = (*(part for figure in face.figures for part in figure), face.arrows)
    for attribute_id in numbers:
        attribute = schema.attribute(attribute_id) if attribute_id else None
        if attribute is not None and attribute.type != "int":
            problems.append(f"{attribute_id}: not a number")
    return problems


@pytest.mark.parametrize("game", rules.all_games(), ids=lambda game: game.id)
def test_every_game_s_face_fits_its_schema(game):
    assert faults(game) == []


def test_a_face_naming_what_the_schema_lacks_is_caught():
    face = Face(colour="tier", rings="power", title="rank", full_kinds=frozenset({"hero"}))
    assert faults(toy_game(face=face)) == [
        "no attribute 'rank'",
        "tier: maps [], declared ['bronze', 'gold', 'silver']",
        "power: not a single choice",
        "no kind 'hero'",
    ]


def test_figures_and_arrows_must_be_numbers_and_kinds_declared():
    face = Face(figures=(("power", "tier"),), arrows="school", landscape=frozenset({"hero"}))
    assert faults(toy_game(face=face)) == [
        "no kind 'hero'",
        "tier: not a number",
        "school: not a number",
    ]
