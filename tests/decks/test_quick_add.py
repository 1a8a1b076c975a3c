"""The builder's quick-add box: lines like `2 Gaap`, `2x Gaap` or `Gaap`; the good ones are saved
and each bad one is reported with its line and the cards it may have meant."""

import json

import pytest
from django.urls import reverse
from django.utils import translation

from cardbase.models import Card
from decks import services
from tests.factories import AngelFactory, InterventionFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(owner):
    return services.deck_create(owner=owner, name="Szybka", options={"faction": "fallen"})


@pytest.fixture
def cards(game):
    return {
        "gaap": AngelFactory(game=game, name="Gaap", slug="gaap", faction="fallen"),
        "bael": AngelFactory(game=game, name="Bael", slug="bael", faction="fallen"),
        "zew": InterventionFactory(game=game, name="Zew Otchłani", slug="zew", faction="fallen"),
    }


def quick_add(client, deck, text, cards=None):
    deck.refresh_from_db()
    body = {"version": deck.version, "add": text}
    if cards is not None:
        body["cards"] = cards
    return client.post(
        reverse("deck-save", args=[deck.pk]), json.dumps(body), content_type="application/json"
    )


def test_several_lines_add_their_copies_and_the_deck_is_judged_again(client, owner, deck, cards):
    client.force_login(owner)
    response = quick_add(client, deck, "2 Gaap\n2x bael\nzew otchłani\n", cards={})
    assert response.status_code == 200, response.content
    data = response.json()
    deck.refresh_from_db()
    assert deck.card_total == 5
    assert data["version"] == deck.version == 2
    counts = {key.split(":")[0]: n for key, n in data["counts"].items()}
    assert counts == {str(cards["gaap"].pk): 2, str(cards["bael"].pk): 2, str(cards["zew"].pk): 1}
    # The answer carries the re-rendered verdict and the bar's counts, as any save does.
    assert data["verdict_counts"]["errors"] >= 1
    assert 'id="bar-verdict"' in data["panels"]["bar"]


def test_the_copies_go_on_top_of_the_counts_the_builder_shows(client, owner, deck, cards):
    client.force_login(owner)
    gaap = cards["gaap"]
    first = quick_add(client, deck, "Gaap").json()
    key = next(iter(first["counts"]))
    # The builder sends its unsaved counts with the text: one more Gaap than stored, Bael too.
    response = quick_add(client, deck, "2 Gaap", cards={key: 2, f"{cards['bael'].pk}:": 1})
    assert response.status_code == 200, response.content
    assert response.json()["counts"][key] == 4
    deck.refresh_from_db()
    assert deck.card_total == 5
    assert deck.entries.get(card=gaap).count == 4


def messages(data):
    return [problem["message"] for problem in data["problems"]]


def test_the_good_lines_are_added_and_each_bad_one_named_with_a_suggestion(
    client, owner, deck, cards
):
    client.force_login(owner)
    response = quick_add(client, deck, "2 Gaap\n2 Gap\n0 Bael\nBael")
    assert response.status_code == 200, response.content
    data = response.json()
    # Every faulty line at once, each with its number and text, as the import reports them.
    assert messages(data) == [
        "wiersz 2 („2 Gap”): Nie ma w katalogu karty „Gap”. Czy chodziło o: Gaap?",
        "wiersz 3 („0 Bael”): Liczba kopii 0 jest za mała: wpisz od 1 do 99 (kartę, której "
        "nie chcesz, usuń z listy).",
    ]
    assert data["problems"][0]["fixes"] == [{"name": "Gaap", "line": "2 Gaap", "count": 2}]
    assert data["rest"] == "2 Gap\n0 Bael"
    deck.refresh_from_db()
    assert deck.version == 2 and deck.card_total == 3
    assert {e.card.name: e.count for e in deck.entries.all()} == {"Gaap": 2, "Bael": 1}


def test_when_no_line_is_good_nothing_is_saved(client, owner, deck, cards):
    client.force_login(owner)
    response = quick_add(client, deck, "2 Gap\n")
    assert response.status_code == 400
    data = response.json()
    assert data["field"] == "add"
    assert data["error"].startswith("Nic nie dodano: wiersz 1 („2 Gap”)")
    assert data["problems"][0]["fixes"] == [{"name": "Gaap", "line": "2 Gaap", "count": 2}]
    deck.refresh_from_db()
    assert deck.version == 1 and deck.card_total == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Wpisz karty do dodania, np. „2 Gaap”, po jednej w wierszu."),
        ("   \n ", "Wpisz karty do dodania, np. „2 Gaap”, po jednej w wierszu."),
        (["2 Gaap"], "Pole „add” podaje się jako tekst: wiersze „liczba nazwa karty”."),
        (
            "2 Gaap\n" * 1000,
            "Szybkie dodawanie przyjmuje najwyżej 5000 znaków; dłuższą listę zaimportuj.",
        ),
    ],
)
def test_input_that_is_no_list_of_cards_is_refused_with_a_message(
    client, owner, deck, cards, text, message
):
    client.force_login(owner)
    response = quick_add(client, deck, text)
    assert response.status_code == 400
    assert messages(response.json()) == [message]


