"""The syntax page: every key of a vocabulary with its values, meaning and worked examples."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import cardsearch
from cardbase.language import page_lang
from cardbase.models import Card, Edition
from cardbase.search.cards import search_cards
from cardbase.search.feedback import SUGGEST_MIN_LENGTH, parses
from cardsearch import Vocabulary
from cardsearch.vocabulary import AND_WORDS, NOT_WORDS, OR_WORDS, Key


@dataclass(frozen=True)
class SyntaxRow:
    """One row of the syntax page: a key's names, its values, what it does, worked examples."""

    names: list[str]  # every spelling the parser accepts, e.g. "zakon:", "order:"
    values: str
    meaning: str
    examples: list[tuple[str, str]]  # (query, the query in plain words)
    counts: tuple[int, ...] = ()  # the cards each example finds in this catalogue, when counted

    @property
    def counted_examples(self) -> list[tuple[str, str, int | None]]:
        """Return (query, plain words, cards found or None) for each example."""
        counts = self.counts or (None,) * len(self.examples)
        return [
            (query, words, count)
            for (query, words), count in zip(self.examples, counts, strict=True)
        ]


# What each key means and how it is used, in Polish and English, written for Aniołowie's keys;
# the names and the values come from the vocabulary itself, so the page cannot drift from the
# parser. A key with no entry here (or whose examples another game's vocabulary does not know)
# gets words made from the vocabulary (`key_help`).
KEY_HELP: dict[str, tuple[str, str, list[str], list[str]]] = {
    "order": (
        "Zakon anioła; porównania (<, <=, >, >=) według poziomu zakonu.",
        "The angel's order; comparisons (<, <=, >, >=) follow the order's level.",
        ["zakon:potęgi", "zakon>=cnoty", "zakon:nieznany"],
        ["order:powers", "order<virtues", "order:unknown"],
    ),
    "choir": (
        "Chór (u Upadłych: krąg) wynikający z zakonu.",
        "The choir (the Fallen's circle) that follows from the order.",
        ["chór:II", "krąg:3"],
        ["choir:I", "circle:3"],
    ),
    "level": (
        "Poziom karty; działa z =, !=, <, <=, >, >=.",
        "The card's level; works with =, !=, <, <=, >, >=.",
        ["poziom>=7", "poziom:nieznany"],
        ["level<5", "lvl!=3"],
    ),
    "color": (
        "Kolor anioła.",
        "The angel's colour.",
        ["kolor:czarny", "c:złoty"],
        ["color:gold", "colour:white"],
    ),
    "faction": (
        "Frakcja karty.",
        "The card's faction.",
        ["frakcja:upadli", 'frakcja:"aniołowie pana"'],
        ["faction:lord", "f:any"],
    ),
    "kind": (
        "Rodzaj karty.",
        "The kind of card.",
        ["typ:człowiek", "rodzaj:interwencja"],
        ["kind:angel", "type:intervention", "t:human"],
    ),
    "alignment": (
        "Charakter człowieka.",
        "The human's character (alignment).",
        ["charakter:zły"],
        ["alignment:good", "al:neutral"],
    ),
    "sex": (
        "Płeć człowieka.",
        "The human's sex.",
        ["płeć:kobieta"],
        ["sex:male"],
    ),
    "support": (
        "Parametr wsparcia anioła; działa z =, !=, <, <=, >, >=.",
        "The angel's support parameter; works with =, !=, <, <=, >, >=.",
        ["wsparcie>=4"],
        ["support:2", "sup<3"],
    ),
    "edition": (
        "Karty wydrukowane w edycji (skrót, nazwa lub jej część).",
        "Cards printed in an edition (its slug, name or part of the name).",
        ["edycja:podstawowa", "edycja:nieznana"],
        ["edition:podstawowa", "e:unknown"],
    ),
    "edition_symbol": (
        "Symbol edycji (limit kopii w talii).",
        "The edition symbol (the copy limit in a deck).",
        ["symbol:pusty"],
        ["symbol:filled"],
    ),
    "is": (
        "Cecha karty: unikat (wypełniony symbol edycji, 1 kopia w talii) albo ANIELICA. Same "
        "słowa unikat i anielica znaczą to samo.",
        "A property: unique (filled edition symbol, one copy per deck) or ANIELICA. The bare "
        "words unikat and anielica mean the same.",
        ["jest:unikat", "unikat", "anielica"],
        ["is:unique", "is:anielica"],
    ),
    "name": (
        "Szuka tylko w nazwie: fragment nazwy, bez wielkości liter i polskich znaków.",
        "Searches the name only: part of the name, ignoring case and Polish diacritics.",
        ['nazwa:"święty gniew"'],
        ["name:gabriel", "n:gniew"],
    ),
    "text": (
        "Szuka tylko w tekście karty (umiejętność, uwagi).",
        "Searches the card's text only (ability, notes).",
        ["tekst:odrzuć"],
        ['text:"odrzuć kartę"', "o:talii"],
    ),
}
WORDS_HELP = (
    "Słowo albo fraza w cudzysłowie: fragment nazwy lub tekstu karty, bez wielkości liter i "
    "polskich znaków (moc znajduje „Wszechmocny”); fraza musi wystąpić dosłownie, ze "
    "znakami przestankowymi.",
    "A word or a quoted phrase: part of a card's name or text, ignoring case and Polish "
    "diacritics (moc finds “Wszechmocny”); a phrase must appear as written, punctuation "
    "included.",
    ["świętnisko", '"święty gniew"', "moc"],
    ["swietnisko", '"odrzuć kartę"'],
)
OPERATORS_HELP = (
    "Warunki obok siebie muszą być spełnione wszystkie (można napisać I); LUB wystarczy "
    "jeden; minus albo NIE odwraca warunek; nawiasy grupują. Operatory słowne pisze się "
    "WIELKIMI literami: małe i, lub, nie to zwykłe słowa do wyszukania.",
    "Terms side by side must all hold (AND may be written out); OR needs only one; a minus or "
    "NOT negates a term; parentheses group. Word operators are written in CAPITALS: lower-case "
    "and, or, not (i, lub, nie) are ordinary words to search for.",
    ["f:upadli zakon:potęgi wsparcie>=4", "kolor:złoty LUB kolor:biały", "typ:anioł NIE f:pan"],
    ["(color:gold OR color:white) -is:unique", "kind:angel AND level>=7", "nie może"],
)


