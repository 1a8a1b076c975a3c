"""Dark Eden's deck rules, each at its boundaries, and bad input refused at its path (pure)."""

import pytest

from rules import DeckFormatError, validate_contract
from rules.core.schema import UNLIMITED
from rules.dark_eden import GAME, parse_deck

LEADER = {"name": "Astinou", "kind": "leader", "affiliation": "templars"}


def card(name, count=1, kind="warrior", affiliation="general", unlimited=False, **extra):
    return {
        "name": name,
        "kind": kind,
        "count": count,
        "affiliation": affiliation,
        "unlimited": unlimited,
        **extra,
    }


def filler(total: int) -> list[dict]:
    """Return general cards, five copies each, making `total` cards in all."""
    cards, index = [], 0
    while total > 0:
        cards.append(card(f"Miejsce {index}", min(5, total), kind="place"))
        total -= 5
        index += 1
    return cards


def deck(*cards, leader=LEADER, size=60):
    given = sum(c["count"] for c in cards)
    leaders = [{**leader, "count": 1}] if leader else []
    return {"game": "dark-eden", "cards": [*leaders, *cards, *filler(size - given)]}


def codes(data):
    return [(v.code, v.severity.value, v.cards) for v in validate_contract(data).violations]


def test_a_legal_deck_has_no_violation():
    assert codes(deck()) == []


def test_the_leader_does_not_count_towards_sixty_cards():
    assert [c[0] for c in codes(deck(size=59))] == ["deck-size"]
    (violation,) = validate_contract(deck(size=59)).violations
    assert violation.severity.value == "error"
    assert "this one has 59: add 1 card" in violation.message("en")
    assert "ma 59: dodaj 1 kartę" in violation.message("pl")
    assert codes(deck(size=61)) == []  # no upper limit


def test_a_deck_needs_exactly_one_leader_copy():
    assert codes(deck(leader=None)) == [("leader-count", "error", ())]
    two_copies = deck()
    two_copies["cards"][0]["count"] = 2
    assert codes(two_copies) == [("leader-count", "error", ("Astinou",))]
    two_leaders = deck(card("Verage", kind="leader", affiliation="templars", section="leader"))
    # The second leader lies beside the first, apart from the deck: 60 cards still count.
    two_leaders["cards"].append(card("Miejsce extra", kind="place"))
    assert codes(two_leaders) == [("leader-count", "error", ("Astinou", "Verage"))]


def test_five_copies_are_allowed_six_are_not():
    assert codes(deck(card("Soldat", 5))) == []
    found = codes(deck(card("Soldat", 6)))
    assert found == [("copy-limit", "error", ("Soldat",))]
    (violation,) = validate_contract(deck(card("Soldat", 6))).violations
    assert "remove 1 copy" in violation.message("en")
    assert "usuń 1 egzemplarz" in violation.message("pl")


def test_names_differing_in_case_and_diacritics_are_one_card():
    merged = deck(card("ŻOŁNIERZ HORDY", 3), card("zolnierz hordy", 3))
    assert codes(merged) == [("copy-limit", "error", ("ŻOŁNIERZ HORDY",))]


def test_an_unlimited_card_may_have_any_number_of_copies():
    assert codes(deck(card("Rekrut", 30, unlimited=True))) == []


def test_an_unknown_unlimited_mark_above_five_copies_cannot_be_checked():
    found = codes(deck(card("Rekrut", 6, unlimited=None)))
    assert found == [("unverified", "warning", ("Rekrut",))]
    assert codes(deck(card("Rekrut", 5, unlimited=None))) == []


def test_a_card_of_another_affiliation_is_a_warning_naming_it():
    found = codes(
        deck(card("Prorok", affiliation="crescentia"), card("Rekrut", affiliation="templars"))
    )
    assert found == [("affiliation", "warning", ("Prorok",))]
    (violation,) = validate_contract(deck(card("Prorok", affiliation="crescentia"))).violations
    assert "leader's affiliation (Templars)" in violation.message("en")
    assert "Przywódcy (Templariusze)" in violation.message("pl")
    assert validate_contract(deck(card("Prorok", affiliation="crescentia"))).valid


def test_an_unknown_affiliation_is_said_not_guessed():
    assert codes(deck(card("Prorok", affiliation=None))) == [("unverified", "warning", ("Prorok",))]
    unknown_leader = codes(deck(leader={"name": "Astinou", "kind": "leader"}))
    assert unknown_leader == [("unverified", "warning", ("Astinou",))]


def test_megacorporations_beside_a_corporation_is_left_unchecked():
    giesel = {"name": "Bartholomew Giesel", "kind": "leader", "affiliation": "megacorporations"}
    found = codes(deck(card("Wilczarz", affiliation="bauhaus"), leader=giesel))
    assert found == [("unverified", "warning", ("Wilczarz",))]
    bourges = {"name": "Sigfried Bourges", "kind": "leader", "affiliation": "bauhaus"}
    assert codes(deck(card("Enigma", affiliation="mishima"), leader=bourges)) == [
        ("affiliation", "warning", ("Enigma",))
    ]


def test_a_unique_card_limits_copies_in_play_not_in_the_deck():
    assert codes(deck(card("Mitch Hunter", 5, affiliation="general", unique=True))) == []


