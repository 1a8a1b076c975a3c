"""Properties of the validator over generated decks (hypothesis)."""

import json
from collections import Counter

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rules_factories import angel, deck, four_humans, human, intervention, legal_deck

from rules import card_key, validate_contract
from rules.aniolowie.contract import _parse_card, _parse_cards_fast
from rules.aniolowie.schema import (
    ALIGNMENTS,
    COLORS,
    EDITION_SYMBOLS,
    ORDER_IDS,
    SEXES,
)

# Per-test settings, not a loaded profile: a profile would leak into other apps' tests.
examples = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Few names, so that copies, case variants and same-name entries come up often.
NAMES = ["Gaap", "Uriel", "Łaska", "Matka", "Żółw", "Belial", "Anael", "Śledzenie"]
DECIDING = ("faction", "order", "alignment", "edition_symbol")


@st.composite
def spellings(draw, base: str) -> str:
    """Return one way of writing a name: the same card to the engine."""
    return draw(st.sampled_from([base, base.upper(), base.lower(), f" {base} "]))


@st.composite
def names(draw) -> str:
    return draw(spellings(draw(st.sampled_from(NAMES))))


@st.composite
def known_attributes(draw) -> dict:
    """Return a card's kind and every attribute that matters, all known."""
    kind = draw(st.sampled_from(["angel", "angel", "human", "intervention"]))
    card = {"kind": kind, "edition_symbol": draw(st.sampled_from(EDITION_SYMBOLS))}
    if kind == "angel":
        card["faction"] = draw(st.sampled_from(["lord", "lord", "fallen"]))
        top = "thrones" if card["faction"] == "lord" else "seraphim"
        # Low orders more often, so that ladders are often nearly complete.
        orders = ORDER_IDS[: ORDER_IDS.index(top) + 1]
        card["order"] = draw(st.sampled_from([*orders[:4], *orders]))
        card["level"] = ORDER_IDS.index(card["order"]) + 3
        card["color"] = draw(st.sampled_from(COLORS))
    elif kind == "human":
        card["alignment"] = draw(st.sampled_from(ALIGNMENTS))
        card["sex"] = draw(st.sampled_from(SEXES))
    else:
        card["faction"] = draw(st.sampled_from(["lord", "fallen", "any", "any"]))
    return card


@st.composite
def catalogues(draw) -> dict[str, dict]:
    """Return one set of attributes per name: one card has one set of attributes."""
    return {name: draw(known_attributes()) for name in NAMES}


@st.composite
def known_cards(draw, catalogue: dict[str, dict]) -> dict:
    """Return an entry of a catalogue card, its name spelt any way, with 1 to 5 copies."""
    base = draw(st.sampled_from(NAMES))
    return {"name": draw(spellings(base)), **catalogue[base], "count": draw(st.integers(1, 5))}


@st.composite
def known_decks(draw) -> dict:
    """Return a deck with every deciding attribute known: random, or a legal deck plus extras."""
    faction = draw(st.sampled_from(["lord", "fallen", None]))
    catalogue = draw(catalogues())
    if draw(st.booleans()):
        extras = draw(st.lists(known_cards(catalogue), max_size=6))
        cards = draw(st.permutations(legal_deck(faction or "lord")["cards"] + extras))
    else:
        cards = draw(st.lists(known_cards(catalogue), max_size=25))
    return {"game": "aniolowie", "faction": faction, "cards": cards}


@st.composite
def blanked(draw, data: dict) -> dict:
    """Return the deck with some deciding attributes made unknown (null or left out)."""
    # From a few blanks to many: several unknowns of one kind (orders) must come up often.
    one_in = draw(st.sampled_from([2, 4, 10]))
    cards = []
    for card in data["cards"]:
        card = dict(card)
        for attr in DECIDING:
            if attr in card and draw(st.integers(1, one_in)) == 1:
                if draw(st.booleans()):
                    card[attr] = None
                else:
                    del card[attr]
        cards.append(card)
    return {**data, "cards": cards}


@st.composite
def known_and_blanked(draw) -> tuple[dict, dict]:
    known = draw(known_decks())
    return known, draw(blanked(known))


def codes(verdict, severity: str) -> set[str]:
    return {v.code for v in verdict.violations if v.severity == severity}


def normalised(verdict) -> list:
    """Return the verdict without messages or the order of anything."""
    return sorted((v.code, str(v.severity), tuple(sorted(v.cards))) for v in verdict.violations)


def copy_faults(verdict) -> set[str]:
    return {card_key(v.cards[0]) for v in verdict.violations if v.code == "copy-limit"}


@examples
@given(known_decks(), st.data())
def test_removing_a_card_never_creates_a_copy_fault(data, draw):
    cards = data["cards"]
    if not cards:
        return
    index = draw.draw(st.integers(0, len(cards) - 1))
    fewer = [dict(card) for card in cards]
    if fewer[index]["count"] > 1:
        fewer[index]["count"] -= 1
    else:
        del fewer[index]
    before = copy_faults(validate_contract(data))
    after = copy_faults(validate_contract({**data, "cards": fewer}))
    assert after <= before


@examples
@given(known_and_blanked(), st.data())
def test_the_verdict_does_not_depend_on_the_order_of_entries(pair, draw):
    data = pair[draw.draw(st.integers(0, 1))]
    shuffled = {**data, "cards": draw.draw(st.permutations(data["cards"]))}
    assert normalised(validate_contract(shuffled)) == normalised(validate_contract(data))


