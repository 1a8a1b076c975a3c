"""Search the catalogue: a query in the search language keeps the cards it describes."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

import cardsearch
from cardbase.language import page_lang
from cardbase.models import Card
from cardbase.search.feedback import did_you_mean
from cardbase.search.ranking import ranked
from cardbase.search.translate import query_filter, vocabulary_of
from cardsearch import Node, SearchError, Vocabulary


@dataclass(frozen=True)
class SearchResult:
    """What a search gives: the cards, the parse error if any, the query in plain words."""

    queryset: QuerySet
    error: SearchError | None
    description: str
    node: Node | None
    query: str = ""
    vocabulary: Vocabulary | None = None
    game: str | None = None  # the game searched within; None: every game

    def ranked(self) -> QuerySet:
        """Return the same cards, names closest to the query's words first (see `ranked`)."""
        if self.node is None:
            return self.queryset
        return ranked(self.queryset, self.node)

    def did_you_mean(self) -> str | None:
        """Return a corrected query when this one finds nothing and a close one would find cards."""
        if self.node is None or self.queryset.exists():
            return None
        return did_you_mean(
            self.query, using=self.queryset.db, vocabulary=self.vocabulary, game=self.game
        )


def search_cards(
    *,
    query: str,
    queryset: QuerySet | None = None,
    lang: str | None = None,
    vocabulary: Vocabulary | None = None,
    game: str | None = None,
    owned: QuerySet | None = None,
) -> SearchResult:
    """Filter `queryset` (all cards by default) by `query`; a query that does not parse keeps no
    card and carries the SearchError. Returns a SearchResult. `game` is the game searched
    within (None: every game), whose vocabulary reads the query unless `vocabulary` is given;
    `owned` holds the searching player's copies, which `mam>=2` reads."""
    queryset = Card.objects.all() if queryset is None else queryset
    lang = page_lang(lang)
    vocabulary = vocabulary or vocabulary_of(game)
    try:
        node = cardsearch.parse(query or "", vocabulary)
    except SearchError as error:
        return SearchResult(queryset.none(), error, "", None, query or "", vocabulary, game)
    return SearchResult(
        queryset.filter(
            query_filter(node, using=queryset.db, vocabulary=vocabulary, game=game, owned=owned)
        ),
        None,
        cardsearch.describe(node, lang, vocabulary),
        node,
        query or "",
        vocabulary,
        game,
    )
