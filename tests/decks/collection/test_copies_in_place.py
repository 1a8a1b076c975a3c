"""The player's copies changed in place (owned.js asks with X-Fragment: owned), and the builder's
search offering the same buttons as the catalogue's tiles."""

import re

import pytest
from django.urls import reverse

from decks.selectors.collection import owned_counts
from decks.services import collection as services
from decks.services.editing import deck_create
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db

IN_PLACE = {"HTTP_X_FRAGMENT": "owned"}


@pytest.fixture
def player(client, owner):
    client.force_login(owner)
    return client


def test_a_change_in_place_answers_the_buttons_with_the_new_count(player, owner, gaap):
    services.set_owned(owner=owner, card=gaap, count=2)

    response = player.post(
        reverse("collection-card", args=[gaap.pk]), {"change": "1", "next": "/cards/"}, **IN_PLACE
    )

    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<form class="inline-form owned-buttons"')
    assert f'data-owned-for="{gaap.pk}">3<' in html
    assert "<span hidden data-said>Masz teraz 3 kopii karty „Gaap”.</span>" in html
    assert owned_counts(user=owner) == {gaap.pk: 3}
    # Said in place, the change leaves no message waiting for the next page.
    later = player.get(reverse("collection-game", args=["aniolowie"]))
    assert list(later.context["messages"]) == []


def test_a_refused_change_in_place_answers_why_and_keeps_the_copies(player, owner, gaap):
    services.set_owned(owner=owner, card=gaap, count=99)

    response = player.post(reverse("collection-card", args=[gaap.pk]), {"change": "1"}, **IN_PLACE)

    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "99" in response.content.decode()
    assert owned_counts(user=owner) == {gaap.pk: 99}


def test_a_malformed_change_in_place_is_refused_in_words(player, owner, gaap):
    response = player.post(
        reverse("collection-card", args=[gaap.pk]), {"change": "many"}, **IN_PLACE
    )

    assert response.status_code == 400
    assert response.content.decode().strip()
    assert owned_counts(user=owner) == {}


def test_the_builders_search_offers_the_players_copies_of_each_card_found(player, owner, gaap):
    belial = AngelFactory(name="Belial", faction="fallen")
    deck = deck_create(owner=owner, name="Moja", options={"faction": "fallen"}, cards={})
    services.set_owned(owner=owner, card=gaap, count=2)
    builder = reverse("deck-edit", args=[deck.pk])

    html = player.get(builder).content.decode()

    results = html.split('id="card-results"')[1]
    assert f'data-owned-for="{gaap.pk}">2<' in results
    assert f'data-owned-for="{belial.pk}">0<' in results
    forms = re.findall(
        r'<form class="inline-form owned-buttons" method="post" action="([^"]+)"', results
    )
    assert set(forms) == {
        reverse("collection-card", args=[gaap.pk]),
        reverse("collection-card", args=[belial.pk]),
    }
    # Without JavaScript the form posts and comes back to the builder.
    back = player.post(forms[0], {"change": "1", "next": builder})
    assert back["Location"] == builder
