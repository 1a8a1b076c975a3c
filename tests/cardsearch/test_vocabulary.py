"""The vocabulary is built from a game's declared schema: any game's keys, Aniołowie's as before."""

import pytest

import rules
from cardsearch import (
    And,
    Compare,
    Match,
    Not,
    Or,
    SearchError,
    Text,
    Vocabulary,
    default_vocabulary,
    describe,
    fold,
    parse,
)
from rules.core.schema import Attribute, CardSchema, kinds_of
from rules.core.schema import Text as Words
from tests.toy_game import toy_game

TOY = Vocabulary.from_game(toy_game())
TOY_KINDS = toy_game().schema.kinds
ANIOLOWIE = Vocabulary.from_game(rules.get_game("aniolowie"))


def error_of(query: str, vocabulary: Vocabulary) -> SearchError:
    with pytest.raises(SearchError) as caught:
        parse(query, vocabulary)
    return caught.value


TOY_GRAMMAR = [
    ("ranga:srebro", Match("tier", "silver")),
    ("tier:S", Match("tier", "silver")),
    ("tier>=silver", Compare("tier", ">=", "silver")),
    ("ranga<złoto", Compare("tier", "<", "gold")),
    ("tier!=gold", Not(Match("tier", "gold"))),
    ("tier:unknown", Match("tier", None)),
    ("school:mróz", Match("school", "frost")),
    ("siła>=3", Compare("power", ">=", 3)),
    ("pow:nieznany", Compare("power", "=", None)),
    ("flying", Match("flying", True)),
    ("is:latający", Match("flying", True)),
    ("typ:jednostki", Match("kind", "unit")),
    ("kind:zaklęcie", Match("kind", "spell")),
    ("edition:core", Match("edition", "core")),
    ("anielica", Text("anielica")),
    ("name:x", Text("x", "name")),
]


@pytest.mark.parametrize(("query", "tree"), TOY_GRAMMAR)
def test_a_toy_game_parses_its_own_keys(query, tree):
    assert parse(query, TOY) == tree


def test_a_ranked_choice_lists_its_values_by_rank():
    assert TOY.by_rank("tier", ">=", "silver") == ("silver", "gold")
    assert TOY.by_rank("tier", "<", "silver") == ("bronze",)
    assert TOY.by_rank("tier", "!=", "silver") == ("bronze", "gold")
    assert TOY.by_rank("power", ">=", 3) is None
    assert ANIOLOWIE.by_rank("order", ">=", "dominions") == (
        "dominions",
        "cherubim",
        "seraphim",
        "thrones",
    )


def test_an_unranked_choice_takes_no_comparison():
    assert error_of("school>=fire", TOY).message("en") == (
        "Character 7: `school` takes only `:`, `=` or `!=`"
    )


@pytest.mark.parametrize("query", ["zakon:potęgi", "order:powers", "kolor:złoty", "wsparcie>=4"])
def test_a_toy_game_refuses_aniolowie_keys(query):
    key = query.split(":")[0].split(">")[0]
    error = error_of(query, TOY)
    assert error.position == 0
    assert error.message("en").startswith(f"Character 1: unknown key `{key}:`")
    assert error.message("pl").startswith(f"Znak 1: nieznany klucz `{key}:`")


def test_aniolowie_refuses_the_toy_game_s_keys_and_suggests_close_ones():
    error = error_of("tier:gold", ANIOLOWIE)
    assert error.message("en") == "Character 1: unknown key `tier:`"
    assert error_of("rangaa:srebro", TOY).suggestions == ("ranga",)


def test_a_bad_value_says_what_the_toy_game_expects():
    assert error_of("tier:wood", TOY).message("en") == (
        "Character 6: expected a tier: bronze, silver, gold after `tier:`, not “wood”"
    )
    assert error_of("siła:dużo", TOY).message("pl") == (
        "Znak 6: po `siła:` oczekiwano liczby (np. 3), a jest „dużo”"
    )
    # Without a declared `expected`, the labels say it; the flags name the `is:` values.
    assert (
        error_of("school:air", TOY)
        .message("en")
        .startswith("Character 8: expected one of: fire, frost after `school:`")
    )
    assert error_of("is:anielica", TOY).message("en") == (
        "Character 4: expected a property: latający after `is:`, not “anielica”"
    )
    assert (
        error_of("kind:angel", TOY)
        .message("pl")
        .startswith("Znak 6: po `kind:` oczekiwano rodzaju karty: jednostka, czar")
    )


