"""The import page knows the game: it asks, or tells it (and the format and name) from the file.

Real files: the INWO .dek decks and the Dark Eden card list from the configured data directory
(skipped, saying why, where it is absent), with Aniołowie cards made by factories beside them.
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from decks.models import Deck
from decks.transfer.detect import carried_name, file_stem, guess_format, guess_game
from rules import get_game
from rules.core.registry import register, unregister
from tests.decks.transfer.lackey_data import read_dek
from tests.factories import CardFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db

# Four cards of the real list, named as the dark-eden-digital deck template names them.
TEMPLATE_CARDS = [
    {"name": "ASTINOU", "count": 1},
    {"name": "BLITZTANK", "count": 3},
    {"name": "BŁOGOSŁA- WIEŃSTWO", "count": 2},
    {"name": "EZOGHUL", "count": 2},
]


@pytest.fixture
def player(client):
    user = UserFactory()
    client.force_login(user)
    return user


def upload(name, text):
    return SimpleUploadedFile(name, text.encode())


def post(client, **fields):
    """Send the import form as a player who chose nothing but what `fields` say."""
    return client.post(reverse("deck-import"), {"name": "", "text": "", **fields})


def counts_of(deck):
    return {(e.card.name, e.section): e.count for e in deck.entries.select_related("card")}


def test_the_page_asks_for_the_game_and_offers_every_format_without_an_address_game(
    client, player, every_game
):
    html = client.get(reverse("deck-import")).content.decode()
    for game in ("aniolowie", "inwo", "dark-eden"):
        assert f'name="game" value="{game}"' in html
    # Both left to the import until the player chooses.
    assert 'name="game" value="" id="id_game_0" checked' in html
    assert 'name="format" value="auto" required id="id_format_0" checked' in html
    assert 'value="lackey"' in html


def test_a_real_dek_file_uploaded_with_nothing_chosen_is_saved_as_an_inwo_deck(
    client, player, every_game
):
    text = read_dek("Alien_Nation.dek")
    response = post(client, format="auto", game="", file=upload("Alien_Nation.dek", text))

    assert response.status_code == 302, response.context["problems"]
    deck = Deck.objects.get()
    assert (deck.game.slug, deck.name, deck.format) == ("inwo", "Alien Nation", "standard")
    assert deck.card_total == text.count("<card>") == 45
    cards = counts_of(deck)
    assert cards[("UFOs", "lead")] == 1 and cards[("Gun Lobby", "lead")] == 1
    assert response.url == reverse("deck-edit", args=[deck.pk])


def test_a_page_of_an_older_form_with_no_game_field_reads_the_file_too(client, player, every_game):
    response = client.post(
        reverse("deck-import"),
        {"name": "", "format": "lackey", "file": upload("Xists.dek", read_dek("Xists.dek"))},
    )
    assert response.status_code == 302, response.context["problems"]
    assert Deck.objects.get().name == "Xists"


def test_a_dark_eden_template_is_told_and_names_its_deck(client, player, every_game):
    template = {"name": "Krucjata", "faction": "DE", "author": "ja", "cards": TEMPLATE_CARDS}
    response = post(client, format="auto", game="", file=upload("moja.json", json.dumps(template)))

    assert response.status_code == 302, response.context["problems"]
    deck = Deck.objects.get()
    assert (deck.game.slug, deck.name) == ("dark-eden", "Krucjata")
    assert counts_of(deck) == {
        ("ASTINOU", "leader"): 1,
        ("BLITZTANK", "deck"): 3,
        ("BŁOGOSŁAWIEŃSTWO", "deck"): 2,  # the card list's line-break hyphen, joined
        ("EZOGHUL", "deck"): 2,
    }


@pytest.mark.parametrize(
    ("text", "game"),
    [
        ("2 Gaap\n1 Baal\n", "aniolowie"),
        ("1 UFOs\n1 Gun Lobby\n", "inwo"),
        ("3 EZOGHUL", "dark-eden"),
    ],
)
def test_pasted_text_is_told_by_its_cards(client, player, every_game, text, game):
    response = post(client, format="auto", game="", name="Wklejona", text=text)
    assert response.status_code == 302, response.context["problems"]
    assert Deck.objects.get().game.slug == game


def test_a_deck_no_catalogue_knows_asks_for_the_game_and_keeps_every_choice(
    client, player, every_game
):
    response = post(client, format="auto", game="", name="Moja", text="2 Nikt\n1 Nic\n")

    assert response.status_code == 400 and not Deck.objects.exists()
    [problem] = response.context["problems"]
    assert "Nie da się rozpoznać, dla której gry jest ta talia" in problem.message
    assert "wybierz grę" in problem.message
    form = response.context["form"]
    assert (form["name"].value(), form["text"].value()) == ("Moja", "2 Nikt\n1 Nic\n")
    assert form["format"].value() == "text" and form["game"].value() == ""


def test_after_an_error_the_file_is_kept_and_the_fix_needs_no_new_upload(
    client, player, every_game
):
    text = read_dek("Alien_Nation.dek").replace("<name>UFOs</name>", "<name>UFOz</name>")
    response = post(
        client, format="auto", game="", faction="fallen", file=upload("Alien_Nation.dek", text)
    )

    assert response.status_code == 400 and not Deck.objects.exists()
    assert [str(p) for p in response.context["problems"]] == [
        "Lead Cards: UFOz: Nie ma w katalogu karty „UFOz”. Czy chodziło o: UFOs?"
    ]
    form = response.context["form"]
    # What the import told (game, format, name) and what the player chose stay in the form.
    assert form["game"].value() == "inwo" and form["format"].value() == "lackey"
    assert form["name"].value() == "Alien Nation" and form["faction"].value() == "fallen"
    assert form["text"].value() == text and form["file_name"].value() == "Alien_Nation.dek"
    html = response.content.decode()
    assert "Treść pliku „Alien_Nation.dek” jest w polu „Talia” poniżej" in html
    assert "nie trzeba wybierać go ponownie" in html

    fixed = {key: form[key].value() for key in ("game", "format", "name", "file_name", "faction")}
    response = post(client, **fixed, text=text.replace("UFOz", "UFOs"))
    assert response.status_code == 302, response.context["problems"]
    assert Deck.objects.get().name == "Alien Nation"


def test_a_name_typed_wins_and_a_paste_without_one_is_asked_for(client, player, every_game):
    text = read_dek("Xists.dek")
    post(client, format="auto", game="", name="Moje Xists", file=upload("Xists.dek", text))
    assert Deck.objects.get().name == "Moje Xists"

    response = post(client, format="auto", game="", text="2 Gaap\n")
    assert response.status_code == 400
    assert response.context["form"].errors["name"] == [
        "Podaj nazwę talii: ani to pole, ani wczytany plik jej nie podają."
    ]
    response = post(client, format="auto", game="", text="# Talia: Z eksportu\n2 Gaap\n")
    assert response.status_code == 302
    assert Deck.objects.filter(name="Z eksportu", game__slug="aniolowie").exists()


def test_a_contract_naming_a_game_not_served_says_so(client, player, every_game):
    contract = {"game": "szachy", "cards": [{"name": "Gaap", "count": 2}]}
    response = post(client, format="auto", game="", name="X", text=json.dumps(contract))
    assert response.status_code == 400
    assert "szachy" in str(response.context["problems"][0])


def test_a_game_chosen_by_the_player_is_the_one_read(client, player, every_game):
    response = post(
        client, format="auto", game="aniolowie", file=upload("X.dek", read_dek("Xists.dek"))
    )
    assert response.status_code == 400
    assert "Dla tej gry nie ma talii LackeyCCG" in response.context["problems"][0].message
    assert response.context["form"]["game"].value() == "aniolowie"


def test_formats_are_told_by_file_name_and_shape():
    assert guess_format("anything", "Deck.DEK") == "lackey"
    assert guess_format("{}", "talia.json") == "json"
    assert guess_format('\ufeff<?xml version="1.0"?><deck/>') == "lackey"
    assert guess_format('  {"cards": []}') == "json"
    assert guess_format("2Abc_def-123") == "code"
    assert guess_format("https://example.org/decks/code/2Abc_def/?name=x") == "code"
    assert guess_format("2 Gaap\n1 Baal") == "text"
    assert guess_format("Gaap") == "text"
    assert file_stem("C:\\talie\\Alien_Nation.dek") == "Alien Nation"
    assert file_stem("krucjata.json") == "krucjata"


def test_names_a_file_carries():
    dark_eden = get_game("dark-eden")
    assert carried_name("json", '{"name": " Krucjata  Templariuszy", "cards": []}', dark_eden) == (
        "Krucjata Templariuszy"
    )
    assert carried_name("json", '{"name": "Krucjata", "cards": []}', get_game("inwo")) == ""
    assert carried_name("text", "# Deck: Angels\n2 Gaap", None) == "Angels"
    assert carried_name("lackey", read_dek("Xists.dek"), get_game("inwo")) == ""


@pytest.fixture
def twin():
    """A second game with .dek files (INWO's declaration, tagged "Twin"), served for the test."""
    assert register("tests.twin_game") == "inwo-twin"
    yield get_game("inwo-twin")
    unregister("inwo-twin")


def test_two_games_with_dek_files_are_told_by_their_game_tag_then_by_their_cards(twin):
    inwo = get_game("inwo")
    GameFactory(slug="inwo", name="INWO")
    twin_row = GameFactory(slug="inwo-twin", name="Twin")
    CardFactory(game=twin_row, kind="illuminati", name="UFOs", slug="ufos")
    text = read_dek("Alien_Nation.dek")
    assert guess_game("lackey", text, [inwo, twin]).game == "inwo"  # <game>INWO</game>
    untagged = text.replace("<game>INWO</game>", "")
    assert guess_game("lackey", untagged, [inwo, twin]).game == "inwo-twin"  # knows a card
    # Both know as many of its cards: the player is asked to choose between the two.
    CardFactory(game=GameFactory(slug="inwo"), kind="illuminati", name="UFOs", slug="ufos")
    tied = guess_game("lackey", untagged, [inwo, twin])
    assert (tied.game, tied.candidates) == (None, ("inwo", "inwo-twin"))
