"""INWO's deck rules, case by case (Polish rulebook, "Początek gry", steps 1-6)."""

import pytest

from rules.core.registry import validate_contract
from rules.core.verdict import DeckFormatError

E, W = "error", "warning"


def card(name, kind, count=1, section=None, back=None):
    entry = {"name": name, "kind": kind, "count": count}
    if section is not None:
        entry["section"] = section
    if back is not None:
        entry["back"] = back
    return entry


def plots(count):
    return card("Padding Plot", "plot", count)


def groups(count):
    return card("Padding Group", "organization", count)


def legal(extra=(), **deck):
    """Return a 45-card deck: an Illuminati and a Group to lead, 20 Groups, 23 Plots."""
    return {
        "game": "inwo",
        **deck,
        "cards": [
            card("UFOs", "illuminati", section="lead"),
            card("Gun Lobby", "organization", section="lead"),
            groups(20),
            plots(23),
            *extra,
        ],
    }


def summary(data):
    verdict = validate_contract(data)
    return sorted((v.code, str(v.severity), v.cards) for v in verdict.violations)


def test_a_legal_deck_has_no_violation():
    assert summary(legal()) == []


def test_the_illuminati_goes_to_the_lead_when_no_section_is_given():
    deck = legal()
    del deck["cards"][0]["section"]
    assert summary(deck) == []


@pytest.mark.parametrize(
    "illuminati, expected",
    [
        ([], [("illuminati-count", E, ()), ("deck-size", W, ())]),
        (
            [card("UFOs", "illuminati", section="lead"), card("Shangri-La", "illuminati")],
            [("deck-size", W, ()), ("illuminati-count", E, ("UFOs", "Shangri-La"))],
        ),
        (
            [card("UFOs", "illuminati", count=2, section="lead")],
            [("deck-size", W, ()), ("illuminati-count", E, ("UFOs",))],
        ),
    ],
)
def test_exactly_one_illuminati_leads(illuminati, expected):
    deck = legal()
    deck["cards"] = illuminati + deck["cards"][1:]
    assert summary(deck) == sorted(expected)


def test_a_spare_illuminati_may_hide_in_the_plot_deck():
    deck = legal()
    deck["cards"][3] = plots(22)
    deck["cards"].append(card("Shangri-La", "illuminati", section="plots", back="hand"))
    assert summary(deck) == []


def test_an_illuminati_with_a_puppet_back_belongs_in_the_group_deck():
    deck = legal()
    deck["cards"][3] = plots(22)
    deck["cards"].append(card("Atlantis", "illuminati", section="plots", back="puppet"))
    assert summary(deck) == [("wrong-section", E, ("Atlantis",))]


def test_an_illuminati_of_unknown_back_outside_the_lead_cannot_be_checked():
    deck = legal()
    deck["cards"][3] = plots(22)
    deck["cards"].append(card("Shangri-La", "illuminati", section="groups"))
    assert summary(deck) == [("unverified", W, ("Shangri-La",))]


@pytest.mark.parametrize(
    "misplaced",
    [
        card("Crystal Skull", "resource", section="lead"),
        card("Car Bomb", "assassination", section="lead"),
        card("Crystal Skull", "resource", section="plots"),
        card("Tidal Wave", "disaster", section="groups"),
        card("Law and Order", "nwo", section="groups"),
        card("Kill For Peace!", "goal", section="groups"),
        card("England", "place", section="plots"),
    ],
)
def test_a_card_lies_where_its_back_puts_it(misplaced):
    deck = legal()
    deck["cards"][3] = plots(22)
    deck["cards"].append(misplaced)
    assert summary(deck) == [("wrong-section", E, (misplaced["name"],))]


def test_a_back_given_against_the_kind_counts():
    """The card's own back decides, as the two Virtual Illuminati printed with a puppet show."""
    deck = legal()
    deck["cards"][3] = plots(22)
    deck["cards"].append(card("Odd Plot", "plot", section="groups", back="puppet"))
    assert summary(deck) == []


def test_the_lead_may_hold_more_groups_to_choose_from():
    deck = legal()
    deck["cards"][2] = groups(19)
    deck["cards"].append(card("Pentagon", "organization", section="lead"))
    assert summary(deck) == []


@pytest.mark.parametrize("total, severity", [(44, W), (46, W), (45, None), (1, W)])
def test_the_rulebook_recommends_45_cards(total, severity):
    deck = legal()
    deck["cards"][3] = plots(23 + total - 45) if total > 22 else plots(1)
    if total < 23:
        deck["cards"] = deck["cards"][:1]
    expected = [] if severity is None else [("deck-size", severity, ())]
    found = [v for v in summary(deck) if v[0] == "deck-size"]
    assert found == expected


