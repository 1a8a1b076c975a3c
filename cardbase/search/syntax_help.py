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
from rules.core.schema import SearchHelp, Text


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


# What bare words and the operators do in every game: the search language's own rules. Each
# game's search guide (rules.core.schema.SearchGuide) gives the examples, and may say more.
WORDS_MEANING = Text(
    pl="Słowo albo fraza w cudzysłowie: fragment nazwy lub tekstu karty, bez wielkości liter i "
    "polskich znaków; fraza musi wystąpić dosłownie, ze znakami przestankowymi.",
    en="A word or a quoted phrase: part of a card's name or text, ignoring case and Polish "
    "diacritics; a phrase must appear as written, punctuation included.",
)
OPERATORS_MEANING = Text(
    pl="Warunki obok siebie muszą być spełnione wszystkie (można napisać I); LUB wystarczy "
    "jeden; minus albo NIE odwraca warunek; nawiasy grupują. Operatory słowne pisze się "
    "WIELKIMI literami: małe i, lub, nie to zwykłe słowa do wyszukania.",
    en="Terms side by side must all hold (AND may be written out); OR needs only one; a minus or "
    "NOT negates a term; parentheses group. Word operators are written in CAPITALS: lower-case "
    "and, or, not (i, lub, nie) are ordinary words to search for.",
)
# Bare words for a vocabulary whose games show none: they only show how a word is written.
WORD_PLACEHOLDERS = {"pl": ("słowo", '"dwa słowa"'), "en": ("word", '"two words"')}
# The syntax's own words (a French page reads the English ones, as every Text falls back).
WORD_AND_PHRASE = (Text(pl="słowo", en="word"), Text(pl="„fraza”", en="“phrase”"))
TEXT_VALUES = Text(pl="słowo albo „fraza”", en="a word or a “phrase”")
EDITION_VALUES = Text(pl="skrót lub nazwa edycji", en="an edition's slug or name")
OR_WORD = Text(pl="LUB", en="OR")


def _shown_names(key: Key) -> list[str]:
    return [f"{name}:" for name in key.names]


def _shown_values(key: Key, lang: str) -> str:
    """List a key's values as the vocabulary has them: every word each value goes by."""
    if key.kind == "number":
        return "0 … 9999" + (", nieznany/unknown" if key.unknown else "")
    if key.kind == "text":
        return TEXT_VALUES(lang)
    if key.kind == "edition":
        return EDITION_VALUES(lang) + ", nieznana/unknown"
    shown = ", ".join("/".join(words) for _value, words in key.groups)
    return shown + (", nieznany/unknown" if key.unknown else "")


def key_help(key: Key, vocabulary: Vocabulary) -> SearchHelp:
    """Return what a key means and examples of it: the help its games' search guides declare
    (each whose examples all parse), else words made from the key."""
    declared = [guide.keys.get(key.field) for guide in vocabulary.guides]
    return _declared_help(declared, vocabulary, _made_help(key, vocabulary))


def _declared_help(
    declared: list[SearchHelp | None], vocabulary: Vocabulary, made: SearchHelp
) -> SearchHelp:
    """Return the help the games declare, joined when several do; `made` where none does, and
    for the meaning or the examples none gives. A help whose examples do not all parse with
    `vocabulary` is left out."""
    kept = [
        help_
        for help_ in declared
        if help_ is not None and all(parses(query, vocabulary) for query in _queries(help_))
    ]
    if len(kept) == 1 and kept[0].meaning is not None and _queries(kept[0]):
        return kept[0]
    meanings = list(dict.fromkeys(help_.meaning for help_ in kept if help_.meaning is not None))
    examples: dict[str, tuple[str, ...]] = {}
    for help_ in kept:
        for lang, queries in help_.examples.items():
            # Two games may show one query (or share a declaration): it is shown once.
            examples[lang] = tuple(dict.fromkeys((*examples.get(lang, ()), *queries)))
    return SearchHelp(
        meaning=_joined(meanings) if meanings else made.meaning,
        examples=examples if any(examples.values()) else made.examples,
    )


def _queries(help_: SearchHelp) -> list[str]:
    """Return a help's examples, every language's in turn."""
    return [query for queries in help_.examples.values() for query in queries]


def _joined(meanings: list[Text]) -> Text:
    """Join what several games say of one key, in every language any of them says it."""
    langs = dict.fromkeys(lang for meaning in meanings for lang in meaning)
    return Text(**{lang: " ".join(meaning(lang) for meaning in meanings) for lang in langs})


