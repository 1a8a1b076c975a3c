"""A card search language, Polish and English, in pure Python (no Django).

Public API:

- parse(query: str) -> Node — the query's tree; a blank query is EVERYTHING (keeps every card).
  Raises SearchError (position, message(lang), display(), to_dict(lang)) for anything that
  does not parse; no other exception escapes for any string.
- describe(node, lang="en") -> str — the query in plain words ("Fallen, Powers, support ≥ 4").
- Nodes: Text, Match, Compare, Not, And, Or (frozen dataclasses), walk(node).
- KEYS — every key with its names and values (the syntax page lists them).
"""

from cardsearch.describe import describe
from cardsearch.errors import SearchError
from cardsearch.nodes import EVERYTHING, And, Compare, Match, Node, Not, Or, Text, walk
from cardsearch.parser import MAX_LENGTH, parse
from cardsearch.vocabulary import KEYS, fold

__all__ = [
    "EVERYTHING",
    "KEYS",
    "MAX_LENGTH",
    "And",
    "Compare",
    "Match",
    "Node",
    "Not",
    "Or",
    "SearchError",
    "Text",
    "describe",
    "fold",
    "parse",
    "walk",
]
