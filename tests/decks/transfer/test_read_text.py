"""Plain-text import: names, suggestions, ambiguity, counts that are not numbers, totals."""

import pytest
from django.utils import translation

from decks.transfer.problems import Fix, ImportFailed
from decks.transfer.read_text import read_text
from tests.factories import AngelFactory, GameFactory

pytestmark = pytest.mark.django_db


def test_names_match_ignoring_case_and_diacritics_and_lines_add_up(gaap, laska):
    imported = read_text("1 GAAP\n1x gaap\njawna laska\n")
    assert imported.card_counts == {gaap.pk: 2, laska.pk: 1}


def test_unknown_names_get_their_line_and_close_matches(gaap, laska):
    with pytest.raises(ImportFailed) as caught:
        read_text("2 Gaap\n\n1 Gapp\n2 Jawna Laksa\n1 Zupełnie Obca Karta\n")
    problems = caught.value.problems
    assert [(p.line, p.text, p.suggestions) for p in problems] == [
        (3, "1 Gapp", ("Gaap",)),
        (4, "2 Jawna Laksa", ("Jawna Łaska",)),
        (5, "1 Zupełnie Obca Karta", ()),
    ]
    assert problems[0].message == "Nie ma w katalogu karty „Gapp”. Czy chodziło o: Gaap?"
    assert str(problems[0]) == (
        "wiersz 3 („1 Gapp”): Nie ma w katalogu karty „Gapp”. Czy chodziło o: Gaap?"
    )
    assert problems[2].message == "Nie ma w katalogu karty „Zupełnie Obca Karta”."


def test_count_errors_are_listed_with_parse_errors_in_line_order(gaap):
    with pytest.raises(ImportFailed) as caught:
        read_text("0 Gaap\n1 Gapp\n-1 Gaap\nabc x Gaap\n")
    problems = caught.value.problems
    assert [p.line for p in problems] == [1, 2, 3, 4]
    assert problems[0].message.startswith("Liczba kopii 0 jest za mała")
    assert problems[2].message.startswith("Liczba kopii -1 jest za mała")
    assert problems[3].message.startswith("„abc” nie jest liczbą kopii")


def test_an_ambiguous_name_lists_the_cards_and_their_slugs_are_accepted():
    first = AngelFactory(name="Samael", slug="samael-lord", faction="lord")
    second = AngelFactory(name="SAMAEL", slug="samael-fallen", faction="fallen")
    with pytest.raises(ImportFailed) as caught:
        read_text("2 Samael\n")
    problem = caught.value.problems[0]
    assert problem.line == 1
    assert "SAMAEL (samael-fallen)" in problem.message
    assert "Samael (samael-lord)" in problem.message
    assert set(problem.suggestions) == {"samael-lord", "samael-fallen"}
    assert read_text("1 samael-lord\n1 Samael-Fallen\n").card_counts == {
        first.pk: 1,
        second.pk: 1,
    }


def test_copies_adding_up_over_99_are_refused(gaap):
    with pytest.raises(ImportFailed) as caught:
        read_text("60 Gaap\n50 gaap\n")
    assert caught.value.problems[0].message == (
        "Karta „Gaap” występuje kilka razy (wiersz 1, wiersz 2) i razem ma 110 kopii; najwyżej 99."
    )


def test_only_comments_is_not_a_deck():
    with pytest.raises(ImportFailed) as caught:
        read_text("# nic\n\n")
    assert caught.value.problems[0].message.startswith("Nie znaleziono żadnej karty")


def test_cards_of_another_game_are_not_found(gaap, other_game):
    other = GameFactory(slug=other_game, name="Aniołowie bis")
    AngelFactory(game=other, name="Discordia", slug="discordia")
    with pytest.raises(ImportFailed) as caught:
        read_text("1 Discordia\n")
    assert caught.value.problems[0].line == 1


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("abc Gaap", "abc"),
        ("dwa Jawna Łaska", "dwa"),
        ("abc jawna-laska", "abc"),
        ("2y Gaap", "2y"),
        ("-1 Gaap", "-1"),
        ("0 Gaap", "0"),
        ("1.5 Gaap", "1.5"),
    ],
)
def test_a_first_word_that_was_meant_as_a_count_gets_a_count_message(gaap, laska, line, value):
    with pytest.raises(ImportFailed) as caught:
        read_text(f"2 Gaap\n# komentarz\n{line}\n")
    [problem] = caught.value.problems
    assert (problem.line, problem.text, problem.suggestions) == (3, line, ())
    assert f"„{value}”" in problem.message or f"Liczba kopii {value}" in problem.message
    assert "Nie ma w katalogu" not in problem.message


def test_the_count_message_reads_as_line_and_value(gaap):
    with pytest.raises(ImportFailed) as caught:
        read_text("1 Gaap\n1 Gaap\nabc Gaap\n")
    assert str(caught.value.problems[0]) == (
        "wiersz 3 („abc Gaap”): „abc” nie jest liczbą kopii: wpisz liczbę od 1 do 99, np. „2 Gaap”."
    )


def test_an_unknown_name_after_a_word_still_gets_did_you_mean(gaap):
    with pytest.raises(ImportFailed) as caught:
        read_text("abc Gapp\nGapp\n")
    first, second = caught.value.problems
    assert first.message == "Nie ma w katalogu karty „abc Gapp”."
    assert second.message == "Nie ma w katalogu karty „Gapp”. Czy chodziło o: Gaap?"


def test_a_card_whose_whole_name_has_two_words_is_not_taken_for_a_count():
    card = AngelFactory(name="Anioł Gaap", slug="aniol-gaap", faction="fallen")
    AngelFactory(name="Gaap", slug="gaap", faction="fallen")
    assert read_text("Anioł Gaap\n").card_counts == {card.pk: 1}


def test_an_ambiguous_name_offers_each_card_by_its_slug_with_the_line_s_count():
    AngelFactory(name="Samael", slug="samael-lord", faction="lord")
    AngelFactory(name="SAMAEL", slug="samael-fallen", faction="fallen")
    with pytest.raises(ImportFailed) as caught:
        read_text("2 Samael\n")
    assert set(caught.value.problems[0].fixes) == {
        Fix("Samael (samael-lord)", "2 samael-lord", 2),
        Fix("SAMAEL (samael-fallen)", "2 samael-fallen", 2),
    }


def test_english_messages_quote_what_they_list_in_english_quotes(gaap):
    with translation.override("en"):
        with pytest.raises(ImportFailed) as caught:
            read_text("# faction: nobody\n## Nowhere\n1 Gaap\n")
        messages = [str(problem) for problem in caught.value.problems]
    assert len(messages) == 2
    assert not [message for message in messages if "„" in message or "”" not in message]
    assert "line 1 (“# faction: nobody”)" in messages[0]
    assert "“faction: fallen”" in messages[0]
