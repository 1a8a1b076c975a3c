"""Read a 7 Fallen deck in the JSON contract: its Eden, Registre and Livre Sacré.

The section follows from the kind: the Divinité, the Archange and the Temple lie in the Eden, the
Adorateurs in the Registre and every other card (a page) in the Livre Sacré. Entries of one card
(names equal but for case and accents) are merged by rules.core.entries: one card has one kind,
one list of classes, one of keywords and one structure however its copies are split.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.contract import read_card_basics, read_deck
from rules.core.deck import Deck
from rules.core.entries import EntryMerge
from rules.core.verdict import DeckFormatError, describe_value
from rules.seven_fallen.schema import ALL_KINDS, EDEN_KINDS, GAME_ID, REGISTRE_KINDS

EDEN, REGISTRE, LIVRE = "eden", "registre", "livre"
SECTIONS = (EDEN, REGISTRE, LIVRE)
QUICK_START = "quick-start"
FORMATS = (QUICK_START,)

# The card attributes the rules read from a deck's JSON contract.
CONTRACT_ATTRIBUTES = ("classes", "keywords", "subtype")


@dataclass(frozen=True, slots=True)
class Card:
    """One entry of a deck: a card, its section, its copies and what the rules read of it.

    `classes` and `keywords` are as printed; None is unknown, an empty tuple a card that prints
    none. `subtype` is a Temple's structure (the word after « Structure – »).
    """

    name: str
    kind: str
    section: str
    count: int
    classes: tuple[str, ...] | None = None
    keywords: tuple[str, ...] | None = None
    subtype: str | None = None


def home_section(kind: str) -> str:
    """Return the section a card of `kind` lies in."""
    if kind in EDEN_KINDS:
        return EDEN
    if kind in REGISTRE_KINDS:
        return REGISTRE
    return LIVRE


def parse_deck(data: object) -> Deck[Card]:
    """Turn a deck in the JSON contract into a Deck; raise DeckFormatError naming the fault.

    Required: "game" ("7-fallen") and "cards"; each card needs "name", "kind" and "count" (1 to
    MAX_COUNT). "section", where given, must be the kind's own ("eden", "registre" or "livre").
    "classes" and "keywords" are lists of text as printed (missing or null: unknown; a list
    present is the card's whole list); "subtype" is a Temple's structure. "format" is
    "quick-start" (the default). Unknown keys are ignored.
    """
    return read_deck(
        data,
        game_id=GAME_ID,
        formats=FORMATS,
        default_format=QUICK_START,
        merge=_MERGE,
        read_card=_parse_card,
    )


def _parse_card(raw: object, index: int) -> Card:
    """Check one entry and build its Card; paths in errors look like cards[3].keywords."""
    where = f"cards[{index}]"
    raw, name, kind, count = read_card_basics(raw, index, kinds=ALL_KINDS)
    home = home_section(kind)
    section = raw.get("section")
    if section is None:
        section = home
    elif section != home:
        raise DeckFormatError(
            f"{where}.section",
            f"a {kind} cannot lie in section {describe_value(section)}: it lies in {home!r}",
        )
    subtype = raw.get("subtype")
    if subtype is not None and not (isinstance(subtype, str) and subtype.strip()):
        raise DeckFormatError(
            f"{where}.subtype",
            f"expected a structure's name or null, got {describe_value(subtype)}",
        )
    return Card(
        name=name,
        kind=kind,
        section=section,
        count=count,
        classes=_words(raw.get("classes"), f"{where}.classes"),
        keywords=_words(raw.get("keywords"), f"{where}.keywords"),
        subtype=subtype.strip() if subtype is not None else None,
    )


def _words(value: object, where: str) -> tuple[str, ...] | None:
    """Read a list of printed words (classes, keywords); None stays unknown."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(
        isinstance(item, str) and item.strip() for item in value
    ):
        raise DeckFormatError(
            where, f"expected a list of words as printed, or null; got {describe_value(value)}"
        )
    return tuple(item.strip() for item in value)


_MERGE: EntryMerge[Card] = EntryMerge(attributes=CONTRACT_ATTRIBUTES)
