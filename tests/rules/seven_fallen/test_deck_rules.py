"""7 Fallen's deck rules, each at its boundaries, and bad input refused at its path (pure)."""

import pytest

from rules import DeckFormatError
from rules.seven_fallen import GAME, parse_deck

PAGE_KEYWORDS: list[str] = []


def page(name, count=1, kind="miracle", keywords=PAGE_KEYWORDS, **extra):
    return {"name": name, "kind": kind, "count": count, "keywords": keywords, **extra}


def angel(name, count=1, classes=("Goule",), keywords=PAGE_KEYWORDS):
    return page(name, count, kind="ange", keywords=keywords, classes=list(classes))


def filler(total: int) -> list[dict]:
    """Return plain pages, three copies each, making `total` pages in all."""
    cards, index = [], 0
    while total > 0:
        cards.append(page(f"Miracle {index}", min(3, total)))
        total -= 3
        index += 1
    return cards


def eden(structure="Extros", archanges=1, temples=1, divinites=1):
    cards = []
    if archanges:
        cards.append({"name": "Archange A", "kind": "archange", "count": archanges})
    if temples:
        cards.append({"name": "Temple T", "kind": "temple", "subtype": structure, "count": temples})
    if divinites:
        cards.append({"name": "Divinité D", "kind": "divinite", "count": divinites})
    return cards


def deck(*pages, registre=10, livre=50, structure="Extros", **eden_counts):
    given = sum(p["count"] for p in pages)
    return {
        "game": "7-fallen",
        "cards": [
            *eden(structure, **eden_counts),
            *([{"name": "Adorateur", "kind": "adorateur", "count": registre}] if registre else []),
            *pages,
            *filler(livre - given),
        ],
    }


def verdict(data):
    return GAME.validate(parse_deck(data))


def codes(data):
    return [(v.code, v.severity.value, v.cards) for v in verdict(data).violations]


def test_a_legal_deck_has_no_violation():
    assert codes(deck()) == []


@pytest.mark.parametrize(
    ("counts", "fix"),
    [
        ({"temples": 0}, "Temple: 0"),
        ({"archanges": 2}, "Archange: 2"),
        ({"divinites": 0, "temples": 2}, "Temple: 2, Divinité: 0"),
    ],
)
def test_the_eden_is_one_archange_one_temple_one_divinite(counts, fix):
    (violation,) = verdict(deck(**counts)).violations
    assert (violation.code, violation.severity.value) == ("eden", "error")
    assert violation.message_en.endswith(f"fix: {fix}.")


@pytest.mark.parametrize(
    ("size", "expected"), [(9, ["registre-size"]), (10, []), (11, ["registre-size"])]
)
def test_the_registre_is_exactly_ten_adorateurs(size, expected):
    assert [c[0] for c in codes(deck(registre=size))] == expected


def test_the_livre_holds_at_least_fifty_pages():
    assert codes(deck(livre=50)) == []
    (violation,) = verdict(deck(livre=49)).violations
    assert violation.code == "livre-size"
    assert "has 49: add 1 page" in violation.message_en
    assert "dodaj 1 stronę" in violation.message_pl


def test_a_starter_as_sold_is_not_a_legal_deck_and_the_verdict_says_why():
    found = verdict(deck(registre=9, livre=42)).violations
    assert [v.code for v in found] == ["registre-size", "livre-size"]
    assert "a starter holds 9: it is for a first game, not a legal deck" in found[0].message_en


def test_three_copies_of_a_page_and_no_more_names_compared_ignoring_case_and_accents():
    assert codes(deck(page("Éclair", 3))) == []
    found = codes(deck(page("Éclair", 2), page("eclair", 2)))
    assert found == [("copy-limit", "error", ("Éclair",))]


def test_essaim_lifts_the_limit_to_x_with_an_extros_temple_only():
    swarm = ["Essaim (6)"]
    assert codes(deck(page("Nuée", 6, keywords=swarm))) == []
    assert codes(deck(page("Nuée", 7, keywords=swarm))) == [("copy-limit", "error", ("Nuée",))]
    (violation,) = verdict(deck(page("Nuée", 4, keywords=swarm), structure="Autre")).violations
    assert violation.code == "copy-limit"
    assert "at most 3: remove 1 copy" in violation.message_en
    # The Temple's structure is compared ignoring case and accents.
    assert codes(deck(page("Nuée", 6, keywords=["essaim (6)"]), structure="EXTRÔS")) == []


def test_essaim_with_an_unknown_structure_is_not_guessed():
    found = codes(deck(page("Nuée", 5, keywords=["Essaim (6)"]), structure=None))
    assert found == [("unverified", "warning", ("Nuée",))]


