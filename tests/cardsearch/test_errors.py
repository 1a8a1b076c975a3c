"""Queries that do not parse: the position, what was expected (PL and EN), close key names."""

import pytest

import rules
from cardsearch import SearchError, Vocabulary, parse
from tests.toy_game import toy_game


def error_of(query: str) -> SearchError:
    with pytest.raises(SearchError) as caught:
        parse(query)
    return caught.value


POSITIONS = [
    ("zakon:", 6),
    ("f:upadli zakon:", 15),
    ("zakon:xyz", 6),
    ("poziom>abc", 7),
    ("kolor>=3", 5),
    ("zakn:potegi", 0),
    ("a (b c", 6),
    ("a b)", 3),
    ("a OR", 4),
    ("OR a", 0),
    ("a AND", 5),
    ("AND a", 0),
    ("a -", 3),
    ("()", 1),
    ('x "abc', 2),
    (">=4", 0),
    ("poziom>=99999", 8),
    ("is:nothing", 3),
    ("typ:nieznany", 4),
    ("a\x00b", 1),
    ("Jan I", 5),
    ("a LUB", 5),
    ("NIE", 3),
]


@pytest.mark.parametrize(("query", "position"), POSITIONS)
def test_error_names_the_place(query, position):
    assert error_of(query).position == position


def test_missing_order_name_says_what_was_expected_in_both_languages():
    error = error_of("zakon:")
    assert error.message("pl") == (
        "Znak 7: po `zakon:` oczekiwano nazwy zakonu (np. potęgi, cnoty, 07)"
    )
    assert error.message("en") == (
        "Character 7: expected an order name after `zakon:` (e.g. powers, virtues, 07)"
    )
    assert error.display() == "zakon:\n      ^"


def test_english_key_is_quoted_as_typed():
    error = error_of("order:heroes")
    assert error.message("en") == (
        "Character 7: expected an order name after `order:` (e.g. powers, virtues, 07), "
        "not “heroes”"
    )
    assert error.message("pl").startswith("Znak 7: po `order:` oczekiwano nazwy zakonu")


def test_unknown_key_suggests_close_names():
    error = error_of("zakn:potegi")
    assert error.suggestions == ("zakon",)
    assert error.message("pl") == "Znak 1: nieznany klucz `zakn:`. Czy chodziło o: `zakon:`?"
    assert error.message("en") == "Character 1: unknown key `zakn:`. Did you mean: `zakon:`?"


def test_unknown_key_with_nothing_close_suggests_nothing():
    assert error_of("qqqqqq:1").suggestions == ()


def test_comparison_on_a_named_value_is_refused():
    assert error_of("kolor>=3").message("en") == "Character 6: `kolor` takes only `:`, `=` or `!=`"


def test_unclosed_parenthesis_points_at_the_end_and_names_the_opening():
    error = error_of("(a b")
    assert error.message("en") == "Character 5: expected `)` to close the `(` at character 1"


def test_display_and_split_mark_the_place():
    error = error_of("f:upadli zakon:xyz")
    assert error.display() == "f:upadli zakon:xyz\n               ^"
    assert (error.before, error.after) == ("f:upadli zakon:", "xyz")


def test_limits_are_errors_not_crashes():
    assert error_of("(" * 100 + "a").message("en").endswith("too deeply nested (at most 20 levels)")
    assert error_of("-" * 100 + "a").position == 20
    assert "too many terms" in error_of(" ".join(["a"] * 41)).message("en")
    assert error_of("a" * 501).position == 500


def test_to_dict_is_the_api_shape():
    assert error_of("zakn:x").to_dict("en") == {
        "message": "Character 1: unknown key `zakn:`. Did you mean: `zakon:`?",
        "position": 0,
        "expected": "unknown key `zakn:`",
        "suggestions": ["zakon"],
        "display": "zakn:x\n^",
    }


def test_a_capital_operator_word_at_the_end_says_how_to_search_for_the_word():
    error = error_of("Jan I")
    assert error.message("en") == (
        "Character 6: expected a term after `I`; to search for the word “I”, write it in lower "
        "case (i) or in quotes"
    )
    assert error.message("pl") == (
        "Znak 6: po `I` oczekiwano warunku; aby szukać słowa „I”, napisz je małymi literami (i) "
        "albo w cudzysłowie"
    )
    assert "lower case (or)" in error_of("OR a").message("en")
    assert "lower case (and)" in error_of("AND a").message("en")


def test_lower_case_operator_words_are_no_errors():
    for query in ["Jan i", "nie", "lub", "a or", "and b", "nie może"]:
        parse(query)


def test_minus_error_has_no_operator_hint():
    assert error_of("a -").message("en") == "Character 4: expected a term after `-`"


def test_an_empty_term_is_shown_one_made_of_the_searched_game_s_own_words():
    def message(vocabulary, lang):
        with pytest.raises(SearchError) as caught:
            parse("()", vocabulary)
        return caught.value.message(lang)

    toy = Vocabulary.from_game(toy_game())
    assert message(toy, "pl") == "Znak 2: oczekiwano warunku (np. słowa albo ranga:brąz)"
    assert message(toy, "en") == "Character 2: expected a term (e.g. a word or tier:bronze)"
    for game in rules.all_games():
        vocabulary = Vocabulary.from_game(game)
        for lang in ("pl", "en"):
            term = vocabulary.example_term(lang)
            assert term in message(vocabulary, lang)
            parse(term, vocabulary)
    assert "zakon:" not in message(Vocabulary.from_game(rules.get_game("inwo")), "pl")
