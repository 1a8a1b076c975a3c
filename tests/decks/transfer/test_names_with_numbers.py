"""Real INWO names that start with a number (`13013`, `18 1/2-Minute Gap`) in a text import."""

import pytest
from django.utils import translation

from cardbase.models import Card
from decks.transfer.problems import Fix, ImportFailed
from decks.transfer.read_text import read_lines, read_text

pytestmark = pytest.mark.django_db


def card(name):
    return Card.objects.get(game__slug="inwo", name=name)


def test_a_whole_line_that_is_a_card_name_is_one_copy_of_it(inwo_catalogue):
    imported = read_text("13013\n18 1/2-Minute Gap\n", game="inwo")
    assert imported.card_counts == {card("13013").pk: 1, card("18 1/2-Minute Gap").pk: 1}


@pytest.mark.parametrize(
    "text",
    [
        "2 18 1/2-Minute Gap",
        "2x 18 1/2-Minute Gap",
        "2 × 18 1/2-Minute Gap",
        "2 x 18 1/2-Minute Gap",
        "18 1/2-Minute Gap x2",
        "18 1/2-minute gap ×2",
        "1 13013\n13013",
        "13013 x2",
    ],
)
def test_a_count_before_or_after_a_numbered_name_gives_its_copies(inwo_catalogue, text):
    counts = read_text(text, game="inwo").card_counts
    assert list(counts.values()) == [2]


def test_a_misspelt_numbered_name_is_offered_as_typed_in_full(inwo_catalogue):
    with pytest.raises(ImportFailed) as caught:
        read_text("18 1/2-Minute Gapp\n2 13031\n", game="inwo")
    first, second = caught.value.problems
    assert first.line == 1
    assert first.message == (
        "Nie ma w katalogu karty „18 1/2-Minute Gapp”. Czy chodziło o: 18 1/2-Minute Gap?"
    )
    assert first.fixes == (Fix("18 1/2-Minute Gap", "1 18 1/2-Minute Gap"),)
    assert second.message.startswith("Nie ma w katalogu karty „13031”. Czy chodziło o: 13013")
    assert second.fixes[0] == Fix("13013", "2 13013", 2)


def test_a_number_that_is_no_card_is_a_count_with_the_close_card_offered(inwo_catalogue):
    with pytest.raises(ImportFailed) as caught:
        read_text("13014\n", game="inwo")
    problem = caught.value.problems[0]
    assert problem.message.startswith("Liczba kopii 13014 jest za duża: najwyżej 99.")
    assert "Czy chodziło o: 13013" in problem.message
    assert problem.fixes[0] == Fix("13013", "1 13013")


def test_the_good_lines_are_read_and_each_bad_one_reported_apart(inwo_catalogue):
    read = read_lines("13013\n2 Gunn Lobby\n18 1/2-Minute Gap\n0 13013\n", game="inwo")
    assert {(card.name, n) for card, n in _cards(read)} == {
        ("13013", 1),
        ("18 1/2-Minute Gap", 1),
    }
    assert [(p.line, p.text) for p in read.problems] == [(2, "2 Gunn Lobby"), (4, "0 13013")]
    assert read.problems[0].fixes[0] == Fix("Gun Lobby", "2 Gun Lobby", 2)


def test_english_messages_quote_the_line_in_english_quotes(inwo_catalogue):
    with translation.override("en"):
        with pytest.raises(ImportFailed) as caught:
            read_text("2 Gunn Lobby\n", game="inwo")
        assert str(caught.value.problems[0]) == (
            "line 1 (“2 Gunn Lobby”): There is no card “Gunn Lobby” in the catalogue. "
            "Did you mean: Gun Lobby?"
        )


def _cards(read):
    return [(read.tally.cards[pk], n) for (pk, _section), n in read.tally.counts.items()]
