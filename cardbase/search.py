"""The search language on the catalogue: a query's tree becomes a filter on Card.

A bare word looks in the folded `search_name`/`search_text` columns. SQLite: a substring of the
name or the text. PostgreSQL: a substring of the name (trigram GIN index), or a word prefix in
the text by full-text search (a stored tsvector, GIN index); a word found nowhere falls back to
names within trigram word similarity (typos). Keys map to columns.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from functools import reduce

from django.db import connections
from django.db.models import Q, QuerySet
from django.utils.translation import get_language

import cardsearch
from cardbase.choices import orders_in_choir
from cardsearch import And, Compare, Match, Node, Not, Or, SearchError, Text
from cardsearch.vocabulary import ORDER_LEVELS

COMPARISONS = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "=": operator.eq,
    "!=": operator.ne,
}
LOOKUPS = {"<": "lt", "<=": "lte", ">": "gt", ">=": "gte", "=": "exact"}
# Trigram similarity means little for very short words: "ab" is "similar" to too many names.
FUZZY_MIN_LENGTH = 4
MAX_SIMILAR = 200
WORD = re.compile(r"\w+")


def search_vector():
    """Return the stored tsvector column PostgreSQL keeps for the folded texts (migration 0002).

    Django's model does not know the column, so it is named by table; the search filters apply
    to Card itself, never to a re-aliased Card inside another query.
    """
    from django.contrib.postgres.search import SearchVectorField
    from django.db.models.expressions import RawSQL

    return RawSQL('"cardbase_card"."search_vector"', [], output_field=SearchVectorField())


@dataclass(frozen=True)
class SearchResult:
    """What a search gives: the cards, the parse error if any, the query in plain words."""

    queryset: QuerySet
    error: SearchError | None
    description: str
    node: Node | None


def search_lang(lang: str | None = None) -> str:
    """Return "en" or "pl" for a Django language code (the active one by default)."""
    return "en" if (lang or get_language() or "pl").startswith("en") else "pl"


def search_cards(*, query: str, queryset: QuerySet | None = None, lang: str | None = None):
    """Filter `queryset` (all cards by default) by `query`; a query that does not parse keeps no
    card and carries the SearchError. Returns a SearchResult."""
    from cardbase.models import Card

    queryset = Card.objects.all() if queryset is None else queryset
    lang = search_lang(lang)
    try:
        node = cardsearch.parse(query or "")
    except SearchError as error:
        return SearchResult(queryset.none(), error, "", None)
    return SearchResult(
        queryset.filter(query_filter(node, using=queryset.db)),
        None,
        cardsearch.describe(node, lang),
        node,
    )


def query_filter(node: Node, *, using: str = "default") -> Q:
    """Return the Q that keeps the cards `node` describes, for the database `using`."""
    return _Translator(connections[using].vendor).q(node)


class _Translator:
    """Turn nodes into Q objects; remembers the editions it looked up for one query."""

    def __init__(self, vendor: str) -> None:
        self.postgres = vendor == "postgresql"
        self._editions: list[tuple[int, str, str]] | None = None

    def q(self, node: Node) -> Q:
        if isinstance(node, And):
            return reduce(operator.and_, map(self.q, node.items), Q())
        if isinstance(node, Or):
            return reduce(operator.or_, map(self.q, node.items))
        if isinstance(node, Not):
            return ~self.q(node.item)
        if isinstance(node, Text):
            return self.text(node)
        if isinstance(node, Compare):
            return self.compare(node)
        return self.match(node)

    def text(self, node: Text) -> Q:
        name = Q(search_name__contains=node.value)
        text = self.full_text(node) if self.postgres else Q(search_text__contains=node.value)
        found = {"name": name, "text": text, "any": name | text}[node.field]
        if self.postgres and node.field != "text" and not node.phrase:
            found |= self.similar_names(node.value, found)
        return found

    def full_text(self, node: Text) -> Q:
        """Match the folded texts by full-text search: every word as a prefix, phrases in order."""
        from django.contrib.postgres.search import SearchQuery, SearchVectorExact

        words = WORD.findall(node.value)
        if not words:  # only punctuation: nothing for full-text search to index
            return Q(search_text__contains=node.value)
        joiner = " <-> " if node.phrase else " & "
        raw = joiner.join(words[:-1] + [f"{words[-1]}:*"])
        query = SearchQuery(raw, search_type="raw", config="simple")
        return Q(SearchVectorExact(search_vector(), query))

    def similar_names(self, word: str, exact: Q) -> Q:
        """Forgive a typo: when nothing holds the word, keep names trigram-similar to it.

        Looked up apart and passed as ids: inline, word_similarity would run row by row
        whenever the planner walks the name index for the first page.
        """
        from cardbase.models import Card

        if len(word) < FUZZY_MIN_LENGTH or Card.objects.filter(exact).exists():
            return Q(pk__in=[])
        similar = Card.objects.filter(search_name__trigram_word_similar=word)
        return Q(pk__in=list(similar.values_list("pk", flat=True)[:MAX_SIMILAR]))

    def compare(self, node: Compare) -> Q:
        if node.field == "order":
            test, level = COMPARISONS[node.op], ORDER_LEVELS[node.value]
            return Q(order__in=[o for o, lv in ORDER_LEVELS.items() if test(lv, level)])
        if node.value is None:
            return Q(**{f"{node.field}__isnull": node.op == "="})
        if node.op == "!=":
            return ~Q(**{node.field: node.value})
        return Q(**{f"{node.field}__{LOOKUPS[node.op]}": node.value})

    def match(self, node: Match) -> Q:
        if node.field == "choir":
            return Q(order="") if node.value is None else Q(order__in=orders_in_choir(node.value))
        if node.field == "anielica":
            return Q(is_anielica=True) if node.value else Q(is_anielica__isnull=True)
        if node.field == "edition":
            return self.edition(node.value)
        return Q(**{node.field: node.value or ""})

    def edition(self, value: str | None) -> Q:
        """Keep cards printed in an edition named by slug, name or part of the name (folded)."""
        from cardbase.models import Printing

        if value is None:
            return ~Q(pk__in=Printing.objects.filter(edition__isnull=False).values("card_id"))
        ids = [
            pk
            for pk, slug, name in self.editions()
            if value in (slug, name) or value in name or value == slug.replace("-", " ")
        ]
        return Q(pk__in=Printing.objects.filter(edition_id__in=ids).values("card_id"))

    def editions(self) -> list[tuple[int, str, str]]:
        """Return (id, folded slug, folded name) of every edition; a short table, read once."""
        from cardbase.models import Edition

        if self._editions is None:
            self._editions = [
                (pk, cardsearch.fold(slug), cardsearch.fold(name))
                for pk, slug, name in Edition.objects.values_list("pk", "slug", "name")
            ]
        return self._editions


@dataclass(frozen=True)
class QueryFeedback:
    """What the catalogue page says about its search box: the error or the plain words."""

    error: SearchError | None
    message: str
    description: str


def query_feedback(query: str, lang: str | None = None) -> QueryFeedback:
    """Parse `query` for the page: its error (with position) or its description."""
    lang = search_lang(lang)
    try:
        node = cardsearch.parse(query or "")
    except SearchError as error:
        return QueryFeedback(error, error.message(lang), "")
    return QueryFeedback(None, "", cardsearch.describe(node, lang) if query else "")


@dataclass(frozen=True)
class SyntaxRow:
    """One row of the syntax page: a key's names, its values, what it does, worked examples."""

    names: str
    values: str
    meaning: str
    examples: list[tuple[str, str]]  # (query, the query in plain words)


