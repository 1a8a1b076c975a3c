"""A French player searches 7 Fallen in French: the keys every card has, its own keys, the word
operators and "unknown" (pure)."""

import pytest

import rules
from cardsearch import And, Compare, Match, Not, Or, Text, Vocabulary, parse

SEVEN_FALLEN = Vocabulary.from_game(rules.get_game("7-fallen"))


@pytest.mark.parametrize(
    ("query", "tree"),
    [
        ("type:ange", Match("kind", "ange")),
        ("type:page", Match("kind", "page")),
        ("nom:elora", Text("elora", "name")),
        ("texte:phoenix", Text("phoenix", "text")),
        ("royaume:eondra", Match("kingdom", "eondra")),
        ("royaume:inconnu", Match("kingdom", None)),
        ("cout>=3", Compare("cost", ">=", 3)),
        ("atq>2 fv<=4", And((Compare("attack", ">", 2), Compare("life", "<=", 4)))),
        ("energie:2", Compare("energy", "=", 2)),
        (
            "type:ange OU type:golem",
            Or((Match("kind", "ange"), Match("kind", "golem"))),
        ),
        (
            "type:ange ET NON royaume:poseidia",
            And((Match("kind", "ange"), Not(Match("kingdom", "poseidia")))),
        ),
    ],
)
def test_a_french_query_reads_as_its_polish_and_english_twins(query, tree):
    assert parse(query, SEVEN_FALLEN) == tree


def test_the_polish_and_english_keys_still_mean_the_same():
    assert parse("krolestwo:eondra", SEVEN_FALLEN) == parse("kingdom:eondra", SEVEN_FALLEN)
    assert parse("koszt>=3", SEVEN_FALLEN) == parse("cost>=3", SEVEN_FALLEN)


def test_lower_case_operators_are_words():
    assert parse("ou et non", SEVEN_FALLEN) == And((Text("ou"), Text("et"), Text("non")))


def test_an_example_term_is_named_in_the_language_asked_for():
    # The French names sit between the Polish (first) and the English (last).
    assert SEVEN_FALLEN.example_term("pl").startswith("krolestwo:")
    assert SEVEN_FALLEN.example_term("en").startswith("kingdom:")
