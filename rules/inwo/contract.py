"""Read an INWO deck in the JSON contract: its format and its cards, each in its section.

Entries of one card (names equal but for case and diacritics) are merged per section by
rules.core.entries: one card has one kind and one back wherever its copies lie.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from rules.core.contract import read_card_basics, read_deck
from rules.core.deck import Deck
from rules.core.entries import Clash, EntryMerge
from rules.core.verdict import DeckFormatError, describe_value
from rules.inwo.schema import ALL_KINDS, GAME_ID, HAND, ILLUMINATI, PUPPET, USUAL_BACK

LEAD, GROUPS, PLOTS = "lead", "groups", "plots"
SECTIONS = (LEAD, GROUPS, PLOTS)
STANDARD, TOURNAMENT, ONE_BIG_DECK = "standard", "tournament", "one-big-deck"
FORMATS = (STANDARD, TOURNAMENT, ONE_BIG_DECK)
BACKS = (PUPPET, HAND)

# The card attributes the rules read from a deck's JSON contract.
CONTRACT_ATTRIBUTES = ("back",)

# Which deck a back belongs to.
DECK_OF_BACK = {PUPPET: GROUPS, HAND: PLOTS}


@dataclass(frozen=True, slots=True)
class Card:
    """One entry of a deck: a card, the section it lies in and how many copies."""

    name: str
    kind: str
    section: str
    count: int
    back: str | None = None


def parse_deck(data: object) -> Deck[Card]:
    """Turn a deck in the JSON contract into a Deck; raise DeckFormatError naming the fault.

    Required: "game" ("inwo") and "cards"; each card needs "name", "kind" and "count" (1 to
    MAX_COUNT). "section" is "lead", "groups" or "plots" (missing: the kind's usual deck, the
    lead for an Illuminati); "back" is "puppet" or "hand" (missing or null: unknown). "format" is
    "standard" (the default), "tournament" or "one-big-deck". Unknown keys are ignored. Entries
    of one card (names equal but for case and diacritics) in one section are merged.
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
    """Check one entry and build its Card; paths in errors look like cards[3].back."""
    raw, name, kind, count = read_card_basics(raw, index, kinds=ALL_KINDS)
    section = raw.get("section")
    if section is None:
        section = LEAD if kind == ILLUMINATI else DECK_OF_BACK[USUAL_BACK[kind]]
    elif section not in SECTIONS:
        raise DeckFormatError(
            f"cards[{index}].section",
            f"unknown section {describe_value(section)}; expected one of {', '.join(SECTIONS)}",
        )
    back = raw.get("back")
    if back is not None and back not in BACKS:
        raise DeckFormatError(
            f"cards[{index}].back",
            f"unknown back {describe_value(back)}; expected puppet or hand (or null)",
        )
    return Card(name=name, kind=kind, section=section, count=count, back=back)


def _same_card_error(clash: Clash) -> DeckFormatError:
    """Refuse an entry whose kind or back differs from an earlier entry of its card."""
    differs = "kinds" if clash.attribute == "kind" else "backs"
    return DeckFormatError(
        f"cards[{clash.index}]", f"{clash.entry.name!r} appears twice with different {differs}"
    )


# A card lies in several sections at once (spare Illuminati in the Plot deck), one entry each.
_MERGE: EntryMerge[Card] = EntryMerge(
    attributes=CONTRACT_ATTRIBUTES, refuse=_same_card_error, section=attrgetter("section")
)