DESCRIBED = [
    ("ranga:srebro", "srebro", "silver"),
    ("tier>=silver pow<5", "ranga ≥ srebro, siła < 5", "tier ≥ silver, power < 5"),
    ("school:fire", "szkoła ogień", "fire school"),
    ("school:frost", "mroźna", "frosty"),
    ("-flying", "nie latający", "not flying"),
    ("tier:unknown", "ranga nieznany", "tier unknown"),
    ("kind:unit OR kind:spell", "jednostki lub czar", "units or spell"),
]


@pytest.mark.parametrize(("query", "polish", "english"), DESCRIBED)
def test_a_toy_game_s_queries_are_described_with_its_labels(query, polish, english):
    tree = parse(query, TOY)
    assert describe(tree, "pl", TOY) == polish
    assert describe(tree, "en", TOY) == english


def test_the_default_vocabulary_is_that_of_every_registered_game():
    assert default_vocabulary() is default_vocabulary()
    every_game = Vocabulary.from_games(rules.all_games())
    assert [key.field for key in default_vocabulary().keys] == [
        key.field for key in every_game.keys
    ]
    assert {"order", "alignments", "power"} <= {key.field for key in every_game.keys}
    query = "f:upadli zakon>=cnoty wsparcie>=4 -unikat"
    assert parse(query) == parse(query, ANIOLOWIE)
    assert describe(parse(query), "pl") == describe(parse(query), "pl", ANIOLOWIE)


def test_two_games_share_one_vocabulary():
    both = Vocabulary.from_games([rules.get_game("aniolowie"), toy_game()])
    assert parse("zakon:potęgi tier>=silver", both) == And(
        (Match("order", "powers"), Compare("tier", ">=", "silver"))
    )
    assert parse("kind:unit", both) == Match("kind", "unit")
    assert parse("kind:angel", both) == Match("kind", "angel")
    assert parse("flying", both) == Match("flying", True)
    assert parse("unikat", both) == Match("edition_symbol", "filled")
    assert both.key("is").expected("en") == "a property: unique, anielica, latający"


SPEED = Attribute(
    "speed", "int", Words(en="speed"), kinds_of("unit"), search_keys={"en": ("tier",)}
)


def test_a_key_name_with_two_meanings_in_one_game_is_refused():
    clash = CardSchema(kinds=TOY_KINDS, attributes=(*toy_game().schema.attributes, SPEED))
    with pytest.raises(ValueError, match="tier"):
        Vocabulary.from_game(toy_game("clash", clash))


# A second game that names its speed `tier:`, as INWO names its alignments as Aniołowie does.
CLASH = Vocabulary.from_games(
    [toy_game(), toy_game("clash", CardSchema(kinds=TOY_KINDS, attributes=(SPEED,)))]
)
SHARED = [
    ("tier:silver", Match("tier", "silver")),
    ("tier:3", Compare("speed", "=", 3)),
    ("tier>=silver", Compare("tier", ">=", "silver")),
    ("tier:unknown", And((Match("tier", None), Compare("speed", "=", None)))),
    ("tier!=unknown", Or((Not(Match("tier", None)), Compare("speed", "!=", None)))),
]


@pytest.mark.parametrize(("query", "tree"), SHARED)
def test_a_key_name_two_games_give_to_two_attributes_reads_as_either(query, tree):
    assert CLASH.key("tier") is None
    assert [key.field for key in CLASH.keys_named("tier")] == ["tier", "speed"]
    assert parse(query, CLASH) == tree


def test_a_shared_key_name_matches_either_game_s_value():
    both = Vocabulary.from_games([toy_game("clash", CardSchema(TOY_KINDS, (SPEED,))), toy_game()])
    assert parse("tier!=2", both) == Compare("speed", "!=", 2)
    assert error_of("tier:platinum", CLASH).message("en") == (
        "Character 6: expected a tier: bronze, silver, gold after `tier:`, not “platinum”"
    )


