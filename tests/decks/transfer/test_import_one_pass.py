"""Deck import in one pass: every problem at once, line by line with a suggestion; the deck's
option taken from its cards and said so; nothing saved when anything is refused."""

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from decks.models import Deck, DeckVersion
from decks.transfer.dispatch import read_import
from tests.decks.transfer.lackey_data import build_catalogue, deck_files, read_dek
from tests.factories import AngelFactory, HumanFactory, InterventionFactory, UserFactory

pytestmark = pytest.mark.django_db

BAD_DECK = """# Frakcja: Niebiescy
2 Gaap
1 Gapp
0 Baal
## Zastęp
2x Gaap
## Piwnica
1 Baal
trzy Gaap
1 Michał
"""


@pytest.fixture
def cards():
    return {
        "gaap": AngelFactory(name="Gaap", slug="gaap", faction="fallen", order="powers", level=7),
        "baal": AngelFactory(name="Baal", slug="baal", faction="fallen", order="angels", level=3),
        "michal": AngelFactory(name="Michał", slug="michal", faction="lord", level=3),
        "kowal": HumanFactory(name="Kowal", slug="kowal"),
        "laska": InterventionFactory(name="Jawna Łaska", slug="jawna-laska", faction="any"),
    }


@pytest.fixture
def player(client):
    user = UserFactory()
    client.force_login(user)
    return user


def post(client, *, game="", **fields):
    data = {"name": "Import", "faction": "", "format": "text", "text": ""} | fields
    return client.post(reverse("deck-import") + (f"?game={game}" if game else ""), data)


def test_a_file_with_many_faults_gets_them_all_at_once_and_nothing_is_saved(client, player, cards):
    upload = SimpleUploadedFile("zla-talia.txt", BAD_DECK.encode())

    response = post(client, name="", file=upload)

    assert response.status_code == 400
    assert not Deck.objects.exists() and not DeckVersion.objects.exists()
    problems = response.context["problems"]
    by_line = {p.line: p for p in problems if p.line}
    assert sorted(by_line) == [1, 3, 4, 7, 9]
    assert "Niebiescy" in by_line[1].message and "fallen" in by_line[1].message
    assert by_line[3].suggestions == ("Gaap",)
    assert "Czy chodziło o: Gaap?" in by_line[3].message
    assert "od 1 do" in by_line[4].message  # 0 copies: says which counts are allowed
    assert "Piwnica" in by_line[7].message and "„## Zastęp”" in by_line[7].message
    assert "„trzy”" in by_line[9].message and "np. „2 Gaap”" in by_line[9].message
    # The name field was left empty: the file's name names the deck, and is shown to keep.
    assert "name" not in response.context["form"].errors
    assert response.context["form"]["name"].value() == "zla-talia"
    html = response.content.decode()
    assert "Nic nie zapisano: 5 problemów do poprawienia" in html
    for line in (1, 3, 4, 7, 9):
        assert f'data-line="{line}"' in html


def test_cards_of_both_factions_are_reported_with_the_other_faults(client, player, cards):
    response = post(client, text="2 Gaap\n1 Michał\n1 Gapp\n")

    problems = response.context["problems"]
    assert [p.line for p in problems] == [3, None]
    assert "wskazują różne wartości" in problems[1].message
    assert "Aniołowie Pana: Michał" in problems[1].message and "Upadli: Gaap" in problems[1].message
    assert not Deck.objects.exists()


def test_the_faction_is_taken_from_the_cards_and_the_player_is_told(client, player, cards):
    response = post(client, text="2 Gaap\n1 Baal\n1 Kowal\n2 Jawna Łaska\n")

    deck = Deck.objects.get()
    assert response.status_code == 302
    assert deck.options == {"faction": "fallen"} and deck.card_total == 6
    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert told == [
        "Zaimportowano talię „Import”: 6 kart.",
        "Ustalono z kart: frakcja – Upadli, bo tylko tę wartość wskazują. Możesz to zmienić w "
        "ustawieniach talii.",
    ]


def test_a_faction_chosen_or_stated_is_not_announced(client, player, cards):
    post(client, text="# Frakcja: Upadli\n2 Gaap\n")
    post(client, faction="fallen", text="2 Gaap\n")

    assert Deck.objects.count() == 2
    assert read_import("text", "2 Gaap", options={"faction": "fallen"}).notes == ()
    assert read_import("text", "2 Gaap").notes != ()


@pytest.mark.parametrize("count", [1, 3, 22, 25])
def test_the_imported_count_is_in_polish_plural(client, player, cards, count):
    response = post(client, text=f"{count} Baal")
    word = {1: "karta", 3: "karty", 22: "karty", 25: "kart"}[count]
    assert str(next(iter(get_messages(response.wsgi_request)))).endswith(f": {count} {word}.")


def test_every_real_deck_file_imports_through_the_page(client, player):
    build_catalogue()
    files = deck_files()

    for path in files:
        upload = SimpleUploadedFile(path.name, path.read_bytes())
        response = post(client, game="inwo", name=path.stem, format="lackey", file=upload)
        assert response.status_code == 302, (path.name, response.context["problems"])

    assert Deck.objects.filter(game__slug="inwo").count() == len(files) == 47


def test_a_real_deck_file_spoiled_in_three_places_reports_all_three(client, player):
    build_catalogue()
    text = read_dek("Alien_Nation.dek")
    names = [
        line.split("<name>")[1].split("</name>")[0]
        for line in text.splitlines()
        if "<name>" in line
    ]
    first, second, third = names[0], names[len(names) // 2], names[-1]
    spoiled = (
        text.replace(f"<name>{first}</name>", f"<name>{first}x</name>", 1)
        .replace(f"<name>{second}</name>", "<name>Nie Ma Takiej Karty</name>", 1)
        .replace(f"<name>{third}</name>", f"<name>{third[:-1]}</name>", 1)
    )

    response = post(client, game="inwo", format="lackey", text=spoiled)

    assert response.status_code == 400
    problems = response.context["problems"]
    assert len(problems) == 3
    assert any("Nie Ma Takiej Karty" in p.where for p in problems)
    assert all(p.where and p.message for p in problems)
    assert any(p.suggestions for p in problems)  # a misspelt name gets a suggestion
    assert not Deck.objects.exists()


def test_a_faction_the_text_states_is_not_questioned_with_its_other_faults(client, player, cards):
    response = post(client, text="# Frakcja: Upadli\n2 Gaap\n1 Michał\n1 Gapp\n")

    assert [p.line for p in response.context["problems"]] == [4]
    assert not Deck.objects.exists()


def test_a_file_name_too_long_for_a_deck_is_cut_at_a_word_and_says_so(client, player, cards):
    stem = " ".join(["Zastępy"] * 16)  # 127 characters
    upload = SimpleUploadedFile(f"{stem.replace(' ', '_')}.txt", b"# Frakcja: Upadli\n2 Gaap\n")

    response = post(client, name="", faction="fallen", file=upload)

    assert response.status_code == 302
    deck = Deck.objects.get()
    assert deck.name == " ".join(["Zastępy"] * 12) + "…"
    assert len(deck.name) <= 100
