"""Attribute filters on the database: values, ranges, unknowns and negations."""

import pytest

import rules
from cardbase.attributes import attribute_q, known_q, unknown_q
from cardbase.models import Card
from tests.factories import AngelFactory, HumanFactory, InterventionFactory

SCHEMA = rules.get_game("aniolowie").schema
ORDER, LEVEL, FACTION, ANIELICA = (
    SCHEMA.attribute(key) for key in ("order", "level", "faction", "anielica")
)


@pytest.fixture
def cards(db):
    AngelFactory(name="Virtue", faction="lord", order="virtues", level=6, anielica=True)
    AngelFactory(name="Power", faction="fallen", order="powers", level=7)
    AngelFactory(name="Nameless", faction=None, order=None, level=None)
    HumanFactory(name="Human", level=2)
    InterventionFactory(name="Miracle", faction="any")


def names(query):
    return sorted(Card.objects.filter(query).values_list("name", flat=True))


def test_values_and_ranges_match_only_cards_that_know_them(cards):
    assert names(attribute_q(ORDER, "powers")) == ["Power"]
    assert names(attribute_q(ORDER, ["virtues", "powers"], "in")) == ["Power", "Virtue"]
    assert names(attribute_q(LEVEL, 6, "gte")) == ["Power", "Virtue"]
    assert names(attribute_q(LEVEL, 3, "lt")) == ["Human"]
    assert names(attribute_q(ANIELICA, True)) == ["Virtue"]


def test_a_negation_keeps_the_cards_whose_value_is_unknown(cards):
    assert names(~attribute_q(ORDER, "powers")) == ["Human", "Miracle", "Nameless", "Virtue"]


def test_unknown_picks_only_the_kinds_that_carry_the_attribute(cards):
    assert names(unknown_q(ORDER)) == ["Nameless"]
    assert names(unknown_q(FACTION)) == ["Nameless"]
    assert names(~known_q(ORDER)) == ["Human", "Miracle", "Nameless"]