@examples
@given(known_decks(), st.data())
def test_splitting_entries_into_same_name_entries_changes_nothing(data, draw):
    cards = []
    for card in data["cards"]:
        if card["count"] == 1:
            cards.append(card)
            continue
        # Split every entry with copies, at a drawn place, the second part spelt differently.
        part = draw.draw(st.integers(1, card["count"] - 1))
        rest = card["count"] - part
        cards += [card | {"count": part}, card | {"name": card["name"].upper(), "count": rest}]
    if cards == data["cards"]:
        return
    split = validate_contract({**data, "cards": cards})
    whole = validate_contract(data)
    assert Counter((v.code, v.severity) for v in split.violations) == Counter(
        (v.code, v.severity) for v in whole.violations
    )


@examples
@given(known_decks())
def test_known_decks_are_never_unverified(data):
    assert "unverified" not in codes(validate_contract(data), "warning")


# An unknown-order angel may be the missing Angel or the missing Archangel, not both.
UNDER_A_PRINCIPALITY = [*four_humans(), angel("P", "principalities"), angel("U", "angels")]
HUMANS_OVER_GOOD = [human("Żółw", "good", count=3), human("Łaska", "good")]


@examples
@given(known_and_blanked())
@example(
    pair=(
        deck(UNDER_A_PRINCIPALITY),
        deck([*UNDER_A_PRINCIPALITY[:-1], angel("U", order=None)]),
    )
)
# Three good copies break the balance whatever Łaska is, so no warning; but only the filled-in
# deck knows her to be good and blames her too.
@example(pair=(deck(HUMANS_OVER_GOOD), deck([HUMANS_OVER_GOOD[0], human("Łaska", None)])))
def test_errors_hold_whatever_the_unknown_values_are(pair):
    # The known deck is one way of filling in the blanks, so every error found with blanks
    # must be found with them filled in, as often, blaming no card that the filled-in deck
    # does not blame; without a warning the verdicts are the same but for the cards blamed,
    # as a card whose blank decides nothing is not surely at fault.
    known, with_blanks = pair
    sure = validate_contract(with_blanks)
    actual = validate_contract(known)
    assert Counter(v.code for v in sure.errors) <= Counter(v.code for v in actual.errors)
    for error in sure.errors:
        if error.code in RELATIVE_BLAME:
            continue
        blamed = {name for v in actual.errors if v.code == error.code for name in v.cards}
        assert set(error.cards) <= blamed, error.code
    if not sure.warnings:
        assert codes_and_severities(sure) == codes_and_severities(actual)


def codes_and_severities(verdict) -> list:
    return sorted((v.code, str(v.severity)) for v in verdict.violations)


# A deck that names no faction and mixes both blames the smaller side, and blanks can change
# which side is smaller: the fault is sure, whom it blames is not.
RELATIVE_BLAME = {"faction-mix"}


@examples
@given(known_and_blanked())
def test_verdict_is_consistent_and_serialisable(pair):
    for data in pair:
        verdict = validate_contract(data)
        assert verdict.valid == (not codes(verdict, "error"))
        names_in_deck = {card["name"] for card in data["cards"]}
        for violation in verdict.violations:
            assert set(violation.cards) <= names_in_deck
            assert len(set(violation.cards)) == len(violation.cards)
            assert violation.message_en and violation.message_pl
        for lang in ("en", "pl"):
            assert json.loads(json.dumps(verdict.to_dict(lang))) == verdict.to_dict(lang)


@examples
@given(known_decks())
def test_an_intervention_of_both_factions_never_mixes_factions(data):
    before = [v for v in validate_contract(data).violations if v.code == "faction-mix"]
    more = {**data, "cards": [*data["cards"], intervention("Both Sides Fresh", "any")]}
    after = [v for v in validate_contract(more).violations if v.code == "faction-mix"]
    assert normalised_list(after) == normalised_list(before)


def normalised_list(violations) -> list:
    return sorted((v.code, tuple(sorted(v.cards))) for v in violations)


ANY_VALUE = st.one_of(
    st.none(),
    st.sampled_from(
        ["lord", "fallen", "any", "thrones", "angels", "gold", "good", "male", "empty", "filled"]
    ),
    st.sampled_from(["\ud800", "Gaap\udfff", 1_000_000, 1_000_001, 10**40, 1.0, float("nan")]),
    st.integers(-1, 12),
    st.booleans(),
    st.text(max_size=3),
    st.lists(st.integers(), max_size=1),
)
ENTRY_KEYS = ("name", "kind", "count", "faction", "order", "level", "color", "alignment", "sex")


@st.composite
def arbitrary_entries(draw) -> object:
    """Return a deck entry that may be well formed or wrong in any one or several ways."""
    entry = {"name": draw(st.one_of(names(), ANY_VALUE))}
    entry["kind"] = draw(st.one_of(st.sampled_from(["angel", "human", "intervention"]), ANY_VALUE))
    entry["count"] = draw(st.one_of(st.integers(-1, 3), ANY_VALUE))
    for key in (*ENTRY_KEYS[3:], "edition_symbol"):
        if draw(st.booleans()):
            entry[key] = draw(ANY_VALUE)
    return entry if draw(st.integers(0, 20)) else draw(ANY_VALUE)


@examples
@given(st.lists(arbitrary_entries(), max_size=4))
def test_the_quick_parser_agrees_with_the_thorough_one(entries):
    """The builder's short path accepts exactly what the full parser accepts, with equal cards."""
    quick = _parse_cards_fast(entries)
    try:
        thorough = [_parse_card(entry, index) for index, entry in enumerate(entries)]
    except ValueError:
        assert quick is None
    else:
        assert quick == thorough