def _shown_names(key: Key) -> list[str]:
    return [f"{name}:" for name in key.names]


def _shown_values(key: Key, lang: str) -> str:
    """List a key's values as the vocabulary has them: every word each value goes by."""
    if key.kind == "number":
        return "0 … 9999" + (", nieznany/unknown" if key.unknown else "")
    if key.kind == "text":
        return ("słowo albo „fraza”", "a word or a “phrase”")[lang == "en"]
    if key.kind == "edition":
        values = ("skrót lub nazwa edycji", "an edition's slug or name")[lang == "en"]
        return values + ", nieznana/unknown"
    shown = ", ".join("/".join(words) for _value, words in key.groups)
    return shown + (", nieznany/unknown" if key.unknown else "")


def key_help(key: Key, vocabulary: Vocabulary) -> tuple[str, str, list[str], list[str]]:
    """Return what a key means and examples of it, in Polish and English: the hand-written
    KEY_HELP entry when all its examples are the vocabulary's, else words made from the key."""
    written = KEY_HELP.get(key.field)
    if written and all(parses(query, vocabulary) for query in [*written[2], *written[3]]):
        return written
    return _made_help(key, vocabulary)


def _made_help(key: Key, vocabulary: Vocabulary) -> tuple[str, str, list[str], list[str]]:
    """Say what a key without hand-written help means, with an example per language; the
    names are Polish first, English last, as the games declare them."""
    pl_name, en_name = key.names[0], key.names[-1]
    if key.kind == "text":
        return (
            "Szuka tylko tam.",
            "Searches there only.",
            [f"{pl_name}:słowo"],
            [f"{en_name}:word"],
        )
    if key.kind == "edition":
        return (
            "Karty wydrukowane w edycji.",
            "Cards printed in an edition.",
            [f"{pl_name}:nieznana"],
            [f"{en_name}:unknown"],
        )
    if key.kind == "number":
        return (
            f"{vocabulary.name(key.field, 'pl')}; działa z =, !=, <, <=, >, >=.",
            f"{vocabulary.name(key.field, 'en')}; works with =, !=, <, <=, >, >=.",
            [f"{pl_name}>=1"],
            [f"{en_name}<3"],
        )
    value, words = key.groups[0]
    if key.kind == "is":
        return (
            "Cecha karty.",
            "A property of the card.",
            [f"{pl_name}:{words[0]}"],
            [f"{en_name}:{words[-1]}"],
        )
    ranked = key.ranks is not None
    meaning_pl = vocabulary.name(key.field, "pl") + (
        "; porównania według rangi." if ranked else "."
    )
    meaning_en = vocabulary.name(key.field, "en") + ("; compares by rank." if ranked else ".")

    def shown(lang: str) -> str:
        label = vocabulary.label(key.field, value, lang)
        return f'"{label}"' if " " in label else label

    return (meaning_pl, meaning_en, [f"{pl_name}:{shown('pl')}"], [f"{en_name}:{shown('en')}"])


