"""The plain-text deck format: every line form, comments, errors with line numbers, size limits."""

import time

import pytest

from decks import textformat
from decks.textformat import Entry, LineError, parse_line, parse_text


@pytest.mark.parametrize(
    "line",
    ["2 Gaap", "2x Gaap", "2X Gaap", "2 x Gaap", "2× Gaap", "2 × Gaap", "  2   Gaap  ", "02 Gaap"],
)
def test_every_count_form_reads_as_two_copies(line):
    assert parse_line(7, line) == Entry(7, 2, "Gaap")


def test_a_name_without_a_count_is_one_copy():
    assert parse_line(1, "Jawna Łaska") == Entry(1, 1, "Jawna Łaska")
    # A word that is not a number and no separate "x": the whole line is the name.
    assert parse_line(1, "abc Gaap") == Entry(1, 1, "abc Gaap")


def test_comments_and_blank_lines_are_skipped():
    text = "# Anioły\n\n2 Gaap # rdzeń talii\n   \n  # Ludzie\n1x Matka#bez spacji\n"
    parsed = parse_text(text)
    assert parsed.entries == (Entry(3, 2, "Gaap"), Entry(6, 1, "Matka"))
    assert parsed.errors == ()


def test_names_keep_their_words_and_lose_extra_spaces():
    assert parse_line(1, "3  Powrót   Anioła") == Entry(1, 3, "Powrót Anioła")


@pytest.mark.parametrize(
    ("line", "problem", "value"),
    [
        ("0 Gaap", textformat.COUNT_TOO_LOW, "0"),
        ("-1 Gaap", textformat.COUNT_TOO_LOW, "-1"),
        ("abc x Gaap", textformat.BAD_COUNT, "abc"),
        ("1.5 Gaap", textformat.BAD_COUNT, "1.5"),
        ("2y Gaap", textformat.BAD_COUNT, "2y"),
        ("3szt Gaap", textformat.BAD_COUNT, "3szt"),
        ("100 Gaap", textformat.COUNT_TOO_HIGH, "100"),
        ("1" + "0" * 5000 + " Gaap", textformat.COUNT_TOO_HIGH, "1" + "0" * 5000),
        ("3", textformat.MISSING_NAME, "3"),
        ("3x", textformat.MISSING_NAME, "3"),
        ("2 x # Gaap", textformat.MISSING_NAME, "2"),
    ],
)
def test_faulty_lines_name_the_problem_and_the_value(line, problem, value):
    error = parse_line(4, line)
    assert error == LineError(4, line.strip(), problem, value)


def test_the_largest_count_is_accepted():
    assert parse_line(1, "99 Gaap") == Entry(1, 99, "Gaap")


def test_every_faulty_line_is_reported_with_its_number_and_the_good_ones_kept():
    text = "2 Gaap\n0 Muriel\n# komentarz\n-1 Bylet\nabc x Rafael\n1 Matka\n"
    parsed = parse_text(text)
    assert parsed.entries == (Entry(1, 2, "Gaap"), Entry(6, 1, "Matka"))
    assert [(e.line, e.text, e.problem) for e in parsed.errors] == [
        (2, "0 Muriel", textformat.COUNT_TOO_LOW),
        (4, "-1 Bylet", textformat.COUNT_TOO_LOW),
        (5, "abc x Rafael", textformat.BAD_COUNT),
    ]


def test_windows_line_ends_and_a_byte_order_mark_are_read():
    parsed = parse_text("\ufeff2 Gaap\r\n1 Matka\r\n")
    assert parsed.entries == (Entry(1, 2, "Gaap"), Entry(2, 1, "Matka"))


def test_a_five_megabyte_paste_is_refused_at_once_with_a_message():
    paste = "2 Gaap\n" * 750_000
    started = time.perf_counter()
    with pytest.raises(textformat.TextTooLarge) as caught:
        parse_text(paste)
    assert time.perf_counter() - started < 0.5
    assert caught.value.chars == len(paste)
    assert "at most 100000 characters and 1000 lines" in str(caught.value)


def test_more_than_a_thousand_lines_is_refused_even_when_short():
    with pytest.raises(textformat.TextTooLarge) as caught:
        parse_text("\n".join(["1 A"] * 1001))
    assert caught.value.lines == 1001
    assert len(parse_text("\n".join(["1 A"] * 1000)).entries) == 1000


@pytest.mark.parametrize(
    ("name", "reads_back"),
    [
        ("Gaap", True),
        ("Jawna Łaska", True),
        ("Anioł #1", False),
        ("x Gaap", False),
        ("7 Upadłych", True),
    ],
)
def test_reads_back_tells_which_names_survive_a_round_trip(name, reads_back):
    assert textformat.reads_back(2, name) is reads_back


def test_comment_keeps_a_heading_on_one_line():
    assert textformat.comment("Talia:\nzła nazwa") == "# Talia: zła nazwa"
    assert parse_text(textformat.comment("Talia:\n2 Gaap")).entries == ()


def test_a_line_without_a_count_says_so():
    assert parse_line(1, "abc Gaap").counted is False
    assert parse_line(1, "2 Gaap").counted is True
    assert parse_line(1, "1 Gaap").counted is True


def test_comment_lines_of_one_word_a_colon_and_a_value_are_headers():
    text = "# Talia: Moja: talia\n#faction:fallen\n# Anioły\n# Potęgi (07)\n2 Gaap # gra: x\n"
    parsed = parse_text(text)
    assert parsed.headers == (
        textformat.Header(1, "Talia", "Moja: talia"),
        textformat.Header(2, "faction", "fallen"),
    )
    assert parsed.entries == (Entry(5, 2, "Gaap"),)
