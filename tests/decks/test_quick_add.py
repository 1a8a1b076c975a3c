"""The builder's quick-add box: lines like `2 Gaap`, `2x Gaap` or `Gaap`, validated in one save."""

import json

import pytest
from django.urls import reverse

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


def test_an_unknown_name_adds_nothing_and_names_the_line_with_a_suggestion(
    client, owner, deck, cards
):
    client.force_login(owner)
    response = quick_add(client, deck, "2 Gaap\n2 Gap\n0 Bael")
    assert response.status_code == 400
    data = response.json()
    assert data["field"] == "add"
    # Every faulty line at once, each with its number and text, as the import reports them.
    assert data["problems"] == [
        "wiersz 2 („2 Gap”): Nie ma w katalogu karty „Gap”. Czy chodziło o: Gaap?",
        "wiersz 3 („0 Bael”): Liczba kopii 0 jest za mała: wpisz od 1 do 99 (kartę, której "
        "nie chcesz, usuń z listy).",
    ]
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
    assert response.json()["problems"] == [message]


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
        {"version": deck.version, "add": "Bal", "next": back},
        follow=True,
    )
    assert "Nie ma w katalogu karty „Bal”. Czy chodziło o: Bael?" in response.content.decode()
    deck.refresh_from_db()
    assert deck.card_total == 3


def test_the_builder_shows_the_quick_add_box(client, owner, deck):
    client.force_login(owner)
    html = client.get(reverse("deck-edit", args=[deck.pk])).content.decode()
    assert 'id="quick-add"' in html and 'name="add"' in html
