"""Aniołowie's declaration: kinds, attributes, sections, options and the card checks."""

import rules

GAME = rules.get_game("aniolowie")


def faults(kind, attrs):
    return [fault.attribute for fault in GAME.schema.check(kind, attrs)]


def test_the_kinds_and_facets_are_the_rulebooks():
    assert [kind.id for kind in GAME.schema.kinds] == ["angel", "human", "intervention"]
    assert [a.id for a in GAME.schema.facets] == [
        "faction",
        "order",
        "choir",
        "level",
        "color",
        "alignment",
        "sex",
        "edition_symbol",
    ]


def test_orders_are_ranked_by_level_and_labelled_in_both_languages():
    order = GAME.schema.attribute("order")
    assert [(v.id, v.rank) for v in order.values][:2] == [("angels", 3), ("archangels", 4)]
    assert order.value_label("powers", "pl") == "Potęgi"
    assert order.value_label("powers", "en") == "Powers"


def test_a_fallen_throne_and_a_human_faction_are_refused():
    assert faults("angel", {"faction": "fallen", "order": "thrones"}) == ["order"]
    assert faults("human", {"faction": "lord"}) == ["faction"]
    assert faults("angel", {"faction": "any"}) == ["faction"]
    assert faults("intervention", {"faction": "any"}) == []


def test_the_choir_follows_from_the_order():
    assert GAME.schema.complete("angel", {"order": "seraphim"}) == {
        "order": "seraphim",
        "choir": "I",
    }
    assert GAME.schema.complete("angel", {"choir": "II"}) == {}


def test_sections_put_humans_apart_from_the_zastep():
    assert GAME.section_for("angel").id == "zastep"
    assert GAME.section_for("intervention").id == "zastep"
    assert GAME.section_for("human").id == "humans"
    assert GAME.hand.size == 7 and GAME.hand.sections == {"zastep"} and GAME.hand.redraws == 1
    assert [v.id for v in GAME.option("faction").values] == ["lord", "fallen"]
    assert GAME.default_format.id == "standard"
