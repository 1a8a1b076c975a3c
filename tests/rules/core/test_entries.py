"""The merger of a card's entries: copies added, clashes refused where they occur, unknowns filled."""

from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

import pytest

from rules.core.entries import CardEntries, Clash, EntryMerge, Said, merge_entries
from rules.core.verdict import DeckFormatError


@dataclass(frozen=True, slots=True)
class Unit:
    name: str
    kind: str
    count: int
    colour: str | None = None
    power: int | None = None
    section: str = "deck"


class Named(NamedTuple):
    name: str
    kind: str
    count: int
    colour: str | None = None
    names: tuple[str, ...] = ()


def caught(clash: Clash) -> DeckFormatError:
    """Carry the clash itself, so that a test can look at what the merger saw."""
    error = DeckFormatError(f"cards[{clash.index}]", str(clash.attribute))
    error.clash = clash
    return error


UNITS = EntryMerge(attributes=("colour", "power"), refuse=caught)


def clash_of(entries, merge=UNITS) -> Clash:
    with pytest.raises(DeckFormatError) as raised:
        merge_entries(entries, merge)
    return raised.value.clash


def test_entries_of_distinct_cards_come_back_as_they_are():
    entries = [Unit("Knight", "unit", 2), Unit("Squire", "unit", 1, "red")]
    assert merge_entries(entries, UNITS) == tuple(entries)


def test_entries_whose_names_fold_alike_are_one_card_with_all_copies():
    entries = [
        Unit("Łucznik", "unit", 2, "red"),
        Unit("Other", "unit", 1),
        Unit("LUCZNIK", "unit", 3),
    ]
    assert merge_entries(entries, UNITS) == (
        Unit("Łucznik", "unit", 5, "red"),
        Unit("Other", "unit", 1),
    )


def test_what_one_entry_leaves_unknown_another_gives():
    entries = [
        Unit("Knight", "unit", 1),
        Unit("knight", "unit", 1, power=3),
        Unit("KNIGHT", "unit", 1, "blue"),
    ]
    assert merge_entries(entries, UNITS) == (Unit("Knight", "unit", 3, "blue", 3),)


def test_a_clash_names_the_entry_and_the_earlier_one_that_gave_the_other_value():
    entries = [
        Unit("Knight", "unit", 1),
        Unit("KNIGHT", "unit", 1, "red"),
        Unit("knight", "unit", 1, "blue"),
    ]
    clash = clash_of(entries)
    assert (clash.index, clash.attribute, clash.entry) == (2, "colour", entries[2])
    assert clash.earlier["colour"] == Said("red", 1, "KNIGHT")
    assert clash.earlier["kind"] == Said("unit", 0, "Knight")


def test_a_different_kind_is_a_clash_before_any_attribute():
    clash = clash_of([Unit("Knight", "unit", 1, "red"), Unit("Knight", "spell", 1, "blue")])
    assert (clash.index, clash.attribute) == (1, "kind")


def test_entries_read_one_by_one_clash_as_soon_as_they_disagree():
    entries = CardEntries(UNITS)
    entries.add(Unit("Knight", "unit", 1, power=2))
    with pytest.raises(DeckFormatError, match=r"cards\[1\]: power"):
        entries.add(Unit("Knight", "unit", 1, power=4))


def test_entries_that_only_together_break_a_constraint_are_refused_without_an_attribute():
    no_red_giants = EntryMerge(
        attributes=("colour", "power"),
        refuse=caught,
        constraints=(
            lambda kind, attrs: (
                ("power", "no red giants")
                if attrs.get("colour") == "red" and (attrs.get("power") or 0) > 5
                else None
            ),
        ),
    )
    clash = clash_of(
        [Unit("Giant", "unit", 1, "red"), Unit("GIANT", "unit", 1, power=9)], no_red_giants
    )
    assert (clash.index, clash.attribute) == (1, None)
    assert clash.earlier["colour"] == Said("red", 0, "Giant")
    assert merge_entries(
        [Unit("Giant", "unit", 1, "red"), Unit("GIANT", "unit", 1, power=5)], no_red_giants
    ) == (Unit("Giant", "unit", 2, "red", 5),)


def test_by_section_a_card_keeps_an_entry_per_section_and_one_set_of_attributes():
    by_section = EntryMerge(attributes=("colour",), refuse=caught, section=attrgetter("section"))
    entries = CardEntries(by_section)
    for entry in (
        Unit("Knight", "unit", 1, section="deck"),
        Unit("Squire", "unit", 1, section="deck"),
        Unit("KNIGHT", "unit", 2, "red", section="reserve"),
        Unit("knight", "unit", 1, section="deck"),
    ):
        entries.add(entry)
    assert entries.cards() == (
        Unit("Knight", "unit", 2, "red", section="deck"),
        Unit("Squire", "unit", 1, section="deck"),
        Unit("KNIGHT", "unit", 2, "red", section="reserve"),
    )


def test_a_game_rebuilds_its_own_cards_and_keeps_every_spelling():
    named = EntryMerge(
        attributes=("colour",),
        refuse=caught,
        rebuild=lambda card, copies, names, known: card._replace(
            count=copies, names=names, **known
        ),
    )
    entries = [
        Named("Gaap", "angel", 1),
        Named("GAAP", "angel", 2, "gold"),
        Named("Gaap", "angel", 1),
    ]
    assert merge_entries(entries, named) == (Named("Gaap", "angel", 4, "gold", ("Gaap", "GAAP")),)