def test_inwo_and_aniolowie_keep_their_own_words_within_their_game():
    inwo = Vocabulary.from_game(rules.get_game("inwo"))
    assert parse("charakter:zwariowany", inwo) == Match("alignments", "weird")
    assert parse("alignment:weird al:government", inwo) == And(
        (Match("alignments", "weird"), Match("alignments", "government"))
    )
    assert parse("kolor:żółta", inwo) == Match("nwo_colour", "yellow")
    assert parse("charakter:zły", ANIOLOWIE) == Match("alignment", "evil")
    assert error_of("charakter:zły", inwo).position == len("charakter:")


def test_every_game_s_search_reads_a_shared_key_as_either_game_s_attribute():
    assert parse("charakter:zwariowany") == Match("alignments", "weird")
    assert parse("charakter:zły") == Match("alignment", "evil")
    assert parse("colour:red") == Or((Match("color", "red"), Match("nwo_colour", "red")))
    assert parse("kolor:nieznany") == And((Match("color", None), Match("nwo_colour", None)))


# ---------------------------------------------------------------------------------------------
# Regression fixture: Aniołowie's keys as cardsearch/vocabulary.py wrote them out by hand before
# the vocabulary was built from the schema (field, names, unknown allowed, expected PL and EN,
# value → words). The flag `anielica` filled the field "anielica", now the attribute id.

HAND_WRITTEN_KEYS = [
    (
        "order",
        ("zakon", "order"),
        True,
        "nazwy zakonu (np. potęgi, cnoty, 07)",
        "an order name (e.g. powers, virtues, 07)",
        {
            "angels": ("angels", "Angels", "Angel", "Aniołowie", "Anioł", "03", "3"),
            "archangels": (
                "archangels",
                "Archangels",
                "Archangel",
                "Archaniołowie",
                "Archanioł",
                "04",
                "4",
            ),
            "principalities": (
                "principalities",
                "Principalities",
                "Principality",
                "Księstwa",
                "Książę",
                "05",
                "5",
                "ksiestwo",
                "ksiazeta",
                "principality",
            ),
            "virtues": ("virtues", "Virtues", "Virtue", "Cnoty", "Cnota", "06", "6", "virtue"),
            "powers": ("powers", "Powers", "Power", "Potęgi", "Potęga", "07", "7"),
            "dominions": (
                "dominions",
                "Dominions",
                "Dominion",
                "Panowania",
                "Pan",
                "08",
                "8",
                "panowanie",
                "dominion",
            ),
            "cherubim": (
                "cherubim",
                "Cherubim",
                "Cherub",
                "Cherubini",
                "Cherubin",
                "09",
                "9",
                "cherubs",
                "cherubiny",
            ),
            "seraphim": (
                "seraphim",
                "Seraphim",
                "Seraph",
                "Serafini",
                "Serafin",
                "10",
                "seraphs",
                "serafiny",
            ),
            "thrones": ("thrones", "Thrones", "Throne", "Trony", "Tron", "11"),
        },
    ),
    (
        "choir",
        ("chór", "krąg", "choir", "circle"),
        True,
        "numeru chóru: I, II, III (albo 1, 2, 3)",
        "a choir number: I, II, III (or 1, 2, 3)",
        {"I": ("I", "1"), "II": ("II", "2"), "III": ("III", "3")},
    ),
    ("level", ("poziom", "lvl", "level"), True, "liczby (np. 7)", "a number (e.g. 7)", {}),
    (
        "color",
        ("kolor", "c", "color", "colour"),
        True,
        "koloru: złoty, czerwony, niebieski, czarny, biały",
        "a colour: gold, red, blue, black, white",
        {
            "gold": ("złoty", "gold"),
            "red": ("czerwony", "red"),
            "blue": ("niebieski", "blue"),
            "black": ("czarny", "black"),
            "white": ("biały", "white"),
        },
    ),
    (
        "faction",
        ("frakcja", "f", "faction"),
        True,
        "frakcji: pan, upadli, obie",
        "a faction: lord, fallen, any",
        {
            "lord": ("pan", "lord", "aniołowie pana", "aniołowie_pana", "aniołowie-pana"),
            "fallen": ("upadli", "upadły", "fallen"),
            "any": ("obie", "any", "both", "obie frakcje"),
        },
    ),
    (
        "kind",
        ("typ", "rodzaj", "t", "kind", "type"),
        False,
        "rodzaju karty: anioł, człowiek, interwencja",
        "a card kind: angel, human, intervention",
        {
            "angel": ("anioł", "anioły", "angel", "angels"),
            "human": ("człowiek", "ludzie", "human", "humans"),
            "intervention": ("interwencja", "interwencje", "intervention", "interventions"),
        },
    ),
    (
        "alignment",
        ("charakter", "al", "alignment"),
        True,
        "charakteru: dobry, zły, neutralny",
        "a character: good, evil, neutral",
        {
            "good": ("dobry", "dobra", "good"),
            "evil": ("zły", "zła", "evil"),
            "neutral": ("neutralny", "neutralna", "neutral"),
        },
    ),
    (
        "sex",
        ("płeć", "sex"),
        True,
        "płci: kobieta, mężczyzna",
        "a sex: female, male",
        {"female": ("kobieta", "female", "woman"), "male": ("mężczyzna", "male", "man")},
    ),
    ("support", ("wsparcie", "sup", "support"), True, "liczby (np. 4)", "a number (e.g. 4)", {}),
    (
        "edition",
        ("edycja", "e", "edition"),
        True,
        "nazwy lub skrótu edycji z katalogu",
        "an edition name or slug from the catalogue",
        {},
    ),
    (
        "edition_symbol",
        ("symbol",),
        True,
        "symbolu edycji: pusty, wypełniony",
        "an edition symbol: empty, filled",
        {"empty": ("pusty", "empty"), "filled": ("wypełniony", "filled")},
    ),
    (
        "is",
        ("jest", "est", "is"),
        False,
        "cechy: unikat, anielica",
        "a property: unique, anielica",
        {
            ("edition_symbol", "filled"): ("unikat", "unique", "unikatowa", "unikatowy"),
            ("anielica", True): ("anielica",),
        },
    ),
    (
        "name",
        ("nazwa", "nom", "name", "n"),
        False,
        "słowa albo frazy w cudzysłowie",
        "a word or a quoted phrase",
        {},
    ),
    (
        "text",
        ("tekst", "texte", "text", "o"),
        False,
        "słowa albo frazy w cudzysłowie",
        "a word or a quoted phrase",
        {},
    ),
    (
        "owned",
        ("mam", "posiadam", "possede", "have", "owned"),
        False,
        "liczby kopii w twojej kolekcji",
        "a number of copies in your collection",
        {},
    ),
]
HAND_WRITTEN_BARE_WORDS = {
    "unikat": ("edition_symbol", "filled"),
    "anielica": ("anielica", True),
}
HAND_WRITTEN_KINDS = {
    "order": "order",
    "choir": "match",
    "level": "number",
    "color": "match",
    "faction": "match",
    "kind": "match",
    "alignment": "match",
    "sex": "match",
    "support": "number",
    "edition": "edition",
    "edition_symbol": "match",
    "is": "is",
    "name": "text",
    "text": "text",
    "owned": "number",
}


