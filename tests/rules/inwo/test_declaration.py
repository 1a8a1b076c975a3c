"""INWO's declaration: kinds, sections and the attributes the catalogue reads."""

import rules
from rules.inwo import GAME


def test_the_registry_finds_inwo():
    assert rules.get_game("inwo") is GAME


def test_every_kind_has_a_home_section_and_the_lead_takes_groups_and_illuminati():
    homes = {kind.id: GAME.section_for(kind.id).id for kind in GAME.schema.kinds}
    assert homes == {
        "illuminati": "lead",
        "organization": "groups",
        "personality": "groups",
        "place": "groups",
        "resource": "groups",
        "plot": "plots",
        "goal": "plots",
        "disaster": "plots",
        "assassination": "plots",
        "nwo": "plots",
    }
    assert [s.id for s in GAME.sections_for("organization")] == ["groups", "lead"]
    assert [s.id for s in GAME.sections_for("illuminati")] == ["lead", "groups", "plots"]
    assert [s.id for s in GAME.sections_for("resource")] == ["groups"]


def test_a_group_has_power_alignments_and_arrows_a_plot_has_none():
    schema = GAME.schema
    assert (
        schema.check(
            "organization",
            {
                "power": 6,
                "global_power": 4,
                "resistance": 4,
                "control_arrows": 2,
                "alignments": ["government", "violent"],
                "traits": ["media"],
            },
        )
        == []
    )
    (fault,) = schema.check("plot", {"power": 3})
    assert fault.attribute == "power"
    (fault,) = schema.check("organization", {"control_arrows": 5})
    assert fault.message("en") == "outgoing control arrows: expected a number in 0–4"


def test_an_empty_card_is_allowed_as_unknown():
    assert GAME.schema.check("place", {}) == []


def test_formats_standard_first():
    assert GAME.default_format.id == "standard"
    assert [f.id for f in GAME.formats] == ["standard", "tournament", "one-big-deck"]
