"""The API's deck entries read and write the section each card lies in."""

import pytest

from decks.models import Deck
from tests.factories import CardFactory, GameFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def inwo_cards():
    inwo = GameFactory(slug="inwo", name="Illuminati: New World Order")
    return (
        CardFactory(game=inwo, kind="illuminati", name="UFOs", slug="ufos"),
        CardFactory(game=inwo, kind="place", name="Shangri-La", slug="shangri-la"),
        CardFactory(game=inwo, kind="plot", name="Gun Control", slug="gun-control"),
    )


def test_a_deck_is_written_and_read_with_its_sections(alice, client_for, inwo_cards):
    ufos, shangri_la, _plot = inwo_cards
    client = client_for(alice)
    body = {
        "name": "Trojański gęś",
        "game": "inwo",
        "format": "tournament",
        "cards": [
            {"card": ufos.pk, "count": 1},
            {"card": shangri_la.pk, "count": 1, "section": "lead"},
            {"card": shangri_la.pk, "count": 3, "section": "groups"},
        ],
    }
    response = client.post("/api/v1/decks/", body, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["format"] == "tournament"
    assert sorted((c["slug"], c["section"], c["count"]) for c in data["cards"]) == [
        ("shangri-la", "groups", 3),
        ("shangri-la", "lead", 1),
        ("ufos", "lead", 1),
    ]
    url = f"/api/v1/decks/{data['id']}/"
    moved = {"version": 1, "cards": [{"card": shangri_la.pk, "count": 4, "section": "lead"}]}
    response = client.patch(url, moved, format="json")
    assert [(c["slug"], c["section"], c["count"]) for c in response.json()["cards"]] == [
        ("shangri-la", "lead", 4)
    ]


@pytest.mark.parametrize(
    ("entries", "field"),
    [
        ([{"card": 2, "count": 1, "section": "lead"}] * 2, "cards"),
        ([{"card": 3, "count": 1, "section": "lead"}], "section"),
        ([{"card": 3, "count": 1, "section": "cmentarz"}], "section"),
        ([{"card": 3, "count": 1, "section": "Lead Cards!"}], "cards[0].section"),
    ],
)
def test_a_card_twice_in_one_section_or_in_a_wrong_one_is_400(
    alice, client_for, inwo_cards, entries, field
):
    ids = {1: inwo_cards[0].pk, 2: inwo_cards[1].pk, 3: inwo_cards[2].pk}
    cards = [{**entry, "card": ids[entry["card"]]} for entry in entries]
    response = client_for(alice).post(
        "/api/v1/decks/", {"name": "Zła", "game": "inwo", "cards": cards}, format="json"
    )
    assert response.status_code == 400, response.content
    assert field in response.json()["error"]["fields"]
    assert Deck.objects.count() == 0