@pytest.mark.parametrize(
    ("field", "names", "unknown", "expected_pl", "expected_en", "values"),
    HAND_WRITTEN_KEYS,
    ids=[entry[0] for entry in HAND_WRITTEN_KEYS],
)
def test_aniolowie_accepts_every_hand_written_name_and_word(
    field, names, unknown, expected_pl, expected_en, values
):
    for name in names:
        key = ANIOLOWIE.key(name)
        assert key is not None and key.field == field, name
    assert (key.expected_pl, key.expected_en, key.unknown) == (expected_pl, expected_en, unknown)
    for value, words in values.items():
        for word in words:
            assert key.values.get(fold(word)) == value, (field, word)
    # Only orders compared before; now every ranked choice does (the choir too).
    kind = HAND_WRITTEN_KINDS[field]
    assert key.comparable == (kind in ("order", "number"))


def test_aniolowie_keeps_the_hand_written_keys_bare_words_and_order():
    assert dict(ANIOLOWIE.bare) == HAND_WRITTEN_BARE_WORDS
    assert {key.field for key in ANIOLOWIE.keys} == {entry[0] for entry in HAND_WRITTEN_KEYS}
    # The keys every card has close the list, as they did, then the player's own copies.
    assert [key.field for key in ANIOLOWIE.keys][-5:] == ["edition", "is", "name", "text", "owned"]
    # Every name means what it did, and there are no other names.
    names = {fold(name) for entry in HAND_WRITTEN_KEYS for name in entry[1]}
    assert set(ANIOLOWIE.by_name) == names
