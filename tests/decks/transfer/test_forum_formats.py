"""Forum and chat lists read back to the same deck: each format, each game, both languages."""

import pytest
from django.utils import translation

from cardbase.models import Card
from decks import forum_formats
from decks.selectors.games import games_with_rules
from decks.transfer.detect import carried_name, guess_format, guess_game
from decks.transfer.dispatch import read_import
from tests.decks.transfer.forum_decks import DECKS, counts_of

pytestmark = pytest.mark.django_db

WRITERS = {
    "bbcode": forum_formats.deck_bbcode,
    "markdown": forum_formats.deck_markdown,
    "plain": forum_formats.deck_plain,
}


def absolute(path):
    return f"https://karty.example{path}"


def read_back(text):
    """Read a pasted list as the import page does with nothing chosen: format and game guessed."""
    fmt = guess_format(text)
    game = guess_game(fmt, text, games_with_rules()).game
    return fmt, game, read_import(fmt, text, game=game)


@pytest.fixture
def decks(owner):
    """One deck of each game, all four catalogues side by side."""
    return {game: make(owner) for game, make in DECKS.items()}


@pytest.mark.parametrize("lang", ["pl", "fr"])
@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("game", DECKS)
def test_each_list_reads_back_to_the_same_deck(decks, game, writer, lang):
    deck = decks[game]
    with translation.override(lang):
        text = WRITERS[writer](deck, absolute=absolute)
        fmt, guessed, imported = read_back(text)
        name = carried_name(fmt, text, None)
    assert (fmt, guessed, imported.game) == ("text", game, game)
    assert imported.cards == counts_of(deck)
    # No format stated: the default one, as a new deck's.
    stated = imported.format or deck.game_rules.default_format.id
    assert (imported.options, stated) == (deck.options, deck.format)
    assert name == deck.name


def test_the_names_with_markup_are_written_escaped_and_read_back_as_printed(decks):
    deck = decks["aniolowie"]
    bbcode = forum_formats.deck_bbcode(deck, absolute=absolute)
    markdown = forum_formats.deck_markdown(deck, absolute=absolute)
    assert "[url=https://karty.example/cards/aniolowie/aniol-0/]Nazwa [\u200bx][/url]" in bbcode
    assert "[\u200bb]Nie pogrubiaj[\u200b/b]" in bbcode
    assert "[Nazwa \\[x\\]](<https://karty.example/cards/aniolowie/aniol-0/>)" in markdown
    assert "- 2× [\\*Gwiazda\\*](<" in markdown
    assert "[a\\_b\\_ \\(c\\) \\\\ x](<" in markdown
    imported = read_import("text", markdown)
    names = {card.name for card in imported.cards_by_id.values()}
    assert {"Nazwa [x]", "*Gwiazda*", "[b]Nie pogrubiaj[/b]", "Anioł #1"} <= names


def test_an_illuminati_hidden_in_the_plot_deck_stays_there(decks):
    deck = decks["inwo"]
    for write in WRITERS.values():
        imported = read_import("text", write(deck, absolute=absolute), game="inwo")
        slugs = {(imported.cards_by_id[pk].slug, section) for pk, section in imported.cards}
        assert {("drugie-bractwo", "plots"), ("ufo-bractwo", "lead")} <= slugs


def test_a_name_several_cards_share_is_told_by_its_link_or_its_slug(decks):
    deck = decks["aniolowie"]
    card = Card.objects.get(slug="interwencja-upadlych")
    Card.objects.create(game=card.game, kind=card.kind, name="INTERWENCJA", slug="blizniak")
    shown = {
        "bbcode": "]Interwencja[/url]",
        "markdown": "[Interwencja](<",
        "plain": "2x interwencja-upadlych",
    }
    for writer, write in WRITERS.items():
        text = write(deck, absolute=absolute)
        assert shown[writer] in text
        assert read_import("text", text).cards == counts_of(deck)


def test_a_line_that_is_no_card_heading_or_header_is_still_a_problem(decks):
    deck = decks["aniolowie"]
    text = forum_formats.deck_bbcode(deck, absolute=absolute)
    text = text.replace("[b]Ludzie (2)[/b]", "[b]Cmentarz (2)[/b]\nWitajcie na forum!")
    with pytest.raises(Exception) as caught:
        read_import("text", text)
    problems = [str(problem) for problem in caught.value.problems]
    assert any("nie ma części talii „Cmentarz”" in problem for problem in problems)
    assert any("Witajcie na forum!" in problem for problem in problems)


def test_a_list_for_another_game_says_so(decks):
    text = forum_formats.deck_plain(decks["inwo"], absolute=absolute)
    with pytest.raises(Exception) as caught:
        read_import("text", text, game="aniolowie")
    problems = [str(problem) for problem in caught.value.problems]
    assert "Ta talia jest dla gry „Illuminati: New World Order”" in problems[0]
