"""The words of Aniołowie's violations: names as the deck wrote them, lists as prose."""

from rules.aniolowie.card import Card
from rules.aniolowie.checks.wording import error, join, listing, names_of
from rules.core.verdict import Severity

GAAP = Card("Gaap", "angel", 3, names=("Gaap", "GAAP"))
URIEL = Card("Uriel", "angel")


def test_join_reads_as_prose_in_either_language():
    assert join([], "and") == ""
    assert join(["Angels"], "and") == "Angels"
    assert join(["Angels", "Powers"], "i") == "Angels i Powers"
    assert join(["Angels", "Virtues", "Powers"], "and") == "Angels, Virtues and Powers"


def test_a_card_is_named_by_every_spelling_the_deck_gave_it():
    assert names_of([GAAP, URIEL]) == ("Gaap", "GAAP", "Uriel")
    assert listing([URIEL, GAAP]) == "Uriel, Gaap, GAAP"


def test_an_error_names_its_cards():
    violation = error("copy-limit", "po polsku", "in English", [GAAP])
    assert (violation.code, violation.severity, violation.cards) == (
        "copy-limit",
        Severity.ERROR,
        ("Gaap", "GAAP"),
    )
    assert (violation.message_pl, violation.message_en) == ("po polsku", "in English")
