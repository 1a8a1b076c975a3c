"""Merge the entries of one card in a deck: add up their copies, refuse clashes, fill in unknowns.

A deck may list one card more than once (its copies split, its name spelt "Gaap" and "GAAP"). No
rule may depend on how the copies are split, so the entries whose names fold to one `card_key`
are one card: one kind and one value of each attribute the rules read. What one entry leaves
unknown (None) another may give; entries that give different values are refused, and so are
entries that only together make a card the game's schema forbids. Each game words the refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, NamedTuple

from rules.core.deck import CardT, DeckCard
from rules.core.verdict import DeckFormatError, card_key, describe_value

if TYPE_CHECKING:
    from rules.core.schema import Constraint


class Said(NamedTuple):
    """What the entries of a card said first of one of its attributes, and which entry said it."""

    value: Any
    index: int  # the entry's place in the deck's list of cards
    name: str  # the name that entry was written with


@dataclass(frozen=True, slots=True)
class Clash:
    """Why an entry cannot be the same card as the earlier entries of its name.

    `attribute` is what they disagree on ("kind" for the kind); None when each entry is a
    possible card but together they make one the game's schema forbids. `earlier` holds what the
    earlier entries said of the card: its kind and every attribute they knew.
    """

    index: int  # the entry's place in the deck's list of cards
    entry: Any
    attribute: str | None
    earlier: Mapping[str, Said]


def different_values_error(clash: Clash) -> DeckFormatError:
    """Refuse an entry whose kind or attribute differs from an earlier entry of its card,
    naming both values."""
    entry, attribute = clash.entry, clash.attribute
    if attribute == "kind":
        return DeckFormatError(
            f"cards[{clash.index}]", f"{entry.name!r} appears twice with different kinds"
        )
    theirs, mine = clash.earlier[attribute].value, getattr(entry, attribute)
    return DeckFormatError(
        f"cards[{clash.index}].{attribute}",
        f"{entry.name!r} appears twice with different values of {attribute}: "
        f"{describe_value(theirs)} and {describe_value(mine)}",
    )


def name_key(card: DeckCard) -> str:
    """Return the key an entry's name folds to: entries of one key are one card."""
    return card_key(card.name)


def fill_in(card: CardT, copies: int, names: tuple[str, ...], known: Mapping[str, Any]) -> CardT:
    """Return a dataclass card with all its copies and the attributes only other entries knew."""
    return replace(card, count=copies, **known)  # type: ignore[type-var]


@dataclass(frozen=True, slots=True)
class EntryMerge(Generic[CardT]):
    """How a game merges the entries of one card.

    `attributes` are those one card has one value of (the ones the game's contract reads);
    `refuse` words a clash (by default naming both values); `rebuild` returns a card's first entry with all its copies, every
    name its entries were written with and the attributes only later entries knew. Where
    `section` is given, a card's entries in different sections (as it tells them) stay apart: one
    card may lie in two of them. `constraints` are the schema's checks the whole card must pass
    (the game's reader checks each entry alone); `key` folds an entry's name (a game whose cards
    carry their key already gives a quicker one).
    """

    attributes: tuple[str, ...]
    refuse: Callable[[Clash], DeckFormatError] = different_values_error
    rebuild: Callable[[CardT, int, tuple[str, ...], Mapping[str, Any]], CardT] = fill_in
    section: Callable[[CardT], Hashable] | None = None
    constraints: tuple[Constraint, ...] = ()
    key: Callable[[CardT], str] = name_key


class CardEntries(Generic[CardT]):
    """Take a deck's entries one by one, in deck order, and give back its merged cards.

    A game that reads and merges each entry in turn reports whichever fault comes first, a
    malformed entry or one that clashes with an earlier entry of its card.
    """

    def __init__(self, merge: EntryMerge[CardT]) -> None:
        self._merge = merge
        self._next_index = 0
        # What the entries of each card (by key) said of it, and its entries by section.
        self._said: dict[str, dict[str, Said]] = {}
        self._groups: dict[tuple[str, object], list[CardT]] = {}

    def add(self, entry: CardT) -> None:
        """Take the next entry; raise the game's DeckFormatError if it clashes with earlier ones."""
        merge, index = self._merge, self._next_index
        key = merge.key(entry)
        said = self._said.get(key)
        if said is None:
            said = self._said[key] = {"kind": Said(entry.kind, index, entry.name)}
            said.update(_news(entry, merge.attributes, said, index))
        else:
            said.update(_agreed(entry, index, said, merge))
        section = merge.section(entry) if merge.section else None
        self._groups.setdefault((key, section), []).append(entry)
        self._next_index = index + 1

    def cards(self) -> tuple[CardT, ...]:
        """Return one card per card (and section), in the order each first appeared."""
        return tuple(self._card(group, self._said[key]) for (key, _), group in self._groups.items())

    def _card(self, group: list[CardT], said: Mapping[str, Said]) -> CardT:
        """Return the first entry of a group with its copies and what other entries knew."""
        first = group[0]
        known = {
            attribute: said[attribute].value
            for attribute in self._merge.attributes
            if attribute in said and getattr(first, attribute) is None
        }
        if len(group) == 1 and not known:
            return first
        copies = sum(entry.count for entry in group)
        names = tuple(dict.fromkeys(entry.name for entry in group))
        return self._merge.rebuild(first, copies, names, known)


def merge_entries(entries: Sequence[CardT], merge: EntryMerge[CardT]) -> tuple[CardT, ...]:
    """Merge a deck's parsed entries into one card each (per section); refuse clashing entries."""
    keys = set(map(merge.key, entries))
    if len(keys) == len(entries):  # the usual deck: every card once, nothing to compare
        return tuple(entries)
    merged = CardEntries(merge)
    for entry in entries:
        merged.add(entry)
    return merged.cards()


def _news(
    entry: DeckCard, attributes: Iterable[str], said: Mapping[str, Said], index: int
) -> dict[str, Said]:
    """Return what the entry says of attributes the earlier entries left unknown."""
    news = {}
    for attribute in attributes:
        value = getattr(entry, attribute)
        if value is not None and attribute not in said:
            news[attribute] = Said(value, index, entry.name)
    return news


def _agreed(entry: CardT, index: int, said: Mapping[str, Said], merge: EntryMerge) -> dict:
    """Check an entry against what earlier entries said of its card; return what it adds."""
    if entry.kind != said["kind"].value:
        raise merge.refuse(Clash(index, entry, "kind", said))
    for attribute in merge.attributes:
        value, earlier = getattr(entry, attribute), said.get(attribute)
        if value is not None and earlier is not None and value != earlier.value:
            raise merge.refuse(Clash(index, entry, attribute, said))
    news = _news(entry, merge.attributes, said, index)
    # The card was allowed before this entry came (its reader checks each entry alone): only
    # what the entry adds can make the whole card one the schema forbids.
    if news and merge.constraints:
        whole = {attribute: each.value for attribute, each in {**said, **news}.items()}
        del whole["kind"]
        if any(constraint(entry.kind, whole) for constraint in merge.constraints):
            raise merge.refuse(Clash(index, entry, None, said))
    return news
