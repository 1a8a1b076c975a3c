"""Any text either parses (and can be described) or raises the documented SearchError."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardsearch import SearchError, describe, parse

# Pieces of the language, so the fuzzer reaches deep into the grammar, not only the lexer.
PIECES = st.sampled_from(
    [
        " ",
        "(",
        ")",
        '"',
        "„",
        "”",
        "-",
        ":",
        ">=",
        "<",
        "!=",
        "=",
        "OR",
        "LUB",
        "lub",
        "AND",
        "I",
        "i",
        "NIE",
        "nie",
        "NOT",
        "zakon",
        "order",
        "poziom",
        "kolor",
        "f",
        "is",
        "e",
        "potęgi",
        "07",
        "5",
        "nieznany",
        "unikat",
        "anielica",
        "ł",
        "Ż",
        "x",
        "\x00",
        "\u0301",
    ]
)


def check(query: str) -> None:
    try:
        tree = parse(query)
    except SearchError as error:
        assert 0 <= error.position <= len(query)
        assert error.message("pl") and error.message("en")
        assert error.display().splitlines()[-1] == " " * error.position + "^"
    else:
        assert describe(tree, "pl") and describe(tree, "en")


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=80))
def test_arbitrary_text(query):
    check(query)


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=30).map("".join))
def test_arbitrary_sequences_of_language_pieces(query):
    check(query)
