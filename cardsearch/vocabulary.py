"""The words of the language: keys with their Polish and English names, and their values.

Names and values are written as people write them (with diacritics); the parser looks them up
folded (lower case, no diacritics, ł→l), as it folds what it reads. The syntax page is built from
this table, so it lists exactly what the parser accepts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.aniolowie.schema import ORDERS
from rules.core import card_key

UNKNOWN_WORDS = ("nieznany", "nieznana", "nieznane", "unknown", "?")


def fold(text: str) -> str:
    """Fold text as the catalogue's search columns are folded (case, diacritics, spaces)."""
    return card_key(text)


@dataclass(frozen=True)
class Key:
    """One key: its names, what its values are, and how to say what it expects."""

    field: str  # the AST field it fills
    names: tuple[str, ...]  # every name, as written; Polish first
    kind: str  # "match", "number", "order", "text", "edition", "is"
    groups: tuple[tuple[object, tuple[str, ...]], ...] = ()  # (stored value, words as written)
    expected_pl: str = ""
    expected_en: str = ""
    unknown: bool = True  # whether "nieznany/unknown" is a value
    # The words the syntax page shows per value, when not every accepted word (orders).
    shown_groups: tuple[tuple[object, tuple[str, ...]], ...] | None = None
    values: dict[str, object] = field(init=False, repr=False)  # folded word → stored value

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", _table(*self.groups))

    @property
    def shown(self) -> tuple[tuple[object, tuple[str, ...]], ...]:
        """Return the value groups the syntax page lists."""
        return self.groups if self.shown_groups is None else self.shown_groups


def _table(*groups: tuple[object, tuple[str, ...]]) -> dict[str, object]:
    """Build a folded word → value table from (value, words) pairs."""
    return {fold(word): value for value, words in groups for word in words}


def _order_words(info) -> tuple[str, ...]:
    """Return every name an order goes by: ids, PL/EN singular and plural, its level number."""
    extra = {
        "principalities": ("ksiestwo", "ksiazeta", "principality"),
        "dominions": ("panowanie", "dominion"),
        "cherubim": ("cherubs", "cherubiny"),
        "seraphim": ("seraphs", "serafiny"),
        "virtues": ("virtue",),
    }.get(info.id, ())
    level = (f"{info.level:02}", str(info.level))
    return (info.id, info.name_en, info.one_en, info.name_pl, info.one_pl, *level, *extra)


ORDER_GROUPS = tuple((info.id, _order_words(info)) for info in ORDERS)
ORDER_SHOWN = tuple((info.id, (info.name_pl, info.name_en, f"{info.level:02}")) for info in ORDERS)
ORDER_VALUES = _table(*ORDER_GROUPS)
ORDER_LEVELS = {info.id: info.level for info in ORDERS}

