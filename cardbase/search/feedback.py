"""What the catalogue says of a query besides its cards: its error or plain words, a correction
when it finds nothing, and the `key:value` terms its facets can show."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from django.contrib.postgres.search import TrigramWordSimilarity
from django.db import connections

import cardsearch
from cardbase.language import page_lang
from cardbase.models import Card
from cardbase.search.fts_sqlite import names_sharing_trigrams, sqlite_fts_ready
from cardbase.search.ranking import sought_words
from cardbase.search.translate import Translator, query_filter, vocabulary_of
from cardsearch import Match, SearchError, Vocabulary
from cardsearch.lexer import tokenize

# A correction is only proposed for a word this long: shorter ones are close to everything.
SUGGEST_MIN_LENGTH = 4
SUGGEST_CANDIDATES = 40


def parses(query: str, vocabulary: Vocabulary) -> bool:
    """Tell whether `query` parses with `vocabulary`."""
    try:
        cardsearch.parse(query, vocabulary)
    except SearchError:
        return False
    return True


def did_you_mean(
    query: str,
    *,
    using: str = "default",
    vocabulary: Vocabulary | None = None,
    game: str | None = None,
) -> str | None:
    """Return `query` with its unfound words replaced by the closest words of card names, if
    that finds cards (of `game` when one is searched); None otherwise.

    PostgreSQL picks candidate names by trigram word similarity (the name's GIN index), SQLite
    by shared trigrams in its FTS5 mirror (or, without it, among every name); both then pick
    the closest word with difflib. Suggestions may differ between databases; results never do.
    """
    vocabulary = vocabulary or cardsearch.default_vocabulary()
    try:
        node = cardsearch.parse(query or "", vocabulary)
    except SearchError:
        return None
    cards = Card.objects.using(using)
    if game is not None:
        cards = cards.of_game(game)
    translator = Translator(using, vocabulary, game)
    corrected = query
    for item in sought_words(node):
        word = item.value
        if item.phrase or " " in word or len(word) < SUGGEST_MIN_LENGTH:
            continue
        if cards.filter(translator.text(item)).exists():
            continue
        close = closest_name_word(word, using=using)
        if close and item.raw in corrected:
            corrected = corrected.replace(item.raw, close, 1)
    if corrected == query:
        return None
    try:
        node = cardsearch.parse(corrected, vocabulary)
    except SearchError:
        return None
    kept = query_filter(node, using=cards.db, vocabulary=vocabulary, game=game)
    return corrected if cards.filter(kept).exists() else None


def closest_name_word(word: str, *, using: str = "default") -> str | None:
    """Return the word of a card name closest to `word` (folded), or None if none is close."""
    cards = Card.objects.using(using)
    if connections[using].vendor == "postgresql":
        names = (
            cards.filter(search_name__trigram_word_similar=word)
            .annotate(closeness=TrigramWordSimilarity(word, "search_name"))
            .order_by("-closeness", "search_name")
            .values_list("search_name", flat=True)[:SUGGEST_CANDIDATES]
        )
    elif sqlite_fts_ready(using):
        names = names_sharing_trigrams(word, limit=SUGGEST_CANDIDATES, using=using)
    else:
        names = cards.values_list("search_name", flat=True).distinct()
    words = {part for name in names for part in name.split() if len(part) >= SUGGEST_MIN_LENGTH}
    close = difflib.get_close_matches(word, sorted(words), n=1, cutoff=0.75)
    return close[0] if close else None


@dataclass(frozen=True)
class TypedValue:
    """A `key:value` every card a query finds must meet, as the facet that says the same."""

    field: str  # the attribute's id, which is also its facet's name
    value: str  # the facet's value: a choice's id, or true/false
    rest: str  # the query without the term


def typed_values(query: str, *, game: str | None = None) -> list[TypedValue]:
    """Return the `key:value` terms of `query` that every card found must meet.

    A term counts when it is not negated and the query has no OR nor parentheses, so that
    the term and its facet keep the same cards: `frakcja:upadli zakon:potęgi` holds
    `frakcja:upadli`, the facet faction=fallen with `zakon:potęgi` left. A query that does not
    parse, or whose rest would not, gives nothing for it.
    """
    vocabulary = vocabulary_of(game)
    try:
        cardsearch.parse(query, vocabulary)
        tokens = tokenize(query)
    except SearchError:
        return []
    if any(token.type in ("OR", "LPAREN") for token in tokens):
        return []
    found = []
    for before, token in zip([None, *tokens], tokens, strict=False):
        if token.type != "FIELD" or (before is not None and before.type in ("MINUS", "NOT")):
            continue
        end = token.value_pos + len(token.value) + (2 if token.phrase else 0)
        node = cardsearch.parse(query[token.pos : end], vocabulary)
        if not isinstance(node, Match) or node.value is None:
            continue
        rest = " ".join(f"{query[: token.pos]} {query[end:]}".split())
        if not parses(rest, vocabulary):
            continue
        value = str(node.value).lower() if isinstance(node.value, bool) else node.value
        found.append(TypedValue(node.field, value, rest))
    return found


@dataclass(frozen=True)
class QueryFeedback:
    """What the catalogue page says about its search box: the error or the plain words."""

    error: SearchError | None
    message: str
    description: str


def query_feedback(
    query: str,
    lang: str | None = None,
    vocabulary: Vocabulary | None = None,
    game: str | None = None,
) -> QueryFeedback:
    """Parse `query` for the page, with `game`'s words (every game's for None): its error (with
    position) or its description."""
    lang = page_lang(lang)
    vocabulary = vocabulary or vocabulary_of(game)
    try:
        node = cardsearch.parse(query or "", vocabulary)
    except SearchError as error:
        return QueryFeedback(error, error.message(lang), "")
    return QueryFeedback(None, "", cardsearch.describe(node, lang, vocabulary) if query else "")
