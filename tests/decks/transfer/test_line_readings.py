"""A card line's readings: the whole line as one copy first, then the count it states."""

import pytest

from decks import textformat
from decks.textformat import Entry, LineError, parse_line, read_line


@pytest.mark.parametrize("line", ["Gaap x2", "Gaap X2", "Gaap ×2", "  Gaap   x2 "])
def test_a_count_after_the_name_reads_as_copies(line):
    assert parse_line(3, line) == Entry(3, 2, "Gaap")


@pytest.mark.parametrize("line", ["2 × Gaap", "2 x Gaap", "2x Gaap", "2 Gaap"])
def test_every_count_before_the_name_reads_as_copies(line):
    assert parse_line(3, line) == Entry(3, 2, "Gaap")


def test_a_line_that_is_only_a_number_is_first_read_as_a_name():
    line = read_line(5, "13013")
    assert line.readings == (
        Entry(5, 1, "13013", counted=False),
        LineError(5, "13013", textformat.COUNT_TOO_HIGH, "13013"),
    )


def test_a_name_that_starts_with_a_number_is_read_both_ways():
    line = read_line(1, "18 1/2-Minute Gap")
    assert line.readings == (
        Entry(1, 1, "18 1/2-Minute Gap", counted=False),
        Entry(1, 18, "1/2-Minute Gap"),
    )
    assert read_line(2, "2 18 1/2-Minute Gap").reading == Entry(2, 2, "18 1/2-Minute Gap")
    assert read_line(3, "18 1/2-Minute Gap x2").readings == (
        Entry(3, 1, "18 1/2-Minute Gap x2", counted=False),
        Entry(3, 18, "1/2-Minute Gap x2"),
        Entry(3, 2, "18 1/2-Minute Gap"),
    )


def test_a_count_after_the_name_is_checked_as_any_count():
    assert read_line(1, "Gaap x0").reading == LineError(1, "Gaap x0", textformat.COUNT_TOO_LOW, "0")
    assert read_line(1, "Gaap x100").reading == LineError(
        1, "Gaap x100", textformat.COUNT_TOO_HIGH, "100"
    )
    # A lone "x2" has no name before the count: it is read as a name.
    assert read_line(1, "x2").reading == Entry(1, 1, "x2", counted=False)


def test_a_name_alone_has_one_reading_and_comments_none():
    assert read_line(1, "Jawna  Łaska # rdzeń").readings == (
        Entry(1, 1, "Jawna Łaska", counted=False),
    )
    assert read_line(1, "   # komentarz") is None


def test_the_text_keeps_every_card_line_with_its_section():
    parsed = textformat.parse_text("## Plots\n13013\n2x Gaap\n0 Bael\n")
    assert [(line.line, line.text, line.section.title) for line in parsed.lines] == [
        (2, "13013", "Plots"),
        (3, "2x Gaap", "Plots"),
        (4, "0 Bael", "Plots"),
    ]
    assert [line.reading.line for line in parsed.lines] == [2, 3, 4]