KEYS: tuple[Key, ...] = (
    Key(
        "order",
        ("zakon", "order"),
        "order",
        ORDER_GROUPS,
        "nazwy zakonu (np. potęgi, cnoty, 07)",
        "an order name (e.g. powers, virtues, 07)",
        shown_groups=ORDER_SHOWN,
    ),
    Key(
        "choir",
        ("chór", "krąg", "choir", "circle"),
        "match",
        (("I", ("I", "1")), ("II", ("II", "2")), ("III", ("III", "3"))),
        "numeru chóru: I, II, III (albo 1, 2, 3)",
        "a choir number: I, II, III (or 1, 2, 3)",
    ),
    Key(
        "level",
        ("poziom", "lvl", "level"),
        "number",
        expected_pl="liczby (np. 7)",
        expected_en="a number (e.g. 7)",
    ),
    Key(
        "color",
        ("kolor", "c", "color", "colour"),
        "match",
        (
            ("gold", ("złoty", "gold")),
            ("red", ("czerwony", "red")),
            ("blue", ("niebieski", "blue")),
            ("black", ("czarny", "black")),
            ("white", ("biały", "white")),
        ),
        "koloru: złoty, czerwony, niebieski, czarny, biały",
        "a colour: gold, red, blue, black, white",
    ),
    Key(
        "faction",
        ("frakcja", "f", "faction"),
        "match",
        (
            ("lord", ("pan", "lord", "aniołowie pana", "aniołowie_pana", "aniołowie-pana")),
            ("fallen", ("upadli", "upadły", "fallen")),
            ("any", ("obie", "any", "both", "obie frakcje")),
        ),
        "frakcji: pan, upadli, obie",
        "a faction: lord, fallen, any",
    ),
    Key(
        "kind",
        ("typ", "rodzaj", "t", "kind", "type"),
        "match",
        (
            ("angel", ("anioł", "anioły", "angel", "angels")),
            ("human", ("człowiek", "ludzie", "human", "humans")),
            ("intervention", ("interwencja", "interwencje", "intervention", "interventions")),
        ),
        "rodzaju karty: anioł, człowiek, interwencja",
        "a card kind: angel, human, intervention",
        unknown=False,
    ),
    Key(
        "alignment",
        ("charakter", "al", "alignment"),
        "match",
        (
            ("good", ("dobry", "dobra", "good")),
            ("evil", ("zły", "zła", "evil")),
            ("neutral", ("neutralny", "neutralna", "neutral")),
        ),
        "charakteru: dobry, zły, neutralny",
        "a character: good, evil, neutral",
    ),
    Key(
        "sex",
        ("płeć", "sex"),
        "match",
        (
            ("female", ("kobieta", "female", "woman")),
            ("male", ("mężczyzna", "male", "man")),
        ),
        "płci: kobieta, mężczyzna",
        "a sex: female, male",
    ),
    Key(
        "support",
        ("wsparcie", "sup", "support"),
        "number",
        expected_pl="liczby (np. 4)",
        expected_en="a number (e.g. 4)",
    ),
    Key(
        "edition",
        ("edycja", "e", "edition"),
        "edition",
        expected_pl="nazwy lub skrótu edycji (np. podstawowa)",
        expected_en="an edition name or slug (e.g. podstawowa)",
    ),
    Key(
        "edition_symbol",
        ("symbol",),
        "match",
        (
            ("empty", ("pusty", "empty")),
            ("filled", ("wypełniony", "filled")),
        ),
        "symbolu edycji: pusty, wypełniony",
        "an edition symbol: empty, filled",
    ),
    Key(
        "is",
        ("jest", "is"),
        "is",
        (
            (("edition_symbol", "filled"), ("unikat", "unique", "unikatowa", "unikatowy")),
            (("anielica", True), ("anielica",)),
        ),
        "cechy: unikat, anielica",
        "a property: unique, anielica",
        unknown=False,
    ),
    Key(
        "name",
        ("nazwa", "name", "n"),
        "text",
        expected_pl="słowa albo frazy w cudzysłowie",
        expected_en="a word or a quoted phrase",
        unknown=False,
    ),
    Key(
        "text",
        ("tekst", "text", "o"),
        "text",
        expected_pl="słowa albo frazy w cudzysłowie",
        expected_en="a word or a quoted phrase",
        unknown=False,
    ),
)

KEY_BY_NAME: dict[str, Key] = {fold(name): key for key in KEYS for name in key.names}
# Bare words that stand for a property rather than a text search.
FLAG_WORDS: dict[str, tuple[str, object]] = {
    "unikat": ("edition_symbol", "filled"),
    "anielica": ("anielica", True),
}
# Word operators, written in capitals only: in lower case they are ordinary words, so
# `nie może` looks for both words and `Jan i` looks for "jan" and "i".
AND_WORDS = frozenset({"AND", "I"})
OR_WORDS = frozenset({"OR", "LUB"})
NOT_WORDS = frozenset({"NOT", "NIE"})
OPERATOR_WORDS = AND_WORDS | OR_WORDS | NOT_WORDS
