"""The deck endpoints answer 304 to a repeat, a new ETag after a change, and keep their answers
out of shared caches: what they say depends on who asks."""

import pytest
from rest_framework.test import APIClient

from decks import services
from tests.factories import legal_deck_cards

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(alice):
    return services.deck_create(
        owner=alice,
        name="Upadli",
        options={"faction": "fallen"},
        visibility="public",
        cards=legal_deck_cards("fallen"),
    )


def test_a_repeat_is_answered_304_and_a_change_gives_a_new_etag(deck, client_for, alice):
    client = client_for(alice)
    url = f"/api/v1/decks/{deck.pk}/"
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    services.deck_update(deck=deck, expected_version=deck.version, name="Upadli II")
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert changed.json()["name"] == "Upadli II"


def test_the_list_is_kept_by_the_asker_only(deck, client_for, alice):
    mine = client_for(alice).get("/api/v1/decks/?mine=1")
    public = APIClient().get("/api/v1/decks/")
    for response in (mine, public):
        assert response.status_code == 200
        assert "private" in response["Cache-Control"]
        assert {"Authorization", "Cookie"} <= {part.strip() for part in response["Vary"].split(",")}
    assert APIClient().get("/api/v1/decks/", HTTP_IF_NONE_MATCH=public["ETag"]).status_code == 304
