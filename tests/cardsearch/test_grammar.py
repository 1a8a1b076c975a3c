"""The grammar: each query gives the tree the table states; Polish and English keys agree."""

import pytest

from cardsearch import EVERYTHING, And, Compare, Match, Not, Or, Text, parse


def word(value: str, field: str = "any", phrase: bool = False) -> Text:
    return Text(value, field, phrase)


GRAMMAR = [
    ("", EVERYTHING),
    ("   ", EVERYTHING),
    ("swietnisko", word("swietnisko")),
    ("ŚWIĘTNISKO", word("swietnisko")),
    ('"Święty  Gniew"', word("swiety gniew", phrase=True)),
    ("„święty gniew”", word("swiety gniew", phrase=True)),
    ("zakon:potęgi", Match("order", "powers")),
    ("zakon:07", Match("order", "powers")),
    ("zakon:7", Match("order", "powers")),
    ("order:Power", Match("order", "powers")),
    ("zakon:nieznany", Match("order", None)),
    ("zakon>=cnoty", Compare("order", ">=", "virtues")),
    ("zakon!=trony", Not(Match("order", "thrones"))),
    ("chór:II", Match("choir", "II")),
    ("krag:3", Match("choir", "III")),
    ("poziom:5", Compare("level", "=", 5)),
    ("lvl>=5", Compare("level", ">=", 5)),
    ("level<5", Compare("level", "<", 5)),
    ("poziom>5", Compare("level", ">", 5)),
    ("poziom<=5", Compare("level", "<=", 5)),
    ("poziom=5", Compare("level", "=", 5)),
    ("poziom!=5", Compare("level", "!=", 5)),
    ("poziom:>=5", Compare("level", ">=", 5)),
    ("poziom:nieznany", Compare("level", "=", None)),
    ("wsparcie>=4", Compare("support", ">=", 4)),
    ("kolor:złoty", Match("color", "gold")),
    ("c:black", Match("color", "black")),
    ("frakcja:pan", Match("faction", "lord")),
    ('frakcja:"Aniołowie Pana"', Match("faction", "lord")),
    ("f:obie", Match("faction", "any")),
    ("faction:unknown", Match("faction", None)),
    ("typ:człowiek", Match("kind", "human")),
    ("t:interwencja", Match("kind", "intervention")),
    ("charakter:zły", Match("alignment", "evil")),
    ("al:neutral", Match("alignment", "neutral")),
    ("płeć:mężczyzna", Match("sex", "male")),
    ("edycja:Podstawowa", Match("edition", "podstawowa")),
    ("e:nieznana", Match("edition", None)),
    ("symbol:pusty", Match("edition_symbol", "empty")),
    ("unikat", Match("edition_symbol", "filled")),
    ("is:unique", Match("edition_symbol", "filled")),
    ("anielica", Match("anielica", True)),
    ('"anielica"', word("anielica", phrase=True)),
    ("nazwa:gniew", word("gniew", "name")),
    ('name:"święty gniew"', word("swiety gniew", "name", phrase=True)),
    ("tekst:odrzuć", word("odrzuc", "text")),
    ("-kolor:czarny", Not(Match("color", "black"))),
    ("NOT kolor:czarny", Not(Match("color", "black"))),
    ("NIE kolor:czarny", Not(Match("color", "black"))),
    ("nie kolor:czarny", And((word("nie"), Match("color", "black")))),
    ("--anielica", Match("anielica", True)),
    ("a b", And((word("a"), word("b")))),
    ("a AND b I c", And((word("a"), word("b"), word("c")))),
    ("a OR b LUB c", Or((word("a"), word("b"), word("c")))),
    # Operators are capitals only: in lower case they are words to search for.
    ("nie może", And((word("nie"), word("moze")))),
    ("Jan i", And((word("jan"), word("i")))),
    ("a lub b", And((word("a"), word("lub"), word("b")))),
    ("a or b and c not d", And(tuple(map(word, ("a", "or", "b", "and", "c", "not", "d"))))),
    ("Nie Lub Or", And((word("nie"), word("lub"), word("or")))),
    ('"NIE" "LUB"', And((word("nie", phrase=True), word("lub", phrase=True)))),
    ("a b OR c", Or((And((word("a"), word("b"))), word("c")))),
    ("a (b OR c)", And((word("a"), Or((word("b"), word("c")))))),
    ("-(a b)", Not(And((word("a"), word("b"))))),
    ("anioł-stróż", word("aniol-stroz")),
    ("12:30", word("12:30")),
]


@pytest.mark.parametrize(("query", "tree"), GRAMMAR)
def test_query_gives_tree(query, tree):
    assert parse(query) == tree


EQUIVALENT = [
    ("frakcja:upadli zakon:potęgi wsparcie>=4", "faction:fallen order:powers sup>=4"),
    ("zakon:potęgi", "order:powers"),
    ("chór:II", "choir:2"),
    ("krąg:I", "choir:1"),
    ("poziom:5", "level:5"),
    ("kolor:biały", "color:white"),
    ("frakcja:upadli", "f:fallen"),
    ("typ:anioł", "kind:angel"),
    ("charakter:dobry", "alignment:good"),
    ("płeć:kobieta", "sex:female"),
    ("wsparcie:3", "support:3"),
    ("edycja:x", "edition:x"),
    ("unikat", "is:unique"),
    ("nazwa:x", "name:x"),
    ("tekst:x", "text:x"),
    ("a I b", "a AND b"),
    ("a LUB b", "a OR b"),
    ("NIE a", "NOT a"),
    ("zakon:nieznany", "order:unknown"),
]


@pytest.mark.parametrize(("polish", "english"), EQUIVALENT)
def test_polish_and_english_give_the_same_tree(polish, english):
    assert parse(polish) == parse(english)


DIACRITICS = [
    ("chor:ii", "chór:II"),
    ("plec:kobieta", "płeć:kobieta"),
    ("zakon:potegi", "zakon:potęgi"),
    ("ZAKON:POTĘGI", "zakon:potęgi"),
    ("kolor:zloty", "kolor:złoty"),
    ("charakter:zly", "charakter:zły"),
    ("plec:mezczyzna", "płeć:mężczyzna"),
    ("krag:i", "krąg:I"),
    ("swiety", "ŚWIĘTY"),
]


@pytest.mark.parametrize(("folded", "written"), DIACRITICS)
def test_keys_and_values_ignore_case_and_diacritics(folded, written):
    assert parse(folded) == parse(written)


def test_every_order_goes_by_its_level_number():
    from rules.aniolowie.schema import ORDERS

    for info in ORDERS:
        assert parse(f"zakon:{info.level:02}") == Match("order", info.id)
        assert parse(f"zakon:{info.name_pl}") == Match("order", info.id)
        assert parse(f"order:{info.one_en}") == Match("order", info.id)
