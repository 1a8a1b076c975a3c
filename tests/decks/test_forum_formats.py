"""The forum and chat lists of one small deck, exactly as a player pastes them."""

import pytest
from django.utils import translation

from decks import forum_formats, services
from tests.factories import AngelFactory, HumanFactory

pytestmark = pytest.mark.django_db


def absolute(path):
    return f"https://karty.example{path}"


@pytest.fixture
def deck(owner):
    gaap = AngelFactory(name="Gaap", slug="gaap", faction="lord")
    star = AngelFactory(name="*Gwiazda* [x]", slug="gwiazda", faction="lord")
    human = HumanFactory(name="Matka", slug="matka", alignment="good")
    return services.deck_create(
        owner=owner,
        name="Mała",
        options={"faction": "lord"},
        cards={gaap.pk: 2, star.pk: 1, human.pk: 1},
    )


def test_bbcode(deck):
    assert forum_formats.deck_bbcode(deck, absolute=absolute) == (
        "[size=150][b]Talia: Mała[/b][/size]\n"
        "Gra: Aniołowie\n"
        "Frakcja: Aniołowie Pana\n"
        "\n"
        "[b]Zastęp (3)[/b]\n"
        "1x [url=https://karty.example/cards/aniolowie/gwiazda/]*Gwiazda* [\u200bx][/url]\n"
        "2x [url=https://karty.example/cards/aniolowie/gaap/]Gaap[/url]\n"
        "\n"
        "[b]Ludzie (1)[/b]\n"
        "1x [url=https://karty.example/cards/aniolowie/matka/]Matka[/url]\n"
        "\n"
        "✘ Talia łamie zasady budowania talii: 2 błędy.\n"
        f"[url]https://karty.example/decks/{deck.pk}/[/url]\n"
    )


def test_markdown(deck):
    assert forum_formats.deck_markdown(deck, absolute=absolute) == (
        "# Talia: Mała\n"
        "\n"
        "- Gra: Aniołowie\n"
        "- Frakcja: Aniołowie Pana\n"
        "\n"
        "**Zastęp (3)**\n"
        "\n"
        "- 1× [\\*Gwiazda\\* \\[x\\]](<https://karty.example/cards/aniolowie/gwiazda/>)\n"
        "- 2× [Gaap](<https://karty.example/cards/aniolowie/gaap/>)\n"
        "\n"
        "**Ludzie (1)**\n"
        "\n"
        "- 1× [Matka](<https://karty.example/cards/aniolowie/matka/>)\n"
        "\n"
        "✘ Talia łamie zasady budowania talii: 2 błędy.\n"
        "\n"
        f"https://karty.example/decks/{deck.pk}/\n"
    )


def test_plain_text(deck):
    assert forum_formats.deck_plain(deck, absolute=absolute) == (
        "Talia: Mała\n"
        "Gra: Aniołowie\n"
        "Frakcja: Aniołowie Pana\n"
        "\n"
        "Zastęp (3):\n"
        "1x *Gwiazda* [x]\n"
        "2x Gaap\n"
        "\n"
        "Ludzie (1):\n"
        "1x Matka\n"
        "\n"
        "✘ Talia łamie zasady budowania talii: 2 błędy.\n"
        f"https://karty.example/decks/{deck.pk}/\n"
    )


def test_the_lists_speak_the_pages_language(deck):
    with translation.override("en"):
        text = forum_formats.deck_plain(deck, absolute=absolute)
    assert text.splitlines()[:5] == [
        "Deck: Mała",
        "Game: Aniołowie (Angels)",
        "Faction: Angels of the Lord",
        "",
        "Host (draw deck) (3):",
    ]
    assert "✘ The deck breaks the deck-building rules: 2 errors." in text.splitlines()


def test_a_legal_deck_says_so_and_a_format_not_the_default_is_stated(legal):
    lines = forum_formats.deck_plain(legal, absolute=absolute).splitlines()
    assert "✔ Talia jest zgodna z zasadami budowania talii." in lines
    assert not any(line.startswith("Format") for line in lines)
