"""The JSON contract: what parses, what is refused, and where the error points."""

import json

import pytest
from rules_factories import angel, human, intervention, legal_deck

from rules import (
    DeckFormatError,
    Severity,
    Verdict,
    Violation,
    card_key,
    parse_deck,
    validate_contract,
)
from rules.aniolowie import Card, Deck
from rules.aniolowie.schema import ORDERS, choir_for_order, copy_limit


def deck_with(*cards, **top) -> dict:
    """Return a deck whose cards are the legal deck's first three plus `cards`."""
    return {
        "game": "aniolowie",
        "faction": "lord",
        "cards": legal_deck()["cards"][:3] + list(cards),
    } | top


def error_of(data) -> DeckFormatError:
    with pytest.raises(DeckFormatError) as caught:
        validate_contract(data)
    return caught.value


BAD = [
    pytest.param([], "", "a deck must be a JSON object, got a list", id="not-an-object"),
    pytest.param("deck", "", "got 'deck'", id="a-string"),
    pytest.param(
        {"cards": []}, "game", "missing; say which game the deck is for: aniolowie", id="no-game"
    ),
    pytest.param(
        {"game": "monopoly", "cards": []},
        "game",
        "unknown game 'monopoly'; expected one of aniolowie, dark-eden, inwo",
        id="unknown-game",
    ),
    pytest.param({"game": 7, "cards": []}, "game", "unknown game 7", id="game-not-a-string"),
    pytest.param(
        deck_with(faction="any"),
        "faction",
        "unknown deck faction 'any'; expected one of lord, fallen",
        id="deck-faction-any",
    ),
    pytest.param(
        deck_with(faction="Lord"), "faction", "unknown deck faction 'Lord'", id="faction-case"
    ),
    pytest.param(
        {"game": "aniolowie"}, "cards", "expected a list of cards, missing", id="no-cards"
    ),
    pytest.param(
        {"game": "aniolowie", "cards": {}},
        "cards",
        "expected a list of cards, got an object",
        id="cards-not-a-list",
    ),
    pytest.param(
        {"game": "aniolowie", "cards": None},
        "cards",
        "expected a list of cards, got null",
        id="cards-null",
    ),
    pytest.param(
        deck_with("Gaap"), "cards[3]", "expected a card object, got 'Gaap'", id="card-string"
    ),
    pytest.param(
        deck_with({"kind": "angel", "count": 1}),
        "cards[3].name",
        "expected a non-empty string, got nothing",
        id="name-missing",
    ),
    pytest.param(
        deck_with(angel("  ")),
        "cards[3].name",
        "expected a non-empty string, got '  '",
        id="name-blank",
    ),
    pytest.param(
        deck_with(angel("x") | {"name": 5}), "cards[3].name", "got 5", id="name-not-a-string"
    ),
    pytest.param(
        deck_with(angel("x") | {"kind": "demon"}),
        "cards[3].kind",
        "unknown kind 'demon'; expected one of angel, human, intervention",
        id="unknown-kind",
    ),
    pytest.param(
        deck_with({"name": "x", "count": 1}),
        "cards[3].kind",
        "missing; say what the card is: angel, human, intervention",
        id="kind-missing",
    ),
    pytest.param(
        deck_with(angel("x") | {"kind": None}),
        "cards[3].kind",
        "missing; say what the card is",
        id="kind-null",
    ),
    pytest.param(
        deck_with(angel("\ud800")),
        "cards[3].name",
        "'\\ud800' is not valid text",
        id="name-lone-surrogate",
    ),
    pytest.param(
        deck_with(angel("Gaap\udfff Wielki")),
        "cards[3].name",
        "not valid text",
        id="name-with-a-surrogate-inside",
    ),
    pytest.param(
        deck_with(angel("x") | {"kind": ["angel"]}),
        "cards[3].kind",
        "unknown kind a list",
        id="kind-unhashable",
    ),
    pytest.param(
        deck_with(angel("x", count=0)),
        "cards[3].count",
        "expected an integer >= 1, got 0",
        id="count-0",
    ),
    pytest.param(deck_with(angel("x", count=-2)), "cards[3].count", "got -2", id="count-negative"),
    pytest.param(
        deck_with(angel("x", count=1_000_001)),
        "cards[3].count",
        "expected at most 1000000 copies, got 1000001",
        id="count-absurd",
    ),
    pytest.param(
        deck_with(angel("x", count=10**4000)),
        "cards[3].count",
        "expected at most 1000000 copies, got an integer of more than 30 digits",
        id="count-too-long-to-print",
    ),
    pytest.param(
        deck_with(angel("x") | {"count": "2"}), "cards[3].count", "got '2'", id="count-string"
    ),
    pytest.param(
        deck_with(angel("x") | {"count": 2.0}), "cards[3].count", "got 2.0", id="count-float"
    ),
    pytest.param(
        deck_with(angel("x") | {"count": True}), "cards[3].count", "got true", id="count-bool"
    ),
    pytest.param(
        deck_with(angel("x", drop=("count",))), "cards[3].count", "got nothing", id="count-missing"
    ),
    pytest.param(
        deck_with(angel("x") | {"count": None}), "cards[3].count", "got null", id="count-null"
    ),
    pytest.param(
        deck_with(angel("x") | {"faction": "neutral"}),
        "cards[3].faction",
        "unknown faction 'neutral'; expected one of lord, fallen, any",
        id="unknown-faction",
    ),
    pytest.param(
        deck_with(angel("x") | {"color": "green"}),
        "cards[3].color",
        "unknown color 'green'; expected one of gold, red, blue, black, white",
        id="unknown-color",
    ),
    pytest.param(
        deck_with(human("x") | {"alignment": "bad"}),
        "cards[3].alignment",
        "unknown alignment 'bad'; expected one of good, evil, neutral",
        id="unknown-alignment",
    ),
    pytest.param(
        deck_with(human("x") | {"sex": "f"}),
        "cards[3].sex",
        "unknown sex 'f'; expected one of female, male",
        id="unknown-sex",
    ),
    pytest.param(
        deck_with(angel("x", edition_symbol="full")),
        "cards[3].edition_symbol",
        "unknown edition symbol 'full'; expected one of empty, filled",
        id="unknown-edition-symbol",
    ),
    pytest.param(
        deck_with(angel("x") | {"level": "7"}),
        "cards[3].level",
        "expected an integer, got '7'",
        id="level-string",
    ),
    pytest.param(
        deck_with(angel("x") | {"level": 7.5}), "cards[3].level", "got 7.5", id="level-float"
    ),
    pytest.param(
        deck_with(angel("x") | {"level": False}), "cards[3].level", "got false", id="level-bool"
    ),
    pytest.param(
        deck_with(angel("x", "thrones", "fallen")),
        "cards[3].order",
        "a Fallen angel cannot be a Throne",
        id="fallen-throne",
    ),
    pytest.param(
        deck_with(angel("x", faction="any")),
        "cards[3].faction",
        "an angel belongs to lord or fallen",
        id="angel-of-both-factions",
    ),
    pytest.param(
        deck_with(human("x") | {"order": "angels"}),
        "cards[3].order",
        "a human card has no order; got 'angels'",
        id="human-with-order",
    ),
    pytest.param(
        deck_with(human("x") | {"faction": "lord"}),
        "cards[3].faction",
        "a human card has no faction",
        id="human-with-faction",
    ),
    pytest.param(
        deck_with(intervention("x") | {"level": 3}),
        "cards[3].level",
        "an intervention card has no level",
        id="intervention-with-level",
    ),
    pytest.param(
        deck_with(intervention("x") | {"alignment": "good"}),
        "cards[3].alignment",
        "an intervention card has no alignment",
        id="intervention-with-alignment",
    ),
]


