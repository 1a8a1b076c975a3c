"""The schema pieces a game declares: checking a card's attributes, deriving, labels."""

from rules.core.schema import Attribute, CardSchema, Kind, Text, Value, kinds_of

SCHEMA = CardSchema(
    kinds=(Kind("unit", Text(pl="jednostka", en="unit")), Kind("spell", Text(en="spell"))),
    attributes=(
        Attribute(
            "colour",
            "choice",
            Text(pl="kolor", en="colour"),
            kinds_of("unit", "spell"),
            (Value("red", Text(pl="czerwony", en="red")), Value("blue", Text(en="blue"))),
        ),
        Attribute(
            "tags",
            "choice",
            Text(en="tags"),
            kinds_of("unit"),
            (Value("x", Text(en="x")),),
            multi=True,
        ),
        Attribute("power", "int", Text(en="power"), kinds_of("unit"), minimum=0, maximum=9),
        Attribute("flying", "bool", Text(en="flying"), kinds_of("unit")),
        Attribute(
            "band",
            "int",
            Text(en="band"),
            kinds_of("unit"),
            derive=lambda attrs: None if "power" not in attrs else attrs["power"] // 5,
        ),
    ),
    constraints=(
        lambda kind, attrs: (
            ("colour", Text(en="no blue units"))
            if kind == "unit" and attrs.get("colour") == "blue"
            else None
        ),
    ),
)


def faults(kind, attrs):
    return [(fault.attribute, fault.message("en")) for fault in SCHEMA.check(kind, attrs)]


def test_missing_attributes_are_unknown_and_allowed():
    assert faults("unit", {}) == []


def test_values_are_checked_against_their_type_and_declared_values():
    assert faults("unit", {"colour": "green"}) == [("colour", "colour: expected one of red, blue")]
    assert faults("unit", {"power": "7"}) == [("power", "power: expected an integer")]
    assert faults("unit", {"power": 10}) == [("power", "power: expected a number in 0–9")]
    assert faults("unit", {"flying": 1}) == [("flying", "flying: expected true or false")]
    assert faults("unit", {"tags": "x"}) == [("tags", "tags: expected a non-empty list")]
    assert faults("unit", {"tags": ["x"], "power": 9, "flying": False}) == []


def test_an_attribute_the_kind_does_not_have_is_refused_not_unknown():
    assert faults("spell", {"power": 3}) == [("power", "a spell has no power")]
    assert faults("spell", {"speed": 3}) == [("speed", "no attribute 'speed' in this game")]


def test_an_unknown_kind_is_named_with_the_kinds_allowed():
    assert faults("token", {}) == [("kind", "unknown kind 'token'; expected one of unit, spell")]


def test_constraints_run_once_every_value_is_well_formed():
    assert faults("unit", {"colour": "blue"}) == [("colour", "no blue units")]
    assert faults("spell", {"colour": "blue"}) == []


def test_derived_attributes_are_computed_and_dropped_while_unknown():
    assert SCHEMA.complete("unit", {"power": 7, "band": 0}) == {"power": 7, "band": 1}
    assert SCHEMA.complete("unit", {"band": 3}) == {}


def test_a_text_falls_back_to_english_then_to_any_language():
    assert Text(pl="kolor", en="colour")("fr") == "colour"
    assert Text(fr="couleur")("pl") == "couleur"
    assert SCHEMA.attribute("colour").value_label("blue", "pl") == "blue"
    assert SCHEMA.attribute("colour").value_label("mauve", "pl") == "mauve"


def test_a_hand_rule_is_its_draws_in_order():
    from rules.core.schema import Draw, HandRule

    rule = HandRule((Draw(frozenset({"plots"}), 3), Draw(frozenset({"groups"}), 6)))
    assert rule.size == 9
    assert rule.sections == {"plots", "groups"}
    assert rule.redraws == 0 and rule.note is None


def test_inwo_deals_three_plots_then_six_from_the_group_deck():
    import rules

    hand = rules.get_game("inwo").hand
    assert [(set(draw.sections), draw.size) for draw in hand.draws] == [
        ({"plots"}, 3),
        ({"groups"}, 6),
    ]
    assert hand.redraws == 0
    assert "Lead" not in hand.note("en") and "steps 4–6" in hand.note("en")


def test_given_values_are_checked_before_anything_is_derived_from_them():
    # "band" is power // 5: a power of the wrong type is refused, not divided.
    given = SCHEMA.check_given("unit", {"power": "7"})
    assert [(f.attribute, f.message("en")) for f in given] == [
        ("power", "power: expected an integer")
    ]
    assert SCHEMA.check_given("unit", {"power": 7}) == []
    assert [f.attribute for f in SCHEMA.check_given("unit", {"colour": "blue"})] == ["colour"]