def _made_help(key: Key, vocabulary: Vocabulary) -> SearchHelp:
    """Say what a key without declared help means, with an example per language; the names
    are Polish first, English last, as the games declare them."""
    pl_name, en_name = key.names[0], key.names[-1]
    if key.kind == "text":
        return _help(
            "Szuka tylko tam.", "Searches there only.", f"{pl_name}:słowo", f"{en_name}:word"
        )
    if key.kind == "edition":
        return _help(
            "Karty wydrukowane w edycji.",
            "Cards printed in an edition.",
            f"{pl_name}:nieznana",
            f"{en_name}:unknown",
        )
    if key.kind == "number":
        return _help(
            f"{vocabulary.name(key.field, 'pl')}; działa z =, !=, <, <=, >, >=.",
            f"{vocabulary.name(key.field, 'en')}; works with =, !=, <, <=, >, >=.",
            f"{pl_name}>=1",
            f"{en_name}<3",
        )
    value, words = key.groups[0]
    if key.kind == "is":
        return _help(
            "Cecha karty.",
            "A property of the card.",
            f"{pl_name}:{words[0]}",
            f"{en_name}:{words[-1]}",
        )
    ranked = key.ranks is not None
    meaning_pl = vocabulary.name(key.field, "pl") + (
        "; porównania według rangi." if ranked else "."
    )
    meaning_en = vocabulary.name(key.field, "en") + ("; compares by rank." if ranked else ".")

    def shown(lang: str) -> str:
        label = vocabulary.label(key.field, value, lang)
        return f'"{label}"' if " " in label else label

    return _help(meaning_pl, meaning_en, f"{pl_name}:{shown('pl')}", f"{en_name}:{shown('en')}")


def _help(meaning_pl: str, meaning_en: str, example_pl: str, example_en: str) -> SearchHelp:
    return SearchHelp(
        meaning=Text(pl=meaning_pl, en=meaning_en),
        examples={"pl": (example_pl,), "en": (example_en,)},
    )


def syntax_rows(
    lang: str | None = None,
    vocabulary: Vocabulary | None = None,
    *,
    counted: bool = False,
    game: str | None = None,
) -> list[SyntaxRow]:
    """Return the syntax page's table: one row per key of the vocabulary (every name it goes by),
    plus bare words and operators; every example is parsed and described, so all are valid.

    `counted`: each example comes with the number of cards it finds in this catalogue (in `game`
    only, when one is named, so that "unknown" counts that game's cards), and an
    example that finds none gives way to one made from the key's declared values (or from the
    cards' names) that finds some; a catalogue without cards keeps the written examples.
    """
    lang = page_lang(lang)
    vocabulary = vocabulary or cardsearch.default_vocabulary()
    counter = _ExampleCounter(vocabulary, game) if counted else None

    def row(names, values, help_: SearchHelp, made=()) -> SyntaxRow:
        examples = [query for query in _queries(help_) if parses(query, vocabulary)]
        counts: tuple[int, ...] = ()
        if counter is not None and counter.any_cards:
            examples, counts = counter.finding(examples, made)
        return SyntaxRow(
            names,
            values,
            help_.meaning(lang),
            [
                (query, cardsearch.describe(cardsearch.parse(query, vocabulary), lang, vocabulary))
                for query in examples
            ],
            counts,
        )

    name_words = counter.name_words() if counter is not None and counter.any_cards else []
    words_help = _declared_help(
        [guide.words for guide in vocabulary.guides],
        vocabulary,
        SearchHelp(meaning=WORDS_MEANING, examples=WORD_PLACEHOLDERS),
    )
    rows = [
        row(
            [word(lang) for word in WORD_AND_PHRASE],
            "",
            words_help,
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
    # Terms joined from the keys' examples, should no written example of the operators do.
    found = [query for item in rows[1:] for query, _words in item.examples][:4]
    made = [f"{a} {b}" for a, b in zip(found, found[1:], strict=False)] + [
        f"{a} {OR_WORD(lang)} {b}" for a, b in zip(found, found[1:], strict=False)
    ]
    operators_help = _declared_help(
        [guide.operators for guide in vocabulary.guides],
        vocabulary,
        SearchHelp(meaning=OPERATORS_MEANING, examples={lang: (*made[:1], *made[-1:])}),
    )
    rows.append(row(operators, "", operators_help, made))
    return rows


class _ExampleCounter:
    """Count the cards a query finds in the catalogue, each query once."""

    def __init__(self, vocabulary: Vocabulary, game: str | None = None) -> None:
        self.vocabulary = vocabulary
        self.cards = Card.objects.filter(game__slug=game) if game else Card.objects.all()
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
