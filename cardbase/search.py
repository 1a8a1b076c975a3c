"""The search language on the catalogue: a query's tree becomes a filter on Card.

A bare word or phrase has ONE meaning on every database: a substring of the folded (lower case,
no diacritics) `search_name` and/or `search_text` column. `moc` finds "Wszechmocny", `"odrzuć,
świętnisko"` needs the comma. Only the means differ, never the cards found:

- PostgreSQL: `LIKE '%…%'` served by pg_trgm GIN indexes (gin_trgm_ops) on both columns
  (migrations 0002 and 0004). Trigram similarity only proposes a
  correction for a query that finds nothing (`did_you_mean`); it never adds or drops a card.
  Nothing below concerns it: the mirror and its repair are SQLite's only.
- SQLite: an FTS5 table with the trigram tokenizer (`case_sensitive 1`, so a match is exactly a
  substring) finds the cards holding a substring of 3+ characters; when at most FTS_COMMON cards
  hold it, their ids go into the query (one JSON parameter read by json_each), so count and page
  need no second search. A commoner or shorter substring is a plain `LIKE` over a covering index
  of the two columns, and the page's name order meets its first 24 cards at once. Without a
  usable mirror (an SQLite without FTS5, or the triggers missing) every substring is a `LIKE`:
  slower, the same cards.

The SQLite mirror (FTS_TABLE, migration 0008) is a table of its own: it holds its own copy of
the two folded columns, its rowid set to the card's id, and reads nothing from cardbase_card.
Triggers on cardbase_card (FTS_TRIGGERS) copy every insert, change and delete into it, whichever
path writes (Card.save, QuerySet.update, bulk_create, loaddata, the admin, raw SQL). Django's
SQLite schema editor remakes cardbase_card for most AddField/AlterField (new table, copy, drop,
rename), and dropping the old table drops its triggers; the mirror's rows survive, as they live
elsewhere, but nothing feeds them any more. So:

- `sqlite_fts_ready` asks for the table AND its three triggers on every search; if one is
  missing, the search is a `LIKE`, right if slower. A stale mirror is never read.
- `repair_search_mirror` runs after every `migrate` (a post_migrate handler, see
  cardbase/apps.py; also after `flush`): it re-creates a trigger that is missing or whose SQL
  differs from FTS_TRIGGER_SQL, and the covering index; and when a trigger was missing or the
  mirror's rows differ from cardbase_card's (checked by a full comparison), it refills the
  mirror from cardbase_card. A migration that remakes the card table needs no code of its own.
Writes in the gap (after a remake, before the repair) are missed by the mirror but not by the
refill; searches in the gap take the `LIKE` route. A schema change made outside `migrate` is
repaired by the next `migrate` (or by calling `repair_search_mirror`).
"""

from __future__ import annotations

import difflib
import json
import operator
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import reduce

