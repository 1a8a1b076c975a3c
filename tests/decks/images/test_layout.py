"""A deck picture's layout: the largest type a list fits, columns of even length, no heading at a
column's foot, and a list too long for any cut with the copies it leaves out counted."""

import subprocess
import sys

from decks.images.layout import (
    CARD,
    GROUP,
    MORE,
    SECTION,
    TIERS,
    DeckWords,
    ListedCard,
    ListedGroup,
    ListedSection,
    lay_out,
)
from decks.images.paint import render_deck_picture
from tests.purity import REPO


def section(label: str, groups: dict[str, int], copies: int = 1) -> ListedSection:
    """A section of `groups` {kind: how many cards}, each card of `copies` copies."""
    listed = tuple(
        ListedGroup(kind, n * copies, tuple(ListedCard(copies, f"{kind} {i}") for i in range(n)))
        for kind, n in groups.items()
    )
    return ListedSection(label, sum(group.count for group in listed), listed)


def words(*sections: ListedSection) -> DeckWords:
    return DeckWords(
        lang="pl",
        name="Talia",
        facts=("Gra", "Autor: ktoś", "60 kart"),
        legal=True,
        verdict="✔ zgodna",
        sections=sections,
        footer="Baza kart",
        empty="Brak kart.",
        more=lambda n: f"+ {n} więcej",
    )


def test_a_short_list_takes_the_largest_type_and_a_kind_alone_goes_unnamed():
    picture = lay_out(words(section("Talia", {"Anioły": 3})))
    assert picture.tier == TIERS[0]
    assert [row.style for column in picture.columns for row in column] == [SECTION] + [CARD] * 3
    assert picture.text().splitlines() == [
        "Talia",
        "Gra · Autor: ktoś · 60 kart",
        "✔ zgodna",
        "Talia: 3",
        "1× Anioły 0",
        "1× Anioły 1",
        "1× Anioły 2",
        "Baza kart",
    ]


def test_a_longer_list_goes_to_smaller_type_in_columns_of_even_length():
    picture = lay_out(
        words(section("Talia", {"Anioły": 25, "Ludzie": 10}), section("Ręka", {"X": 8}))
    )
    assert picture.tier in TIERS[1:]
    assert picture.left_out == 0
    lengths = [len(column) for column in picture.columns]
    assert len(lengths) > 1 and max(lengths) - min(lengths) <= 3
    rows = [row for column in picture.columns for row in column]
    assert [row.text for row in rows if row.style == GROUP] == ["Anioły", "Ludzie"]
    assert sum(row.count for row in rows if row.style == CARD) == 43


def test_no_column_ends_with_a_heading():
    sections = [section(f"Część {n}", {"A": 4, "B": 5}) for n in range(6)]
    for count in range(1, 7):
        picture = lay_out(words(*sections[:count]))
        for column in picture.columns:
            assert column[-1].style not in (SECTION, GROUP)


def test_a_list_too_long_is_cut_and_its_last_row_counts_the_copies_left_out():
    picture = lay_out(words(section("Talia", {"Anioły": 90, "Ludzie": 60}, copies=2)))
    assert picture.tier == TIERS[-1]
    rows = [row for column in picture.columns for row in column]
    assert rows[-1].style == MORE
    shown = sum(row.count for row in rows if row.style == CARD)
    assert picture.left_out == 300 - shown > 0
    assert rows[-1].text == f"+ {picture.left_out} więcej"
    assert len(picture.columns) == TIERS[-1].columns


def test_an_empty_deck_says_it_holds_no_card():
    picture = lay_out(words(section("Talia", {"Anioły": 0})))
    assert picture.columns == ((),)
    assert "Brak kart." in picture.text().splitlines()
    assert render_deck_picture(picture).startswith(b"\x89PNG")


def test_the_picture_modules_import_no_django():
    code = (
        "import sys, decks.images.layout, decks.images.paint; "
        "print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
