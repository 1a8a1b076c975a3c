"""A violation in each language the site speaks; French falls back to English (pure)."""

import pytest

from rules.core import Severity, Violation, fr_plural


def test_a_violation_worded_in_french_says_it_in_french():
    violation = Violation.about("x", Severity.ERROR, "po polsku", "in English", fr="en français")
    assert [violation.message(lang) for lang in ("pl", "en", "fr")] == [
        "po polsku",
        "in English",
        "en français",
    ]


def test_a_violation_without_french_says_it_in_english_to_a_french_reader():
    violation = Violation.about("x", Severity.ERROR, "po polsku", "in English")
    assert violation.message("fr") == "in English"


def test_an_unknown_language_is_refused_with_the_languages_expected():
    violation = Violation.about("x", Severity.ERROR, "po polsku", "in English")
    with pytest.raises(ValueError, match="expected one of en, pl, fr"):
        violation.message("de")  # type: ignore[arg-type]


@pytest.mark.parametrize(("n", "word"), [(0, "carte"), (1, "carte"), (2, "cartes")])
def test_french_plural_takes_the_singular_for_zero_and_one(n, word):
    assert fr_plural(n, "carte", "cartes") == word