@pytest.mark.parametrize(("data", "path", "message"), BAD)
def test_bad_input_is_refused_with_its_path(data, path, message):
    error = error_of(data)
    assert error.path == path
    assert message in error.message
    assert str(error) == (f"{path}: {error.message}" if path else error.message)
    assert "\n" not in str(error)


def test_unknown_order_message_lists_the_orders():
    data = deck_with(angel("x") | {"order": "power"})  # the fourth entry
    assert str(error_of(data)) == (
        "cards[3].order: unknown order 'power'; expected one of angels, archangels, "
        "principalities, virtues, powers, dominions, cherubim, seraphim, thrones"
    )


def test_missing_and_null_attributes_are_unknown():
    data = deck_with(
        {"name": "Bare", "kind": "angel", "count": 1},
        angel("Nulls", order=None, faction=None, edition_symbol=None)
        | {"color": None, "level": None},
        {"name": "Who", "kind": "human", "count": 1, "alignment": None, "sex": None},
    )
    deck = parse_deck(data)
    bare, nulls, who = deck.cards[-3:]
    assert bare == Card(name="Bare", kind="angel", count=1)
    assert nulls.order is None and nulls.faction is None and nulls.level is None
    assert who.alignment is None and who.sex is None and who.edition_symbol is None


def test_unknown_keys_are_ignored():
    plain = legal_deck()
    extra = {"id": 17, "support": 3, "ability": "…", "order ": "thrones", "Kind": ["x"]}
    cards = [card | extra for card in plain["cards"]]
    marked = plain | {"cards": cards, "owner": "me", "version": {"n": 2}}
    assert validate_contract(marked) == validate_contract(plain) == Verdict(())
    assert parse_deck(marked) == parse_deck(plain)
    broken = marked | {"cards": [*cards, angel("Stray", "angels", "fallen") | extra]}
    assert [(v.code, v.cards) for v in validate_contract(broken).violations] == [
        ("faction-mix", ("Stray",))
    ]