def syntax_rows(lang: str | None = None) -> list[SyntaxRow]:
    """Return the syntax page's table; every example is parsed and described, so all are valid."""
    from django.utils.translation import gettext as _

    lang = search_lang(lang)
    rows = [
        (
            _("słowo, „fraza”"),
            "",
            _("Szuka w nazwie i tekście karty."),
            ["swietnisko", '"święty gniew"'],
        ),
        (
            "zakon: order:",
            "aniołowie/angels … trony/thrones, 03 … 11, nieznany/unknown",
            _("Zakon anioła; porównania według poziomu zakonu."),
            ["zakon:potęgi", "order:powers", "zakon>=cnoty", "zakon:nieznany"],
        ),
        (
            "chór: krąg: choir:",
            "I, II, III (1, 2, 3)",
            _("Chór (krąg) wynikający z zakonu."),
            ["chór:II", "choir:3"],
        ),
        (
            "poziom: lvl: level:",
            "0 … 9999, nieznany/unknown",
            _("Poziom karty; działa z =, !=, <, <=, >, >=."),
            ["poziom>=7", "lvl<5"],
        ),
        (
            "kolor: c: color:",
            "złoty/gold, czerwony/red, niebieski/blue, czarny/black, biały/white",
            _("Kolor anioła."),
            ["kolor:czarny", "c:gold"],
        ),
        (
            "frakcja: f: faction:",
            "pan/lord, upadli/fallen, obie/any, nieznana/unknown",
            _("Frakcja karty."),
            ["frakcja:upadli", "f:lord", 'frakcja:"aniołowie pana"'],
        ),
        (
            "typ: t: kind:",
            "anioł/angel, człowiek/human, interwencja/intervention",
            _("Rodzaj karty."),
            ["typ:człowiek", "kind:intervention"],
        ),
        (
            "charakter: al:",
            "dobry/good, zły/evil, neutralny/neutral",
            _("Charakter człowieka."),
            ["charakter:zły", "al:neutral"],
        ),
        (
            "płeć: sex:",
            "kobieta/female, mężczyzna/male",
            _("Płeć człowieka."),
            ["płeć:kobieta", "sex:male"],
        ),
        (
            "wsparcie: sup:",
            "0 … 9999, nieznany/unknown",
            _("Parametr wsparcia anioła."),
            ["wsparcie>=4", "sup:2"],
        ),
        (
            "edycja: e:",
            _("skrót lub nazwa edycji"),
            _("Karty wydrukowane w edycji."),
            ["edycja:podstawowa", "e:nieznana"],
        ),
        (
            "symbol:",
            "pusty/empty, wypełniony/filled",
            _("Symbol edycji (limit kopii)."),
            ["symbol:pusty"],
        ),
        (
            "unikat, is:unique",
            "",
            _("Karty z wypełnionym symbolem edycji (1 kopia w talii)."),
            ["unikat", "is:unique"],
        ),
        ("anielica, is:anielica", "", _("Karty oznaczone jako ANIELICA."), ["anielica"]),
        (
            "nazwa: name:",
            _("słowo lub „fraza”"),
            _("Szuka tylko w nazwie."),
            ['nazwa:"święty gniew"'],
        ),
        (
            "tekst: text:",
            _("słowo lub „fraza”"),
            _("Szuka tylko w tekście karty."),
            ["tekst:odrzuć"],
        ),
        (
            "AND i, OR lub, NOT nie -, ( )",
            "",
            _(
                "Warunki obok siebie muszą być spełnione wszystkie; OR wystarczy jeden; minus lub NOT "
                "odwraca warunek; nawiasy grupują."
            ),
            [
                "f:upadli zakon:potęgi wsparcie>=4",
                "(kolor:złoty OR kolor:biały) -unikat",
                "typ:anioł nie frakcja:pan",
            ],
        ),
    ]
    return [
        SyntaxRow(
            str(names),
            str(values),
            str(meaning),
            [(query, cardsearch.describe(cardsearch.parse(query), lang)) for query in examples],
        )
        for names, values, meaning, examples in rows
    ]
