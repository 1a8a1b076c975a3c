"""7 Fallen's players read French: every violation its rules give says it in French too (pure)."""

import pytest

from rules.seven_fallen import GAME, parse_deck
from tests.rules.seven_fallen.test_deck_rules import angel, deck, page

BROKEN_DECKS = {
    "eden": deck(temples=0),
    "registre-size": deck(registre=9),
    "livre-size": deck(livre=42),
    "copy-limit": deck(page("Trop", 4)),
    "leader-names": deck(page("Chef A", keywords=["Leader"]), page("Chef B", keywords=["Leader"])),
    "loyaliste": deck(
        angel("Goule fidèle", keywords=["Loyaliste"]), angel("Elite", classes=["Elite"])
    ),
    "unverified": deck(page("Inconnue", 3, keywords=None)),
}


@pytest.mark.parametrize("code", sorted(BROKEN_DECKS))
def test_each_violation_is_worded_in_french(code):
    violations = [v for v in GAME.validate(parse_deck(BROKEN_DECKS[code])).violations]
    assert code in {v.code for v in violations}
    for violation in violations:
        assert violation.message("fr") == violation.message_fr
        assert violation.message_fr not in ("", violation.message_en)


def test_a_french_message_names_the_fix_with_its_plural():
    (one,) = GAME.validate(parse_deck(deck(livre=49))).violations
    (many,) = GAME.validate(parse_deck(deck(registre=7))).violations
    assert one.message_fr.endswith("ajoutez 1 page (un starter en a 42).")
    assert "ajoutez 3 Adorateurs" in many.message_fr


def test_the_copy_limit_says_in_french_what_sets_it():
    data = deck(page("Chef", 3, keywords=["Leader"]), page("Deux", 2))
    # The filler's pages of three copies are over the Leader's limit too.
    (violation,) = [v for v in GAME.validate(parse_deck(data)).violations if v.cards == ("Deux",)]
    assert violation.message_fr == (
        "Deux : 2 exemplaires, et à côté d'une page « Leader », toute autre page peut en avoir "
        "au plus 1 : retirez-en 1."
    )


@pytest.mark.parametrize(
    ("hidden", "fr", "en"),
    [
        (1, "si la page aux mots-clés inconnus est", "Whether the page whose keywords are unknown"),
        (2, "si l'une des 2 pages aux mots-clés inconnus", "Whether any of the 2 pages whose"),
    ],
)
def test_a_possible_leader_is_worded_for_one_page_or_several(hidden, fr, en):
    pages = [page(f"Inconnue {n}", 1, keywords=None) for n in range(hidden)]
    found = GAME.validate(parse_deck(deck(*pages))).violations
    (warning,) = [v for v in found if "Leader" in v.message_en]
    assert fr in warning.message_fr and en in warning.message_en
