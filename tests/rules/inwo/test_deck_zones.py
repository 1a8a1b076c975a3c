"""INWO's LackeyCCG zones: a player's deck or a One Big Deck, each zone a section."""

import pytest

from rules.inwo import GAME


@pytest.mark.parametrize(
    ("zones", "implied"),
    [
        (["Lead Cards", "Group Deck", "Plot Deck"], "standard"),
        (["Lead Cards"], "standard"),
        (["Lead Cards", "Shared Groups", "Shared Plots"], "one-big-deck"),
        (["Lead Cards", "Group Deck", "Shared Plots"], None),
        (["Sideboard"], None),
    ],
)
def test_the_zones_a_file_fills_imply_its_format(zones, implied):
    assert GAME.deck_zones.format_for(zones) == implied


def test_each_format_names_its_zones_sections():
    zones = GAME.deck_zones
    assert zones.game == "INWO" and zones.set_attribute == "set"
    assert zones.zones_of("tournament") == {
        "Lead Cards": "lead",
        "Group Deck": "groups",
        "Plot Deck": "plots",
    }
    assert zones.zones_of("one-big-deck") == {
        "Lead Cards": "lead",
        "Shared Groups": "groups",
        "Shared Plots": "plots",
    }
    assert all(GAME.section(s) for _f, z in zones.formats for s in z.values())