def syntax_rows(
    lang: str | None = None, vocabulary: Vocabulary | None = None, *, counted: bool = False
) -> list[SyntaxRow]:
    """Return the syntax page's table: one row per key of the vocabulary (every name it goes by),
    plus bare words and operators; every example is parsed and described, so all are valid.

    `counted`: each example comes with the number of cards it finds in this catalogue, and an
    example that finds none gives way to one made from the key's declared values (or from the
    cards' names) that finds some; a catalogue without cards keeps the written examples.
    """
    lang = page_lang(lang)
    en = lang == "en"
    vocabulary = vocabulary or cardsearch.default_vocabulary()
    counter = _ExampleCounter(vocabulary) if counted else None

    def row(names, values, help_entry, made=()) -> SyntaxRow:
        meaning_pl, meaning_en, examples_pl, examples_en = help_entry
        examples = [q for q in [*examples_pl, *examples_en] if parses(q, vocabulary)]
        counts: tuple[int, ...] = ()
        if counter is not None and counter.any_cards:
            examples, counts = counter.finding(examples, made)
        return SyntaxRow(
            names,
            values,
            meaning_en if en else meaning_pl,
            [
                (query, cardsearch.describe(cardsearch.parse(query, vocabulary), lang, vocabulary))
                for query in examples
            ],
            counts,
        )

    name_words = counter.name_words() if counter is not None and counter.any_cards else []
    rows = [
        row(
            [("słowo", "word")[en], ("„fraza”", "“phrase”")[en]],
            "",
            WORDS_HELP,
            name_words[:3],
        )
    ]
    for key in vocabulary.keys:
        names = _shown_names(key)
        if key.field == "is":
            names += sorted(vocabulary.bare)
        made = _made_examples(key, name_words) if counter is not None else ()
        rows.append(row(names, _shown_values(key, lang), key_help(key, vocabulary), made))
    operators = [*sorted(AND_WORDS), *sorted(OR_WORDS), *sorted(NOT_WORDS), "-", "( )"]
    found = [query for item in rows for query, _words in item.examples][:4]
    made = [f"{a} {b}" for a, b in zip(found, found[1:], strict=False)] + [
        f"{a} {('LUB', 'OR')[en]} {b}" for a, b in zip(found, found[1:], strict=False)
    ]
    rows.append(row(operators, "", OPERATORS_HELP, made))
    return rows


class _ExampleCounter:
    """Count the cards a query finds in the catalogue, each query once."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        self.cards = Card.objects.all()
        self.any_cards = self.cards.exists()
        self.known: dict[str, int] = {}

    def count(self, query: str) -> int:
        if query not in self.known:
            result = search_cards(query=query, queryset=self.cards, vocabulary=self.vocabulary)
            self.known[query] = 0 if result.error else result.queryset.count()
        return self.known[query]

    def finding(self, written: list[str], made) -> tuple[list[str], tuple[int, ...]]:
        """Keep the written examples that find cards; if none does, the first made one that
        does."""
        kept = [query for query in written if self.count(query)]
        if not kept:
            kept = next(
                ([query] for query in made if parses(query, self.vocabulary) and self.count(query)),
                [],
            )
        return kept, tuple(self.count(query) for query in kept)

    def name_words(self) -> list[str]:
        """Return words of the first 200 cards' names A–Z (folded, 4+ letters), each once."""
        words: list[str] = []
        for name in self.cards.order_by("search_name").values_list("search_name", flat=True)[:200]:
            for word in name.split():
                if len(word) >= SUGGEST_MIN_LENGTH and word.isalpha() and word not in words:
                    words.append(word)
        return words


def _made_examples(key: Key, name_words: list[str]) -> Iterator[str]:
    """Yield examples of a key made from its declared values (or the cards' own words); lazily,
    so that nothing is looked up for a key whose written examples find cards."""
    name = key.names[0]
    if key.kind == "text":
        yield from (f"{name}:{word}" for word in name_words[:5])
    elif key.kind == "number":
        yield from [f"{name}>=1", f"{name}>=0", *([f"{name}:nieznany"] if key.unknown else [])]
    elif key.kind == "edition":
        slugs = Edition.objects.order_by("pk").values_list("slug", flat=True)[:10]
        yield from [f"{name}:{slug}" for slug in slugs] + [f"{name}:nieznana"]
    else:
        for _value, words in key.groups:
            word = words[0]
            yield f'{name}:"{word}"' if " " in word else f"{name}:{word}"
        if key.unknown:
            yield f"{name}:nieznany"
