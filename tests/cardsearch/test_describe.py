"""describe() says what a query keeps in plain Polish and English."""

import pytest

from cardsearch import describe, parse

DESCRIPTIONS = [
    (
        "frakcja:upadli zakon:potęgi wsparcie>=4",
        "Upadli, Potęgi, wsparcie ≥ 4",
        "Fallen, Powers, support ≥ 4",
    ),
    ("", "wszystkie karty", "all cards"),
    ("f:pan chór:II", "Aniołowie Pana, Chór / Krąg II", "Angels of the Lord, choir II"),
    ("zakon>=cnoty", "zakon ≥ Cnoty", "order ≥ Virtues"),
    ("zakon:nieznany", "zakon nieznany", "order unknown"),
    ("poziom:nieznany", "poziom nieznany", "level unknown"),
    ("poziom!=5 lvl<9", "poziom ≠ 5, poziom < 9", "level ≠ 5, level < 9"),
    ("kolor:czarny OR kolor:biały", "kolor czarny lub kolor biały", "black or white"),
    (
        "-(typ:człowiek OR unikat)",
        "nie (ludzie lub unikaty (symbol wypełniony))",
        "not (humans or unique (filled symbol))",
    ),
    ("(a OR b) c", "(„a” lub „b”), „c”", "(“a” or “b”), “c”"),
    ('nazwa:"Święty Gniew"', "nazwa zawiera „Święty Gniew”", "name contains “Święty Gniew”"),
    ("płeć:kobieta al:good", "kobiety, charakter dobry", "women, good"),
    ("e:podstawowa", "edycja „podstawowa”", "edition “podstawowa”"),
]


@pytest.mark.parametrize(("query", "polish", "english"), DESCRIPTIONS)
def test_describe_in_both_languages(query, polish, english):
    tree = parse(query)
    assert describe(tree, "pl") == polish
    assert describe(tree, "en") == english