def test_deck_faction_may_be_null_or_missing():
    assert parse_deck(legal_deck() | {"faction": None}).faction is None
    assert parse_deck({"game": "aniolowie", "cards": []}).faction is None


def test_parse_deck_builds_cards_with_folded_keys():
    deck = parse_deck(deck_with(intervention("Jawna Łaska", count=2)))
    assert isinstance(deck, Deck) and deck.game == "aniolowie" and deck.faction == "lord"
    card = deck.cards[-1]
    assert (card.name, card.key, card.count, card.kind) == (
        "Jawna Łaska",
        "jawna laska",
        2,
        "intervention",
    )


def test_cards_built_directly_get_their_key():
    assert Card(name="ŻÓŁW Wielki", kind="human").key == "zolw wielki"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Łaska", "laska"),
        ("ŁASKA", "łaska"),
        ("Żółć", "zolc"),
        ("Jawna  Łaska ", "jawna łaska"),
        ("Gaap", "GAAP"),
        ("Święta", "SWIETA"),
        ("Ąę Óś Źń Ć", "ae os zn c"),
    ],
)
def test_card_key_folds_case_and_polish_diacritics(a, b):
    assert card_key(a) == card_key(b)


def test_card_key_keeps_different_names_apart():
    assert card_key("Gaap") != card_key("Gap")
    assert card_key("Matka") != card_key("Matki")


def test_orders_follow_the_rulebook_hierarchy():
    assert [(o.id, o.level, o.choir) for o in ORDERS] == [
        ("angels", 3, "III"),
        ("archangels", 4, "III"),
        ("principalities", 5, "III"),
        ("virtues", 6, "II"),
        ("powers", 7, "II"),
        ("dominions", 8, "II"),
        ("cherubim", 9, "I"),
        ("seraphim", 10, "I"),
        ("thrones", 11, "I"),
    ]
    assert choir_for_order("powers") == "II"
    with pytest.raises(ValueError, match="unknown order 'power'"):
        choir_for_order("power")


def test_copy_limit_follows_the_edition_symbol():
    assert copy_limit("empty") == 2
    assert copy_limit("filled") == 1
    assert copy_limit(None) is None
    with pytest.raises(ValueError, match="unknown edition symbol"):
        copy_limit("full")


