"""A pasted list of cards and a CSV file, read into copies per card, every fault at once."""

import pytest

from decks.transfer.collection_csv import (
    CollectionRow,
    read_collection_csv,
    write_collection_csv,
)
from decks.transfer.problems import ImportFailed
from decks.transfer.read_card_list import read_card_list
from tests.factories import AngelFactory, EditionFactory
from tests.inwo_factories import GroupFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def box(gaap):
    return {
        "gaap": gaap,
        "abaddon": AngelFactory(name="Abaddon", slug="abaddon"),
    }


def test_a_list_gives_copies_per_card_adding_up_repeated_lines(box):
    read = read_card_list("3 Gaap\nabaddon x2\n# a comment\n## Talia\ngaap", game="aniolowie")

    assert read.counts == {box["gaap"].pk: 4, box["abaddon"].pk: 2}


def test_every_faulty_line_is_named_at_once(box):
    text = "3 Gaap\n2 Gap\n-1 Abaddon\n500 Gaap\nabc Abaddon"

    with pytest.raises(ImportFailed) as failed:
        read_card_list(text, game="aniolowie")

    problems = failed.value.problems
    assert [problem.line for problem in problems] == [2, 3, 4, 5]
    assert "Gaap" in problems[0].message  # the close name is offered
    assert "za mała" in problems[1].message
    assert "za duża" in problems[2].message
    assert "nie jest liczbą" in problems[3].message


def test_another_games_card_is_named_with_its_game(box):
    GroupFactory(name="Discordian Society")

    with pytest.raises(ImportFailed) as failed:
        read_card_list("1 Gaap\n2 Discordian Society", game="aniolowie")

    (problem,) = failed.value.problems
    assert problem.line == 2
    assert "Illuminati: New World Order" in problem.message and "Aniołowie" in problem.message


def test_copies_added_over_the_limit_are_refused(box):
    with pytest.raises(ImportFailed) as failed:
        read_card_list("60 Gaap\n60 Gaap", game="aniolowie")

    assert [problem.line for problem in failed.value.problems] == [2]
    assert "120" in failed.value.problems[0].message


def test_an_empty_list_says_what_to_write(box):
    with pytest.raises(ImportFailed) as failed:
        read_card_list("# nothing\n", game="aniolowie")

    assert "Nie znaleziono żadnej karty" in failed.value.problems[0].message


def test_a_csv_written_reads_back_with_its_editions(box):
    edition = EditionFactory(slug="podstawowa", name="Edycja podstawowa")
    text = write_collection_csv(
        [
            CollectionRow(box["gaap"], edition.slug, 2),
            CollectionRow(box["gaap"], "", 1),
            CollectionRow(box["abaddon"], "", 4),
        ]
    )

    read = read_collection_csv(text.encode(), game="aniolowie")

    assert read.counts == {box["gaap"].pk: 3, box["abaddon"].pk: 4}
    assert read.editions == {box["gaap"].pk: {"podstawowa": 2}}


def test_a_csv_may_name_cards_by_name_with_polish_headers(box):
    data = "nazwa;liczba\n".replace(";", ",") + "Gaap,2\nabaddon,1\n"

    read = read_collection_csv(data.encode("utf-8-sig"), game="aniolowie")

    assert read.counts == {box["gaap"].pk: 2, box["abaddon"].pk: 1}


def test_a_csvs_bad_rows_are_each_reported_with_their_row(box):
    data = (
        "card,count,edition\n"
        "gaap,2,\n"
        "nobody,1,\n"
        "abaddon,0,\n"
        "abaddon,²,\n"
        "gaap,1,no-such-edition\n"
        "abaddon,99999999999999999999999,\n"
    )

    with pytest.raises(ImportFailed) as failed:
        read_collection_csv(data.encode(), game="aniolowie")

    assert [problem.line for problem in failed.value.problems] == [3, 4, 5, 6, 7]
    assert "no-such-edition" in failed.value.problems[3].message


def test_a_csv_without_the_needed_columns_says_which(box):
    with pytest.raises(ImportFailed) as failed:
        read_collection_csv(b"foo,bar\n1,2\n", game="aniolowie")

    assert "count" in failed.value.problems[0].message


def test_a_csv_that_is_not_utf8_is_refused_plainly(box):
    with pytest.raises(ImportFailed) as failed:
        read_collection_csv("card,count\nżółw,1\n".encode("utf-16"), game="aniolowie")

    assert "UTF-8" in failed.value.problems[0].message
