"""A page whose kind no source gives: it lies in the Livre Sacré, and the rules that hang on its
kind say they could not check it (pure)."""

from rules.seven_fallen import GAME, parse_deck
from tests.rules.seven_fallen.test_deck_rules import angel, deck, page


def warnings_about(data, name):
    return [v for v in GAME.validate(parse_deck(data)).violations if name in v.cards]


def test_a_page_of_unknown_kind_lies_in_the_livre_and_counts_among_its_pages():
    parsed = parse_deck(deck(page("Elora d'Eondra", kind="page")))
    (card,) = [card for card in parsed.cards if card.name == "Elora d'Eondra"]
    assert card.section == "livre"
    assert GAME.validate(parsed).violations == ()


def test_beside_a_loyaliste_an_unknown_kind_page_is_not_checked_and_the_verdict_says_why():
    data = deck(
        angel("Goule fidèle", keywords=["Loyaliste"]),
        page("Elora d'Eondra", kind="page"),
    )
    (warning,) = warnings_about(data, "Elora d'Eondra")
    assert (warning.code, warning.severity.value) == ("unverified", "warning")
    assert "is an Ange is unknown" in warning.message_en
    assert "type de page inconnu" in warning.message_fr
    assert GAME.validate(parse_deck(data)).valid


def test_an_unknown_kind_page_printing_the_loyal_classes_fits_whatever_its_kind():
    data = deck(
        angel("Goule fidèle", keywords=["Loyaliste"]),
        page("Elora d'Eondra", kind="page", classes=["Goule"]),
    )
    assert warnings_about(data, "Elora d'Eondra") == []


def test_an_unknown_kind_page_printing_other_classes_is_unchecked_not_refused():
    data = deck(
        angel("Goule fidèle", keywords=["Loyaliste"]),
        page("Elora d'Eondra", kind="page", classes=["Elite"]),
    )
    verdict = GAME.validate(parse_deck(data))
    assert verdict.valid
    assert [v.code for v in verdict.violations] == ["unverified"]


def test_an_unknown_kind_page_that_prints_loyaliste_is_not_taken_for_a_non_ange():
    # Were it an Ange, its « Loyaliste » would refuse the Elite Ange beside it: not checked.
    data = deck(
        page("Elora d'Eondra", kind="page", keywords=["Loyaliste"], classes=["Goule"]),
        angel("Élite", classes=["Elite"]),
    )
    verdict = GAME.validate(parse_deck(data))
    (warning,) = [v for v in verdict.violations if "Elora d'Eondra" in v.cards]
    assert (warning.code, warning.severity.value) == ("unverified", "warning")
    assert "its « Loyaliste » holds every Ange of the book" in warning.message_en
    assert "son « Loyaliste » impose" in warning.message_fr
    assert verdict.valid