def test_the_quick_add_form_works_without_javascript(client, owner, deck, cards):
    client.force_login(owner)
    back = reverse("deck-edit", args=[deck.pk])
    response = client.post(
        reverse("deck-save", args=[deck.pk]),
        {"version": deck.version, "add": "3 Gaap", "next": back},
    )
    assert response.status_code == 302 and response["Location"] == back
    deck.refresh_from_db()
    assert deck.card_total == 3

    response = client.post(
        reverse("deck-save", args=[deck.pk]),
        {"version": deck.version, "add": "Bal\nBael", "next": back},
        follow=True,
    )
    assert "Nie ma w katalogu karty „Bal”. Czy chodziło o: Bael?" in response.content.decode()
    deck.refresh_from_db()
    assert deck.card_total == 4


def test_the_builder_shows_the_quick_add_box(client, owner, deck):
    client.force_login(owner)
    html = client.get(reverse("deck-edit", args=[deck.pk])).content.decode()
    assert 'id="quick-add"' in html and 'name="add"' in html


@pytest.fixture
def inwo_deck(owner, inwo_catalogue):
    return services.deck_create(owner=owner, name="Spisek", game="inwo")


def inwo_card(name):
    return Card.objects.get(game__slug="inwo", name=name)


def test_inwo_names_that_start_with_a_number_are_added_as_cards(client, owner, inwo_deck):
    client.force_login(owner)
    response = quick_add(client, inwo_deck, "13013\n2 18 1/2-Minute Gap\n")
    assert response.status_code == 200, response.content
    assert response.json()["problems"] == []
    inwo_deck.refresh_from_db()
    assert {e.card.name: e.count for e in inwo_deck.entries.all()} == {
        "13013": 1,
        "18 1/2-Minute Gap": 2,
    }


def test_an_inwo_suggestion_is_the_card_typed_in_full_and_english_quotes_are_english(
    client, owner, inwo_deck
):
    client.force_login(owner)
    with translation.override("en"):
        client.cookies["django_language"] = "en"
        response = quick_add(client, inwo_deck, "18 1/2-Minute Gapp\n13013\n")
    data = response.json()
    assert response.status_code == 200, response.content
    assert messages(data) == [
        "line 1 (“18 1/2-Minute Gapp”): There is no card “18 1/2-Minute Gapp” in the "
        "catalogue. Did you mean: 18 1/2-Minute Gap?"
    ]
    assert data["problems"][0]["fixes"] == [
        {"name": "18 1/2-Minute Gap", "line": "1 18 1/2-Minute Gap", "count": 1}
    ]
    # The suggestion's line, sent as the builder sends it on a click, adds that card.
    fixed = quick_add(client, inwo_deck, data["problems"][0]["fixes"][0]["line"])
    assert fixed.status_code == 200, fixed.content
    inwo_deck.refresh_from_db()
    assert {e.card.name: e.count for e in inwo_deck.entries.all()} == {
        "13013": 1,
        "18 1/2-Minute Gap": 1,
    }


def test_a_dark_eden_suggestion_comes_with_the_line_that_adds_it(
    client, owner, dark_eden_catalogue
):
    deck = services.deck_create(owner=owner, name="Eden", game="dark-eden")
    client.force_login(owner)
    data = quick_add(client, deck, "ASTINU\n2 REKRUT\n").json()
    assert messages(data) == [
        "wiersz 1 („ASTINU”): Nie ma w katalogu karty „ASTINU”. Czy chodziło o: ASTINOU?"
    ]
    assert data["problems"][0]["fixes"] == [{"name": "ASTINOU", "line": "1 ASTINOU", "count": 1}]
    assert data["rest"] == "ASTINU"
    quick_add(client, deck, "1 ASTINOU")
    deck.refresh_from_db()
    assert {e.card.name: e.count for e in deck.entries.all()} == {"ASTINOU": 1, "REKRUT": 2}
