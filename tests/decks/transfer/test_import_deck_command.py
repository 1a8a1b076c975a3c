"""`manage.py import_deck` tells a file's format, game and deck name as the import page does."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from decks.models import Deck
from tests.decks.transfer.lackey_data import read_dek
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_real_dek_file_is_saved_as_an_inwo_deck_named_from_the_file(every_game, tmp_path, capsys):
    path = tmp_path / "Alien_Nation.dek"
    path.write_text(read_dek("Alien_Nation.dek"), encoding="utf-8")
    UserFactory(username="gracz")

    call_command("import_deck", str(path), owner="gracz", lang="en")

    deck = Deck.objects.get()
    assert (deck.game.slug, deck.format, deck.name, deck.card_total) == (
        "inwo",
        "standard",
        "Alien Nation",
        45,
    )
    assert capsys.readouterr().out.startswith(f"saved 'Alien Nation' ({deck.pk}) for gracz: 45 ")


def test_a_dark_eden_template_is_told_by_its_marks_and_names_its_deck(every_game, tmp_path, capsys):
    template = {
        "name": "Krucjata",
        "faction": "DE",
        "cards": [{"name": "ASTINOU", "count": 1}, {"name": "BLITZTANK", "count": 3}],
    }
    path = tmp_path / "moja.json"
    path.write_text(json.dumps(template), encoding="utf-8")
    UserFactory(username="gracz")

    call_command("import_deck", str(path), owner="gracz")

    deck = Deck.objects.get()
    assert (deck.game.slug, deck.name, deck.card_total) == ("dark-eden", "Krucjata", 4)


def test_a_text_list_is_read_as_the_game_whose_catalogue_knows_its_cards(
    every_game, tmp_path, capsys
):
    path = tmp_path / "lista.txt"
    path.write_text("2 Gaap\n1 Baal\n", encoding="utf-8")

    call_command("import_deck", str(path), json=True, lang="en")

    printed = json.loads(capsys.readouterr().out)
    assert printed["game"] == "aniolowie"
    assert sorted((c["name"], c["count"]) for c in printed["cards"]) == [("Baal", 1), ("Gaap", 2)]


def test_a_list_of_no_known_card_asks_for_the_game_and_saves_nothing(every_game, tmp_path):
    path = tmp_path / "lista.txt"
    path.write_text("2 Nikt\n", encoding="utf-8")
    UserFactory(username="gracz")

    with pytest.raises(CommandError, match="none of its cards is in the catalogue; give --game"):
        call_command("import_deck", str(path), owner="gracz")
    assert Deck.objects.count() == 0


def test_a_game_given_is_taken_over_what_the_cards_say(every_game, tmp_path):
    path = tmp_path / "lista.txt"
    path.write_text("2 Gaap\n", encoding="utf-8")
    UserFactory(username="gracz")

    with pytest.raises(CommandError, match="Gaap"):
        call_command("import_deck", str(path), game="inwo", owner="gracz", lang="en")
    assert Deck.objects.count() == 0
