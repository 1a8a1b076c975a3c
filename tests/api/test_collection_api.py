"""The collection through the API: one's own copies and want list, a list pasted in, what a
deck needs; nobody reads or changes another's."""

import pytest

from decks.models import Visibility
from decks.selectors.collection import owned_counts
from decks.services import collection as services
from decks.services.editing import deck_create
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def gaap(game):
    return AngelFactory(game=game, name="Gaap", slug="gaap", faction="fallen")


@pytest.fixture
def abaddon(game):
    return AngelFactory(game=game, name="Abaddon", slug="abaddon", faction="fallen")


def test_a_pasted_list_is_added_and_listed(client_for, alice, gaap, abaddon):
    api = client_for(alice)

    response = api.post(
        "/api/v1/collection/", {"game": "aniolowie", "text": "3 Gaap\n1 Abaddon"}, format="json"
    )

    assert response.status_code == 200
    assert response.json() == {"game": "aniolowie", "read": 2, "held": 2}
    listed = api.get("/api/v1/collection/", {"game": "aniolowie"}).json()["results"]
    assert [(row["card"]["slug"], row["count"]) for row in listed] == [
        ("abaddon", 1),
        ("gaap", 3),
    ]


def test_every_faulty_line_is_a_400_at_its_line_and_nothing_is_saved(client_for, alice, gaap):
    api = client_for(alice)

    response = api.post(
        "/api/v1/collection/",
        {"game": "aniolowie", "text": "3 Gaap\n2 Nobody\n200 Gaap"},
        format="json",
    )

    assert response.status_code == 400
    fields = response.json()["error"]["fields"]
    assert set(fields) == {"text[2]", "text[3]"}
    assert owned_counts(user=alice) == {}


def test_an_unknown_game_is_a_400(client_for, alice, game):
    response = client_for(alice).post(
        "/api/v1/collection/", {"game": "szachy", "text": "1 Gaap"}, format="json"
    )

    assert response.status_code == 400
    assert "game" in response.json()["error"]["fields"]


def test_one_cards_copies_are_read_and_set(client_for, alice, gaap):
    api = client_for(alice)

    assert api.put("/api/v1/collection/aniolowie/gaap/", {"count": 2}, format="json").json() == {
        "count": 2
    }
    assert api.get("/api/v1/collection/aniolowie/gaap/").json() == {"count": 2}
    assert (
        api.put("/api/v1/collection/aniolowie/gaap/", {"count": 100}, format="json").status_code
        == 400
    )
    assert api.get("/api/v1/collection/aniolowie/nobody/").status_code == 404


def test_the_collection_belongs_to_its_owner_alone(client, client_for, alice, bob, gaap):
    services.set_owned(owner=alice, card=gaap, count=4)

    assert client.get("/api/v1/collection/").status_code == 401
    assert client_for(bob).get("/api/v1/collection/").json()["results"] == []
    assert client_for(bob).get("/api/v1/collection/wanted/").json()["results"] == []


def test_a_deck_tells_what_it_needs_and_fills_the_want_list(client_for, alice, bob, gaap, abaddon):
    deck = deck_create(
        owner=bob,
        name="Boba",
        options={"faction": "fallen"},
        cards={gaap.pk: 3, abaddon.pk: 1},
        visibility=Visibility.PUBLIC,
    )
    services.set_owned(owner=alice, card=gaap, count=1)
    api = client_for(alice)

    needs = api.get(f"/api/v1/decks/{deck.pk}/ownership/").json()
    added = api.post(f"/api/v1/decks/{deck.pk}/ownership/").json()
    wanted = api.get("/api/v1/collection/wanted/").json()["results"]

    assert needs["complete"] is False and needs["missing_copies"] == 3
    assert [(c["card"]["slug"], c["needed"], c["owned"], c["missing"]) for c in needs["cards"]] == [
        ("abaddon", 1, 0, 1),
        ("gaap", 3, 1, 2),
    ]
    assert added == {"added": 2}
    assert [(row["card"]["slug"], row["count"]) for row in wanted] == [("abaddon", 1), ("gaap", 2)]


def test_a_private_deck_of_another_is_not_found(client_for, alice, bob, gaap):
    deck = deck_create(owner=bob, name="Tajna", options={"faction": "fallen"}, cards={gaap.pk: 1})

    assert client_for(alice).get(f"/api/v1/decks/{deck.pk}/ownership/").status_code == 404


def test_the_catalogue_filters_by_the_callers_copies_and_never_anothers(
    client_for, alice, bob, gaap, abaddon
):
    services.set_owned(owner=alice, card=gaap, count=2)

    def slugs(user, **params):
        answer = client_for(user).get("/api/v1/cards/", {"game": "aniolowie", **params})
        return [card["slug"] for card in answer.json()["results"]]

    assert slugs(alice, q="mam>=2") == ["gaap"]
    assert slugs(alice, collection="missing") == ["abaddon"]
    assert slugs(bob, q="mam>=2") == []  # not alice's answer from the cache
    services.set_owned(owner=alice, card=abaddon, count=3)
    assert slugs(alice, q="owned>=2", ordering="name") == ["abaddon", "gaap"]


def test_the_public_decks_within_reach_come_fewest_lacking_first(
    client, client_for, alice, bob, gaap, abaddon
):
    for name, cards in (("Pełna", {gaap.pk: 2}), ("Prawie", {gaap.pk: 2, abaddon.pk: 3})):
        deck_create(
            owner=bob,
            name=name,
            options={"faction": "fallen"},
            cards=cards,
            visibility=Visibility.PUBLIC,
        )
    services.set_owned(owner=alice, card=gaap, count=2)
    api = client_for(alice)

    def listed(**params):
        answer = api.get("/api/v1/decks/within-reach/", params)
        assert answer.status_code == 200, answer.content
        return [(row["deck"]["name"], row["missing"]) for row in answer.json()["results"]]

    assert listed() == [("Pełna", 0)]
    assert listed(most_missing=3) == [("Pełna", 0), ("Prawie", 3)]
    assert listed(most_missing=3, q="Pra") == [("Prawie", 3)]
    assert api.get("/api/v1/decks/within-reach/", {"most_missing": "-1"}).status_code == 400
    assert client.get("/api/v1/decks/within-reach/").status_code == 401
