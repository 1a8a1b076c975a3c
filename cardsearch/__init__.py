"""A card search language, Polish and English, in pure Python (no Django).

Public API:

- parse(query: str, vocabulary=None) -> Node — the query's tree; a blank query is EVERYTHING
  (keeps every card). Raises SearchError (position, message(lang), display(), to_dict(lang))
  for anything that does not parse; no other exception escapes for any string.
- describe(node, lang="en", vocabulary=None) -> str — the query in plain words ("Fallen, Powers,
  support ≥ 4").
- Vocabulary — the keys, their names and values, the bare flag words: built from the games'
  declared schemas by Vocabulary.from_games(games) / Vocabulary.from_game(game);
  default_vocabulary() is that of every registered game (what parse and describe use when given
  none). Its `keys` are what the syntax page lists.
- Nodes: Text, Match, Compare, Not, And, Or (frozen dataclasses), walk(node).
"""

from cardsearch.describe import describe
from cardsearch.errors import SearchError
from cardsearch.nodes import EVERYTHING, And, Compare, Match, Node, Not, Or, Text, walk
from cardsearch.parser import MAX_LENGTH, parse
from cardsearch.vocabulary import Key, Vocabulary, default_vocabulary, fold

__all__ = [
    "EVERYTHING",
    "MAX_LENGTH",
    "And",
    "Compare",
    "Key",
    "Match",
    "Node",
    "Not",
    "Or",
    "SearchError",
    "Text",
    "Vocabulary",
    "default_vocabulary",
    "describe",
    "fold",
    "parse",
    "walk",
]