def test_verdict_to_dict_is_the_cli_shape():
    violation = Violation("deck-size", Severity.ERROR, "po polsku", "in English", ("A", "B"))
    verdict = Verdict((violation,))
    assert verdict.to_dict() == {
        "valid": False,
        "violations": [
            {"code": "deck-size", "severity": "error", "message": "in English", "cards": ["A", "B"]}
        ],
    }
    assert verdict.to_dict("pl")["violations"][0]["message"] == "po polsku"
    json.dumps(verdict.to_dict())
    with pytest.raises(ValueError, match="unknown language"):
        verdict.to_dict("de")


def test_warnings_alone_keep_a_deck_valid():
    warning = Violation("unverified", Severity.WARNING, "pl", "en", ("A",))
    assert Verdict((warning,)).valid
    assert Verdict(()).valid


CLASHES = [
    pytest.param(
        [angel("Matka"), human("MATKA")],
        "cards[4]: 'MATKA' is the same card as cards[3] 'Matka' but its kind differs "
        "(human vs angel)",
        id="kind",
    ),
    pytest.param(
        [angel("Gaap", "archangels"), angel("GAAP", "principalities")],
        "cards[4]: 'GAAP' is the same card as cards[3] 'Gaap' but its order differs "
        "(principalities vs archangels)",
        id="order",
    ),
    pytest.param(
        [intervention("Wezwanie"), intervention("wezwanie", edition_symbol="filled")],
        "cards[4]: 'wezwanie' is the same card as cards[3] 'Wezwanie' but its edition symbol "
        "differs (filled vs empty)",
        id="edition-symbol",
    ),
    pytest.param(
        [angel("Gaap", None), angel("GAAP", "archangels"), angel("gaap", "principalities")],
        "cards[5]: 'gaap' is the same card as cards[4] 'GAAP' but its order differs "
        "(principalities vs archangels)",
        id="names-the-entry-that-gave-the-value",
    ),
    pytest.param(
        [angel("Gaap"), angel("GAAP") | {"level": 4}],
        "but its level differs (4 vs 3)",
        id="level",
    ),
    pytest.param(
        [intervention("Łaska", "lord"), intervention("LASKA", "any")],
        "cards[4]: 'LASKA' is the same card as cards[3] 'Łaska' but its faction differs "
        "(any vs lord)",
        id="faction-any-is-not-unknown",
    ),
    pytest.param(
        [angel("Tron", None, "fallen"), angel("TRON", "thrones", None)],
        "cards[4]: 'TRON' is the same card as cards[3] 'Tron', which is a Fallen angel; "
        "a Fallen angel cannot be a Throne",
        id="together-a-fallen-throne",
    ),
    pytest.param(
        [angel("Tron", "thrones", None), angel("TRON", None, "fallen")],
        "cards[4]: 'TRON' is the same card as cards[3] 'Tron', which is a Throne; "
        "a Fallen angel cannot be a Throne",
        id="together-a-fallen-throne-the-other-way",
    ),
]


@pytest.mark.parametrize(("cards", "message"), CLASHES)
def test_same_name_entries_that_disagree_are_refused(cards, message):
    error = error_of(deck_with(*cards))
    assert message in str(error)
    assert error.path.startswith("cards[")
    assert "\n" not in str(error)


def test_same_name_entries_merge_into_one_card_with_every_known_attribute():
    gaap = angel("Gaap", None, None, edition_symbol=None) | {"level": None, "color": None}
    deck = parse_deck(
        deck_with(
            gaap, intervention("Other"), angel("GAAP", "powers", count=2), angel("Gaap", "powers")
        )
    )
    assert [card.name for card in deck.cards[3:]] == ["Gaap", "Other"]
    card = deck.cards[3]
    assert (card.count, card.names, card.key) == (4, ("Gaap", "GAAP"), "gaap")
    assert card == Card(
        "Gaap", "angel", 4, "lord", "powers", 7, "gold", edition_symbol="empty", names=card.names
    )


def test_the_game_module_wants_its_game_too():
    from rules import aniolowie

    with pytest.raises(DeckFormatError, match="game: missing; say which game"):
        aniolowie.parse_deck({"cards": []})
    assert aniolowie.parse_deck({"game": "aniolowie", "cards": []}).cards == ()