@pytest.mark.parametrize(
    "total, expected", [(44, [("deck-size", E, ())]), (45, []), (46, [("deck-size", E, ())])]
)
def test_a_tournament_deck_holds_exactly_45(total, expected):
    deck = legal(format="tournament")
    deck["cards"][3] = plots(23 + total - 45)
    assert summary(deck) == expected


def test_a_one_big_deck_checks_only_where_cards_lie():
    deck = {
        "game": "inwo",
        "format": "one-big-deck",
        "cards": [
            card("UFOs", "illuminati", 3, section="lead"),
            card("Shangri-La", "illuminati", 3, section="lead"),
            groups(60),
            plots(90),
            card("Crystal Skull", "resource", section="plots"),
        ],
    }
    assert summary(deck) == [("wrong-section", E, ("Crystal Skull",))]


def test_there_is_no_copy_limit():
    deck = legal()
    deck["cards"][3] = card("Savings & Loan Scam", "plot", 23)
    assert summary(deck) == []


def test_messages_say_how_to_fix_in_both_languages():
    deck = legal()
    deck["cards"][3] = plots(20)
    verdict = validate_contract(deck)
    (violation,) = verdict.violations
    assert violation.message_en.endswith("(add 3 cards for the recommended 45).")
    assert "dodaj 3 karty" in violation.message_pl
    assert "42 karty" in violation.message_pl


def test_entries_of_one_card_in_one_section_merge_and_in_two_stay_apart():
    deck = legal()
    deck["cards"][2] = groups(19)
    deck["cards"] += [card("gun lobby", "organization"), card("Gun  Lobby", "organization")]
    deck["cards"][3] = plots(22)
    assert summary(deck) == []


@pytest.mark.parametrize(
    "data, path",
    [
        ({"game": "inwo", "cards": [card("X", "villain")]}, "cards[0].kind"),
        ({"game": "inwo", "cards": [card("X", "plot", section="hand")]}, "cards[0].section"),
        ({"game": "inwo", "cards": [card("X", "plot", back="tail")]}, "cards[0].back"),
        ({"game": "inwo", "cards": [card("X", "plot", count=0)]}, "cards[0].count"),
        ({"game": "inwo", "cards": [card("", "plot")]}, "cards[0].name"),
        ({"game": "inwo", "format": "draft", "cards": []}, "format"),
        ({"game": "inwo", "format": 0, "cards": []}, "format"),
        ({"game": "inwo", "cards": [card("X", ["plot"])]}, "cards[0].kind"),
        ({"game": "inwo", "cards": ["X"]}, "cards[0]"),
        ({"game": "inwo"}, "cards"),
        (
            {"game": "inwo", "cards": [card("X", "plot"), card("x", "goal")]},
            "cards[1]",
        ),
        (
            {
                "game": "inwo",
                "cards": [card("X", "organization"), card("x", "plot", section="lead")],
            },
            "cards[1]",
        ),
        (
            {
                "game": "inwo",
                "cards": [
                    card("A", "illuminati", back="hand"),
                    card("a", "illuminati", section="plots"),
                    card("A", "illuminati", section="groups", back="puppet"),
                ],
            },
            "cards[2]",
        ),
    ],
)
def test_input_that_is_no_deck_is_refused_at_its_place(data, path):
    with pytest.raises(DeckFormatError) as caught:
        validate_contract(data)
    assert caught.value.path == path


def test_an_entry_of_unknown_back_takes_the_back_another_entry_gives():
    deck = legal()
    deck["cards"][0]["back"] = "puppet"
    deck["cards"][3] = plots(22)
    deck["cards"].append(card("ufos", "illuminati", section="plots"))
    assert summary(deck) == [("wrong-section", E, ("ufos",))]


def test_a_lead_without_a_group_is_prompted_for_one():
    deck = legal()
    deck["cards"][1] = card("Gun Lobby", "organization")
    found = validate_contract(deck)
    assert found.valid
    (violation,) = found.violations
    assert (violation.code, str(violation.severity)) == ("leading-group", "warning")
    assert "choose the Group that starts as your Illuminati's first puppet" in violation.message(
        "en"
    )
    assert "wybierz Grupę, która zacznie jako pierwsza marionetka" in violation.message("pl")


def test_a_shared_deck_is_not_prompted_for_a_leading_group():
    assert summary({"game": "inwo", "format": "one-big-deck", "cards": [plots(3)]}) == []
