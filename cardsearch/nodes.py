"""The query tree: immutable nodes that compare by value, so tests can state the expected tree."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field

# Where a Text looks: "any" = the name and the texts.
TEXT_FIELDS = ("any", "name", "text")
OPERATORS = ("=", "!=", "<", "<=", ">", ">=")


@dataclass(frozen=True, slots=True)
class Text:
    """Find `value` (folded: lower case, no diacritics) in the card's name and/or texts."""

    value: str
    field: str = "any"
    phrase: bool = False
    # As typed, for describing the query; two spellings of one word are still the same node.
    raw: str = dataclass_field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Match:
    """Keep cards whose `field` equals `value`; None means the value is unknown (blank).

    `field` is an attribute id of a game's schema ("order", "anielica"), or "kind" / "edition".
    """

    field: str
    value: str | bool | None


@dataclass(frozen=True, slots=True)
class Compare:
    """Keep cards whose `field` compares to `value` by `op`; None with "=" means unknown.

    The value is a number, or the id of a ranked value ("virtues"): then the field's values
    compare by rank (`Vocabulary.by_rank` lists those that pass).
    """

    field: str
    op: str
    value: int | str | None


@dataclass(frozen=True, slots=True)
class Not:
    """Keep the cards the inner node rejects."""

    item: Node


@dataclass(frozen=True, slots=True)
class And:
    """Keep cards every item keeps; no items keeps every card."""

    items: tuple[Node, ...] = ()


@dataclass(frozen=True, slots=True)
class Or:
    """Keep cards at least one item keeps."""

    items: tuple[Node, ...]


Node = Text | Match | Compare | Not | And | Or

EVERYTHING = And(())


def walk(node: Node):
    """Yield the node and every node below it, depth first."""
    yield node
    if isinstance(node, And | Or):
        for item in node.items:
            yield from walk(item)
    elif isinstance(node, Not):
        yield from walk(node.item)