def test_a_leader_page_up_to_three_and_every_other_page_once():
    leader = page("Chef", 3, kind="ange", keywords=["Leader"], classes=["Goule"])
    singles = [page(f"Unique {n}", 1) for n in range(47)]
    assert codes(deck(leader, *singles)) == []

    found = codes(deck({**leader, "count": 4}, *singles[:-1]))
    assert found == [("copy-limit", "error", ("Chef",))]
    (violation,) = verdict(deck(leader, page("Double", 2), *singles[:-2])).violations
    assert violation.code == "copy-limit"
    assert "beside a « Leader » page every other page may have at most 1" in violation.message_en


def test_leader_pages_of_different_names_are_refused():
    first = page("Chef", 1, kind="ange", keywords=["Leader"], classes=["Goule"])
    second = page("Autre chef", 1, kind="ange", keywords=["LEADER"], classes=["Goule"])
    singles = [page(f"Unique {n}", 1) for n in range(48)]
    assert codes(deck(first, second, *singles)) == [
        ("leader-names", "error", ("Chef", "Autre chef"))
    ]


def test_essaim_beside_a_leader_is_left_to_the_advanced_rules():
    leader = page("Chef", 1, kind="ange", keywords=["Leader"], classes=["Goule"])
    swarm = page("Nuée", 2, keywords=["Essaim (6)"])
    singles = [page(f"Unique {n}", 1) for n in range(47)]
    (violation,) = verdict(deck(leader, swarm, *singles)).violations
    assert (violation.code, violation.cards) == ("unverified", ("Nuée",))
    assert "the advanced rules do" in violation.message_en


def test_loyaliste_needs_every_ange_to_print_exactly_its_classes():
    loyal = angel("Fidèle", 3, keywords=["Loyaliste"])
    assert codes(deck(loyal, angel("Goule pure", 3, classes=("goule",)))) == []
    found = codes(deck(loyal, angel("Hybride", 3, classes=("Goule", "Vampire"))))
    assert found == [("loyaliste", "error", ("Hybride", "Fidèle"))]
    # Not an Ange: a Golem's classes do not count.
    assert codes(deck(loyal, page("Golem", 3, kind="golem", classes=["Pierre"]))) == []


def test_loyaliste_anges_of_different_classes_cannot_both_be_kept():
    found = codes(
        deck(
            angel("Fidèle", 3, keywords=["Loyaliste"]),
            angel("Autre fidèle", 3, classes=("Vampire",), keywords=["Loyaliste"]),
        )
    )
    assert found == [("loyaliste", "error", ("Fidèle", "Autre fidèle"))]


def test_unknown_facts_give_warnings_never_a_guess():
    loyal = angel("Fidèle", 3, keywords=["Loyaliste"])
    unknown_classes = {**angel("Mystère", 3), "classes": None}
    assert codes(deck(loyal, unknown_classes)) == [("unverified", "warning", ("Mystère",))]

    unknown_keywords = page("Inconnue", 2, keywords=None)
    found = codes(deck(unknown_keywords))
    assert found == [("unverified", "warning", ("Inconnue",))]
    assert "is a « Leader »" in verdict(deck(unknown_keywords)).violations[0].message_en

    # Four copies with unknown keywords and no Extros Temple: too many whatever they are.
    found = codes(deck(page("Inconnue", 4, keywords=None), structure="Autre"))
    assert found[0] == ("copy-limit", "error", ("Inconnue",))


@pytest.mark.parametrize(
    ("entry", "path"),
    [
        ({"name": "A", "kind": "adorateur", "count": 1, "section": "livre"}, "cards[0].section"),
        ({"name": "A", "kind": "ange", "count": 1, "keywords": "Leader"}, "cards[0].keywords"),
        ({"name": "A", "kind": "ange", "count": 1, "classes": [""]}, "cards[0].classes"),
        ({"name": "T", "kind": "temple", "count": 1, "subtype": 3}, "cards[0].subtype"),
        ({"name": "A", "kind": "dragon", "count": 1}, "cards[0].kind"),
    ],
)
def test_bad_input_is_refused_at_its_path(entry, path):
    with pytest.raises(DeckFormatError) as refused:
        parse_deck({"game": "7-fallen", "cards": [entry]})
    assert refused.value.path == path


def test_entries_of_one_card_that_disagree_are_refused():
    with pytest.raises(DeckFormatError) as refused:
        parse_deck(
            {
                "game": "7-fallen",
                "cards": [
                    page("Élan", 1, keywords=["Leader"]),
                    page("élan", 1, keywords=["Loyaliste"]),
                ],
            }
        )
    assert refused.value.path == "cards[1].keywords"
