"""Turn a query's tree into a filter (Q) on Card that keeps the same cards on every database.

A bare word or phrase has ONE meaning on every database: a substring of the folded (lower case,
no diacritics) `search_name` and/or `search_text` column. `moc` finds "Wszechmocny", `"odrzuć,
świętnisko"` needs the comma. Only the means differ, never the cards found:

- PostgreSQL: `LIKE '%…%'` served by pg_trgm GIN indexes (gin_trgm_ops) on both columns
  (migrations 0002 and 0004). Trigram similarity only proposes a correction for a query that
  finds nothing (cardbase.search.feedback.did_you_mean); it never adds or drops a card.
- SQLite: the FTS5 mirror (cardbase.search.fts_sqlite) finds the cards holding a substring of
  3+ characters; when at most FTS_COMMON cards hold it, their ids go into the query (one JSON
  parameter read by json_each), so count and page need no second search. A commoner or shorter
  substring is a plain `LIKE` over a covering index of the two columns, and the page's name
  order meets its first 24 cards at once. Without a usable mirror (an SQLite without FTS5, or
  the triggers missing) every substring is a `LIKE`: slower, the same cards.
"""

from __future__ import annotations

import json
import operator
from functools import reduce

from django.db import connections
from django.db.models import Exists, F, Func, IntegerField, OuterRef, Q, QuerySet
from django.db.models.expressions import RawSQL
from django.db.models.lookups import In

import cardsearch
import rules
from cardbase.attributes import attribute_q, find_attribute, known_q, missing_q
from cardbase.models import Edition, Printing
from cardbase.search.fts_sqlite import FTS_MIN_LENGTH, fts_ids, fts_query, sqlite_fts_ready
from cardsearch import And, Compare, Match, Node, Not, Or, Text, Vocabulary
from cardsearch.vocabulary import COMPARISONS

LOOKUPS = {"<": "lt", "<=": "lte", ">": "gt", ">=": "gte", "=": "exact"}
TEXT_COLUMNS = {
    "any": ("search_name", "search_text"),
    "name": ("search_name",),
    "text": ("search_text",),
}

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


def query_filter(
    node: Node,
    *,
    using: str = "default",
    vocabulary: Vocabulary | None = None,
    game: str | None = None,
    owned: QuerySet | None = None,
) -> Q:
    """Return the Q that keeps the cards `node` describes, for the database `using`; the
    vocabulary the node was parsed with ranks the values a comparison on a choice keeps, the
    attributes are `game`'s declarations (any game's for None), and `owned` holds the searching
    player's copies (rows with `card` and `count`; None: they own nothing)."""
    return Translator(using, vocabulary, game, owned).q(node)


def owned_q(owned: QuerySet | None, op: str, value: int) -> Q:
    """Keep the cards whose copies owned (0 without a row in `owned`) compare to `value`."""
    passes = Q(**{f"count__{LOOKUPS[op]}": value}) if op != "!=" else ~Q(count=value)
    if owned is None:
        return Q() if COMPARISONS[op](0, value) else Q(pk__in=[])
    rows = owned.filter(card=OuterRef("pk")).order_by()
    if COMPARISONS[op](0, value):
        # A card not owned passes too: keep every card but those whose row fails.
        return ~Q(Exists(rows.exclude(passes)))
    return Q(Exists(rows.filter(passes)))


class Translator:
    """Turn nodes into Q objects; remembers what it looked up for one query."""

    def __init__(
        self,
        using: str,
        vocabulary: Vocabulary | None = None,
        game: str | None = None,
        owned: QuerySet | None = None,
    ) -> None:
        self.using = using
        self.game = game
        self.owned = owned
        self.vocabulary = vocabulary or cardsearch.default_vocabulary()
        self.sqlite = connections[using].vendor == "sqlite"
        self.fts = sqlite_fts_ready(using)
        self._editions: list[tuple[int, str, str]] | None = None

    def q(self, node: Node) -> Q:
        """Return the Q that keeps the cards `node` describes."""
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
            return fts_ids(fts_query(TEXT_COLUMNS[node.field], node.value), using=self.using)
        return None

    @staticmethod
    def listed(ids: list[int]) -> Q:
        """Keep the cards with these ids: one JSON parameter that SQLite reads with json_each,
        as a few thousand placeholders would cost Django more to compile than the query."""
        if not ids:
            return Q(pk__in=[])
        return Q(pk__in=RawSQL("SELECT value FROM json_each(%s)", [json.dumps(ids)]))

    def compare(self, node: Compare) -> Q:
        """Keep cards whose value compares to the node's (or is known or unknown)."""
        if node.field == "owned":
            return owned_q(self.owned, node.op, node.value)
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
        """Keep cards with the node's value (an edition, a kind, an attribute's value)."""
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
