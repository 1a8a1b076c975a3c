"""Read a Dark Eden deck in the JSON contract: its leader and its cards, each in its section.

Entries of one card (names equal but for case, diacritics and the card list's line-break hyphens,
"BŁOGOSŁA- WIEŃSTWO") are merged by rules.core.entries: one card has one kind, one affiliation and
one unlimited mark however its copies are split.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.contract import read_card_basics, read_deck
from rules.core.deck import Deck
from rules.core.entries import EntryMerge
from rules.core.verdict import DeckFormatError, card_key, describe_value, unbroken
from rules.dark_eden.schema import AFFILIATIONS, ALL_KINDS, GAME_ID, LEADER

LEADER_SECTION, DECK = "leader", "deck"
SECTIONS = (LEADER_SECTION, DECK)
STANDARD = "standard"
FORMATS = (STANDARD,)

# The card attributes the rules read from a deck's JSON contract.
CONTRACT_ATTRIBUTES = ("affiliation", "unlimited")

AFFILIATION_IDS = tuple(value.id for value in AFFILIATIONS)


@dataclass(frozen=True, slots=True)
class Card:
    """One entry of a deck: a card, the section it lies in, its copies and what the rules read."""

    name: str
    kind: str
    section: str
    count: int
    affiliation: str | None = None
    unlimited: bool | None = None


def parse_deck(data: object) -> Deck[Card]:
    """Turn a deck in the JSON contract into a Deck; raise DeckFormatError naming the fault.

    Required: "game" ("dark-eden") and "cards"; each card needs "name", "kind" and "count" (1 to
    MAX_COUNT). "section" is "leader" (a leader's, and only a leader's) or "deck" (missing: the
    kind's own); "affiliation" is an affiliation id and "unlimited" true or false (missing or
    null: unknown). "format" is "standard" (the default). Unknown keys are ignored. Entries of one
    card (names equal but for case, diacritics and line-break hyphens) are merged; entries that disagree on its kind,
    affiliation or unlimited mark are refused, and what one leaves unknown another may give.
    """
    return read_deck(
        data,
        game_id=GAME_ID,
        formats=FORMATS,
        default_format=STANDARD,
        merge=_MERGE,
        read_card=_parse_card,
    )


def _parse_card(raw: object, index: int) -> Card:
    """Check one entry and build its Card; paths in errors look like cards[3].affiliation."""
    where = f"cards[{index}]"
    raw, name, kind, count = read_card_basics(raw, index, kinds=ALL_KINDS)
    home = LEADER_SECTION if kind == LEADER else DECK
    section = raw.get("section")
    if section is None:
        section = home
    elif section != home:
        expected = (
            "the leader lies apart from the deck" if kind == LEADER else "it lies in the deck"
        )
        raise DeckFormatError(
            f"{where}.section",
            f"a {kind} cannot lie in section {describe_value(section)}: {expected} ({home!r})",
        )
    affiliation = raw.get("affiliation")
    if affiliation is not None and affiliation not in AFFILIATION_IDS:
        raise DeckFormatError(
            f"{where}.affiliation",
            f"unknown affiliation {describe_value(affiliation)}; expected one of "
            f"{', '.join(AFFILIATION_IDS)} (or null)",
        )
    unlimited = raw.get("unlimited")
    if unlimited is not None and type(unlimited) is not bool:
        raise DeckFormatError(
            f"{where}.unlimited", f"expected true, false or null, got {describe_value(unlimited)}"
        )
    return Card(
        name=name,
        kind=kind,
        section=section,
        count=count,
        affiliation=affiliation,
        unlimited=unlimited,
    )


def _name_key(card: Card) -> str:
    """Fold an entry's name, joining the words the card list's editor broke over two lines."""
    return card_key(unbroken(card.name))


_MERGE: EntryMerge[Card] = EntryMerge(attributes=CONTRACT_ATTRIBUTES, key=_name_key)