def test_without_a_leader_affiliations_are_not_checked():
    assert codes(deck(card("Prorok", affiliation="crescentia"), leader=None)) == [
        ("leader-count", "error", ())
    ]


def test_the_copy_limit_declared_for_the_site():
    assert GAME.copy_limit("warrior", {"unlimited": False}) == 5
    assert GAME.copy_limit("intrigue", {"unlimited": True}) == UNLIMITED
    assert GAME.copy_limit("place", {}) is None
    assert GAME.copy_limit("leader", {"unlimited": False}) == 1


@pytest.mark.parametrize(
    ("cards", "path", "message"),
    [
        ([{"name": "X", "kind": "dragon", "count": 1}], "cards[0].kind", "unknown kind 'dragon'"),
        ([{"name": "X", "kind": "place", "count": 0}], "cards[0].count", "from 1 to"),
        (
            [{"name": "X", "kind": "leader", "count": 1, "section": "deck"}],
            "cards[0].section",
            "the leader lies apart from the deck",
        ),
        (
            [{"name": "X", "kind": "place", "count": 1, "affiliation": "klingons"}],
            "cards[0].affiliation",
            "unknown affiliation 'klingons'",
        ),
        (
            [{"name": "X", "kind": "place", "count": 1, "unlimited": "yes"}],
            "cards[0].unlimited",
            "expected true, false or null",
        ),
        (
            [
                {"name": "X", "kind": "place", "count": 1},
                {"name": "x", "kind": "warrior", "count": 1},
            ],
            "cards[1]",
            "appears twice with different kinds",
        ),
    ],
)
def test_bad_input_is_refused_with_its_path(cards, path, message):
    with pytest.raises(DeckFormatError) as raised:
        parse_deck({"game": "dark-eden", "cards": cards})
    assert raised.value.path == path
    assert message in raised.value.message


@pytest.mark.parametrize(
    ("second", "path"),
    [
        ({"affiliation": "crescentia"}, "cards[1].affiliation"),
        ({"unlimited": True}, "cards[1].unlimited"),
    ],
)
def test_two_entries_of_one_card_must_agree(second, path):
    first = {
        "name": "Soldat",
        "kind": "warrior",
        "count": 3,
        "affiliation": "templars",
        "unlimited": False,
    }
    with pytest.raises(DeckFormatError) as raised:
        parse_deck({"game": "dark-eden", "cards": [first, {**first, "name": "SOLDAT", **second}]})
    assert raised.value.path == path


def test_an_entry_leaving_a_fact_unknown_takes_it_from_another():
    first = {"name": "Soldat", "kind": "warrior", "count": 3}
    told = {**first, "count": 3, "affiliation": "templars", "unlimited": False}
    (card,) = parse_deck({"game": "dark-eden", "cards": [first, told]}).cards
    assert (card.count, card.affiliation, card.unlimited) == (6, "templars", False)


def test_an_unknown_format_is_refused():
    with pytest.raises(DeckFormatError) as raised:
        parse_deck({"game": "dark-eden", "format": "draft", "cards": []})
    assert raised.value.path == "format"


def test_a_name_broken_over_two_lines_is_the_same_card():
    # The card list breaks long names with a hyphen; a deck may write either spelling.
    merged = deck(card("BŁOGOSŁA- WIEŃSTWO", 3), card("BŁOGOSŁAWIEŃSTWO", 3))
    assert codes(merged) == [("copy-limit", "error", ("BŁOGOSŁA- WIEŃSTWO",))]
    assert codes(deck(card("BŁOGOSŁA- WIEŃSTWO", 2), card("BŁOGOSŁAWIEŃSTWO", 3))) == []
    # A hyphen inside a word or between spaced words is part of the name.
    assert codes(deck(card("SKAUT-3", 3), card("SKAUT 3", 3))) == []


def test_two_leaders_still_warn_of_cards_off_whichever_stays():
    verage = card("Verage", kind="leader", affiliation="templars", section="leader")
    found = codes(deck(card("Prorok", affiliation="crescentia"), verage, size=61))
    assert found == [
        ("leader-count", "error", ("Astinou", "Verage")),
        ("affiliation", "warning", ("Prorok",)),
    ]


def test_with_leaders_of_two_affiliations_a_card_of_either_is_not_warned_of():
    bourges = card("Sigfried Bourges", kind="leader", affiliation="bauhaus", section="leader")
    found = codes(
        deck(
            card("Wilczarz", affiliation="bauhaus"),
            card("Prorok", affiliation="crescentia"),
            bourges,
            size=61,
        )
    )
    assert found == [
        ("leader-count", "error", ("Astinou", "Sigfried Bourges")),
        ("affiliation", "warning", ("Prorok",)),
    ]
    (_, violation) = validate_contract(
        deck(card("Prorok", affiliation="crescentia"), bourges, size=61)
    ).violations
    assert "leader's affiliation (Templars, Bauhaus)" in violation.message("en")


def test_a_leader_of_unknown_affiliation_among_two_leaves_affiliations_unchecked():
    unknown = card("Verage", kind="leader", affiliation=None, section="leader")
    found = codes(deck(card("Prorok", affiliation="crescentia"), unknown, size=61))
    assert found == [
        ("leader-count", "error", ("Astinou", "Verage")),
        ("unverified", "warning", ("Verage",)),
    ]