from django.contrib.postgres.search import TrigramWordSimilarity
from django.db import OperationalError, connections, transaction
from django.db.models import (
    Case,
    Exists,
    F,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.expressions import RawSQL
from django.db.models.lookups import In

import cardsearch
import rules
from cardbase.attributes import attribute_q, find_attribute, known_q, missing_q
from cardbase.language import page_lang
from cardbase.models import Card, Edition, Printing
from cardsearch import And, Compare, Match, Node, Not, Or, SearchError, Text, Vocabulary
from cardsearch.lexer import tokenize
from cardsearch.vocabulary import AND_WORDS, NOT_WORDS, OR_WORDS, Key

LOOKUPS = {"<": "lt", "<=": "lte", ">": "gt", ">=": "gte", "=": "exact"}
TEXT_COLUMNS = {
    "any": ("search_name", "search_text"),
    "name": ("search_name",),
    "text": ("search_text",),
}

# SQLite's FTS5 mirror of the folded columns (migration 0008): its own copy of them, the rowid
# being the card's id. Migration 0008 holds the same statements, frozen; `repair_search_mirror`
# compares the stored SQL with these and re-creates whatever differs.
FTS_TABLE = "card_search_mirror"
FTS_CREATE = (
    f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(search_name, search_text,"
    " tokenize='trigram case_sensitive 1')"
)
FTS_FILL = (
    f"INSERT INTO {FTS_TABLE}(rowid, search_name, search_text)"
    " SELECT id, search_name, search_text FROM cardbase_card"
)
_FTS_ADD = (
    f"INSERT OR REPLACE INTO {FTS_TABLE}(rowid, search_name, search_text)"
    " VALUES (new.id, new.search_name, new.search_text);"
)
# What keeps the mirror in step: every write to cardbase_card, whatever its path. An update
# that leaves the folded columns alone (most saves) leaves the mirror alone.
FTS_TRIGGER_SQL = {
    f"{FTS_TABLE}_insert": f"CREATE TRIGGER {FTS_TABLE}_insert AFTER INSERT ON cardbase_card"
    f" BEGIN {_FTS_ADD} END",
    f"{FTS_TABLE}_delete": f"CREATE TRIGGER {FTS_TABLE}_delete AFTER DELETE ON cardbase_card"
    f" BEGIN DELETE FROM {FTS_TABLE} WHERE rowid = old.id; END",
    f"{FTS_TABLE}_update": f"CREATE TRIGGER {FTS_TABLE}_update"
    " AFTER UPDATE OF id, search_name, search_text ON cardbase_card"
    " WHEN old.id IS NOT new.id OR old.search_name IS NOT new.search_name"
    " OR old.search_text IS NOT new.search_text"
    f" BEGIN DELETE FROM {FTS_TABLE} WHERE rowid = old.id; {_FTS_ADD} END",
}
FTS_TRIGGERS = tuple(FTS_TRIGGER_SQL)
# The LIKE route's covering index (migration 0004); a remake of the table drops it too.
LIKE_INDEX = "card_search_texts"
LIKE_INDEX_SQL = f"CREATE INDEX {LIKE_INDEX} ON cardbase_card (search_text, search_name)"
FTS_MIN_LENGTH = 3  # the trigram tokenizer matches nothing shorter
# A substring more cards hold than this is a LIKE: the page's name order meets 24 of them in
# the first rows, while listing them all by FTS5 would cost more than the LIKE's scan. Up to
# this many, the ids FTS5 found go into the query, so count and page need no second search.
FTS_COMMON = 3000
# A correction is only proposed for a word this long: shorter ones are close to everything.
SUGGEST_MIN_LENGTH = 4
SUGGEST_CANDIDATES = 40


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


# The vocabularies of single games, built on first use: game id -> (its declaration, vocabulary).
_GAME_VOCABULARIES: dict[str, tuple[object, Vocabulary]] = {}


def vocabulary_of(game: str | None) -> Vocabulary:
    """Return the search language of one game (its own key names), or of every game for None.

    A search within a game reads its keys as that game names them (INWO's `charakter:` is a
    Group's alignments, Aniołowie's a human's alignment); across games a name two games use
    matches either game's attribute (cardsearch.vocabulary).
    """
    if game is None:
        return cardsearch.default_vocabulary()
    declaration = rules.get_game(game)
    known = _GAME_VOCABULARIES.get(game)
    if known is None or known[0] is not declaration:
        known = _GAME_VOCABULARIES[game] = (declaration, Vocabulary.from_game(declaration))
    return known[1]


def search_cards(
    *,
    query: str,
    queryset: QuerySet | None = None,
    lang: str | None = None,
    vocabulary: Vocabulary | None = None,
    game: str | None = None,
):
    """Filter `queryset` (all cards by default) by `query`; a query that does not parse keeps no
    card and carries the SearchError. Returns a SearchResult. `game` is the game searched
    within (None: every game), whose vocabulary reads the query unless `vocabulary` is given."""
    queryset = Card.objects.all() if queryset is None else queryset
    lang = page_lang(lang)
    vocabulary = vocabulary or vocabulary_of(game)
    try:
        node = cardsearch.parse(query or "", vocabulary)
    except SearchError as error:
        return SearchResult(queryset.none(), error, "", None, query or "", vocabulary, game)
    return SearchResult(
        queryset.filter(query_filter(node, using=queryset.db, vocabulary=vocabulary, game=game)),
        None,
        cardsearch.describe(node, lang, vocabulary),
        node,
        query or "",
        vocabulary,
        game,
    )


def query_filter(
    node: Node,
    *,
    using: str = "default",
    vocabulary: Vocabulary | None = None,
    game: str | None = None,
) -> Q:
    """Return the Q that keeps the cards `node` describes, for the database `using`; the
    vocabulary the node was parsed with ranks the values a comparison on a choice keeps, and
    the attributes are `game`'s declarations (any game's for None)."""
    return _Translator(using, vocabulary, game).q(node)


def sqlite_fts_ready(using: str = "default") -> bool:
    """Say whether the SQLite database `using` has the FTS5 mirror and the triggers feeding it
    (and JSON functions, which pass the ids it finds). Without every trigger the mirror may be
    stale (a remade card table), so it is not read until `repair_search_mirror` has run."""
    connection = connections[using]
    if connection.vendor != "sqlite":
        return False
    names = (FTS_TABLE, *FTS_TRIGGERS)
    marks = ", ".join("%s" for _ in names)
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT COUNT(*), json_array_length('[]') FROM sqlite_master"
                f" WHERE name IN ({marks})",
                names,
            )
            return cursor.fetchone()[0] == len(names)
    except OperationalError:  # an SQLite built without JSON: every substring is a LIKE
        return False


def repair_search_mirror(using: str = "default") -> list[str]:
    """Put SQLite's FTS5 mirror back in step with cardbase_card; return what was repaired.

    Does nothing (returns []) off SQLite and where migration 0008 made no mirror (no FTS5, or
    cardbase not migrated that far). Otherwise, in one transaction: a trigger missing or unlike
    FTS_TRIGGER_SQL is made anew ("triggers"); the mirror is refilled from cardbase_card when a
    trigger was missing, when the table's own SQL is not FTS_CREATE, or when its rows differ
    from the card table's ("rows"); the LIKE route's covering index is made if missing
    ("index"). The triggers are made before the card table is read, so no write slips between.
    """
    connection = connections[using]
    if connection.vendor != "sqlite":
        return []
    names = (FTS_TABLE, *FTS_TRIGGERS, LIKE_INDEX)
    marks = ", ".join("%s" for _ in names)
    repaired: list[str] = []
    with transaction.atomic(using=using), connection.cursor() as cursor:
        cursor.execute(f"SELECT name, sql FROM sqlite_master WHERE name IN ({marks})", names)
        stored = dict(cursor.fetchall())
        if FTS_TABLE not in stored:
            return []
        stale = [name for name, sql in FTS_TRIGGER_SQL.items() if stored.get(name) != sql]
        for name in stale:
            cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(FTS_TRIGGER_SQL[name])
        if stale:
            repaired.append("triggers")
        if stale or stored[FTS_TABLE] != FTS_CREATE or not _mirror_in_step(cursor):
            # Made anew rather than emptied: FTS5 deletes row by row, a new table is faster.
            cursor.execute(f"DROP TABLE {FTS_TABLE}")
            cursor.execute(FTS_CREATE)
            cursor.execute(FTS_FILL)
            repaired.append("rows")
        if LIKE_INDEX not in stored:
            cursor.execute(LIKE_INDEX_SQL)
            repaired.append("index")
    return repaired


def _mirror_in_step(cursor) -> bool:
    """Say whether the mirror holds exactly the card table's (id, search_name, search_text)."""
    card_rows = "SELECT id, search_name, search_text FROM cardbase_card"
    mirror_rows = f"SELECT rowid, search_name, search_text FROM {FTS_TABLE}"
    cursor.execute(
        f"SELECT EXISTS ({card_rows} EXCEPT {mirror_rows})"
        f" OR EXISTS ({mirror_rows} EXCEPT {card_rows})"
    )
    return not cursor.fetchone()[0]


def repair_search_mirror_after_migrate(
    sender, *, using: str = "default", verbosity: int = 1, **kwargs
) -> None:
    """The post_migrate handler (cardbase/apps.py): repair the mirror of the database migrated,
    as a migration may have remade cardbase_card and so dropped the triggers."""
    repaired = repair_search_mirror(using)
    if repaired and verbosity >= 1:
        stdout = kwargs.get("stdout") or sys.stdout
        stdout.write(f"  Search mirror ({using}): repaired {', '.join(repaired)}\n")


def fts_phrase(value: str) -> str:
    """Quote `value` as one FTS5 string: with the trigram tokenizer, a substring match."""
    return '"' + value.replace('"', '""') + '"'


def fts_query(columns: tuple[str, ...], value: str) -> str:
    """Return the FTS5 query that holds when one of `columns` contains `value`."""
    return "{" + " ".join(columns) + "} : " + fts_phrase(value)


class _Translator:
    """Turn nodes into Q objects; remembers what it looked up for one query."""

    def __init__(
        self, using: str, vocabulary: Vocabulary | None = None, game: str | None = None
    ) -> None:
        self.using = using
        self.game = game
        self.vocabulary = vocabulary or cardsearch.default_vocabulary()
        self.sqlite = connections[using].vendor == "sqlite"
        self.fts = sqlite_fts_ready(using)
        self._editions: list[tuple[int, str, str]] | None = None

    def q(self, node: Node) -> Q:
        if isinstance(node, And):
            return self.all_of(node.items)
        if isinstance(node, Or):
            return self.any_of(node.items)
        if isinstance(node, Not):
            return ~self.q(node.item)
        if isinstance(node, Text):
            return self.text(node)
        if isinstance(node, Compare):
            return self.compare(node)
        return self.match(node)

    def all_of(self, items: tuple[Node, ...]) -> Q:
        """Keep cards every item keeps; the id lists of words FTS5 found are intersected here,
        so `gniew modlitwa` sends the few cards holding both, not every card holding either."""
        found: list[set[int]] = []
        parts: list[Q] = []
        for item in items:
            ids = self.text_ids(item) if isinstance(item, Text) else None
            if ids is None:
                parts.append(self.q(item))
            else:
                found.append(set(ids))
        if found:
            parts.insert(0, self.listed(sorted(set.intersection(*found))))
        return reduce(operator.and_, parts, Q())

    def any_of(self, items: tuple[Node, ...]) -> Q:
        """Keep cards any item keeps; values of one attribute become one IN.

        `kolor:czarny OR kolor:biały` is then one walk of the colour index, where two ORed
        equalities would make SQLite fetch and merge every matching row.
        """
        values: dict[str, list] = {}
        parts: list[Q] = []
        for item in items:
            attribute = find_attribute(item.field, self.game) if isinstance(item, Match) else None
            if (
                attribute is None
                or item.value is None
                or attribute.multi
                or attribute.type == "bool"
            ):
                parts.append(self.q(item))
            else:
                values.setdefault(attribute.id, []).append(item.value)
        for attribute_id, listed in values.items():
            attribute = find_attribute(attribute_id, self.game)
            if len(listed) == 1:
                parts.append(attribute_q(attribute, listed[0], game=self.game))
            else:
                parts.append(attribute_q(attribute, sorted(set(listed)), "in", game=self.game))
        return reduce(operator.or_, parts)

    def text(self, node: Text) -> Q:
        """Keep cards whose folded name and/or text contains the folded value."""
        ids = self.text_ids(node)
        if ids is not None:
            return self.listed(ids)
        columns = TEXT_COLUMNS[node.field]
        return reduce(
            operator.or_, (Q(**{f"{column}__contains": node.value}) for column in columns)
        )

    def text_ids(self, node: Text) -> list[int] | None:
        """Return the ids of the cards holding the word, when FTS5 can list them cheaply."""
        if self.fts and len(node.value) >= FTS_MIN_LENGTH:
            return self.fts_ids(fts_query(TEXT_COLUMNS[node.field], node.value))
        return None

    def fts_ids(self, match: str) -> list[int] | None:
        """Return the ids of the cards FTS5 `match` finds, or None when more than FTS_COMMON
        do (it reads at most that many index rows)."""
        with connections[self.using].cursor() as cursor:
            cursor.execute(
                f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s LIMIT %s",
                [match, FTS_COMMON + 1],
            )
            ids = [row[0] for row in cursor.fetchall()]
        return None if len(ids) > FTS_COMMON else sorted(ids)

    @staticmethod
    def listed(ids: list[int]) -> Q:
        """Keep the cards with these ids: one JSON parameter that SQLite reads with json_each,
        as a few thousand placeholders would cost Django more to compile than the query."""
        if not ids:
            return Q(pk__in=[])
        return Q(pk__in=RawSQL("SELECT value FROM json_each(%s)", [json.dumps(ids)]))

    def compare(self, node: Compare) -> Q:
        attribute = find_attribute(node.field, self.game)
        if node.value is None:
            if node.op == "=":
                return missing_q(attribute, game=self.game)
            return known_q(attribute, game=self.game)
        # A ranked choice (zakon>=cnoty) keeps the values whose rank passes.
        ranked = self.vocabulary.by_rank(node.field, node.op, node.value)
        if ranked is not None:
            return attribute_q(attribute, list(ranked), "in", game=self.game)
        if node.op == "!=":
            return ~attribute_q(attribute, node.value, game=self.game)
        return attribute_q(attribute, node.value, LOOKUPS[node.op], game=self.game)

    def match(self, node: Match) -> Q:
        if node.field == "edition":
            return self.edition(node.value)
        if node.field == "kind":  # a column of every card, not an attribute
            return Q(kind=node.value or "")
        attribute = find_attribute(node.field, self.game)
        if node.value is None:
            return missing_q(attribute, game=self.game)
        return attribute_q(attribute, node.value, game=self.game)

    def edition(self, value: str | None) -> Q:
        """Keep cards printed in an edition named by slug, name or part of the name (folded)."""
        if value is None:
            # NOT EXISTS, not NOT IN: each card probes the (card, edition) index, rather than
            # both databases hashing every printing for the count and again for the page.
            printed = Printing.objects.filter(card=OuterRef("pk"), edition__isnull=False)
            return ~Q(Exists(printed))
        ids = [
            pk
            for pk, slug, name in self.editions()
            if value in (slug, name) or value in name or value == slug.replace("-", " ")
        ]
        return self.among(Printing.objects.filter(edition_id__in=ids).values("card_id"))

    def among(self, card_ids: QuerySet) -> Q:
        """Keep the cards whose id `card_ids` (a subquery) yields.

        An edition holds a good share of the catalogue. On SQLite, `+id IN (…)` keeps the
        planner from fetching every such card by id to sort them all for the first page: it
        walks the name index instead, testing each id against the subquery's list, and stops
        at the page's end. PostgreSQL's planner weighs a semi-join well by itself.
        """
        card_ids = card_ids.order_by()  # a Printing's default order would join the editions
        if self.sqlite:
            unindexed_id = Func(F("pk"), template="+%(expressions)s", output_field=IntegerField())
            return Q(In(unindexed_id, card_ids))
        return Q(pk__in=card_ids)

    def editions(self) -> list[tuple[int, str, str]]:
        """Return (id, folded slug, folded name) of every edition; a short table, read once."""
        if self._editions is None:
            self._editions = [
                (pk, cardsearch.fold(slug), cardsearch.fold(name))
                for pk, slug, name in Edition.objects.using(self.using)
                .order_by()
                .values_list("pk", "slug", "name")
            ]
        return self._editions


def sought_words(node: Node) -> list[Text]:
    """Return the Text nodes a card's name may answer (not negated, not text-only)."""
    found: list[Text] = []

    def visit(item: Node) -> None:
        if isinstance(item, And | Or):
            for inner in item.items:
                visit(inner)
        elif isinstance(item, Text) and item.field != "text":
            found.append(item)

    visit(node)
    return found


def ranked(queryset: QuerySet, node: Node) -> QuerySet:
    """Order `queryset` by how close each name is to the query's words; the set stays the same.

    The name equal to the words comes first, then names starting with them, then names holding
    one of them, then the rest (found by their text, or by keys alone); by name within each
    group, so both databases give the same order, page after page. Names and words are folded
    alike (case, Polish diacritics), so `rakuel` puts RAKUEL before the cards that mention it.
    """
    words = [item.value for item in sought_words(node)]
    if not words:
        return queryset.order_by("search_name", "pk")
    closeness = Case(
        When(search_name=" ".join(words), then=Value(0)),
        When(search_name__startswith=words[0], then=Value(1)),
        When(reduce(operator.or_, (Q(search_name__contains=w) for w in words)), then=Value(2)),
        default=Value(3),
        output_field=IntegerField(),
    )
    return queryset.alias(closeness=closeness).order_by("closeness", "search_name", "pk")


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
    translator = _Translator(using, vocabulary, game)
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
    result = search_cards(query=corrected, queryset=cards, vocabulary=vocabulary, game=game)
    return corrected if result.error is None and result.queryset.exists() else None


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
        grams = {word[i : i + 3] for i in range(len(word) - 2)}
        match = "search_name : (" + " OR ".join(sorted(map(fts_phrase, grams))) + ")"
        with connections[using].cursor() as cursor:
            cursor.execute(
                f"SELECT search_name FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s"
                " ORDER BY rank LIMIT %s",
                [match, SUGGEST_CANDIDATES],
            )
            names = [row[0] for row in cursor.fetchall()]
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
        if not _parses(rest, vocabulary):
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


def _parses(query: str, vocabulary: Vocabulary) -> bool:
    try:
        cardsearch.parse(query, vocabulary)
    except SearchError:
        return False
    return True


def key_help(key: Key, vocabulary: Vocabulary) -> tuple[str, str, list[str], list[str]]:
    """Return what a key means and examples of it, in Polish and English: the hand-written
    KEY_HELP entry when all its examples are the vocabulary's, else words made from the key."""
    written = KEY_HELP.get(key.field)
    if written and all(_parses(query, vocabulary) for query in [*written[2], *written[3]]):
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
        examples = [q for q in [*examples_pl, *examples_en] if _parses(q, vocabulary)]
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
                (
                    [query]
                    for query in made
                    if _parses(query, self.vocabulary) and self.count(query)
                ),
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
