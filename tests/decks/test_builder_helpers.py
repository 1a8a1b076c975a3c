"""The builder's small endpoints and panels: name autocomplete, the bar, the share panel."""

import json

import pytest
from django.urls import reverse

from decks import services
from tests.factories import AngelFactory
from tests.inwo_factories import InwoGameFactory, PlotFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(owner):
    return services.deck_create(owner=owner, name="Pomocna", options={"faction": "fallen"})


def names(client, deck, q):
    response = client.get(reverse("deck-card-names", args=[deck.pk]), {"q": q})
    assert response.status_code == 200
    return response.json()["names"]


def test_names_starting_with_the_typed_text_come_first(client, owner, deck, game):
    for name in ("Rakuel", "Belfegor z Rakuelem", "Marochasz rakuelowy", "Gaap"):
        AngelFactory(game=game, name=name)
    client.force_login(owner)
    assert names(client, deck, "rak") == ["Rakuel", "Belfegor z Rakuelem", "Marochasz rakuelowy"]
    # Case and Polish letters are ignored, as the catalogue's names are matched.
    assert names(client, deck, "RĄK") == names(client, deck, "rak")
    assert names(client, deck, "  ") == []


def test_names_come_from_the_deck_game_only_and_are_few(client, owner, deck, game):
    PlotFactory(game=InwoGameFactory(), name="Gaap z innej gry")
    for n in range(15):
        AngelFactory(game=game, name=f"Gaap {n:02d}")
    client.force_login(owner)
    found = names(client, deck, "gaap")
    assert len(found) == 10
    assert found[0] == "Gaap 00" and "Gaap z innej gry" not in found


def test_names_are_for_the_deck_owner(client, stranger, deck):
    client.force_login(stranger)
    assert client.get(reverse("deck-card-names", args=[deck.pk]), {"q": "ga"}).status_code == 404


def test_a_save_answers_with_the_bar_and_the_share_panel_as_the_deck_now_is(client, owner, deck):
    client.force_login(owner)
    response = client.post(
        reverse("deck-save", args=[deck.pk]),
        json.dumps({"version": 1, "visibility": "public"}),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    panels = response.json()["panels"]
    # A public deck's share panel gives its link at once.
    assert 'id="share-url"' in panels["share"]
    assert deck.get_absolute_url() in panels["share"]
    assert "0/" in panels["bar"] and 'data-errors="' in panels["bar"]

    response = client.post(
        reverse("deck-save", args=[deck.pk]),
        json.dumps({"version": 2, "visibility": "private"}),
        content_type="application/json",
    )
    assert 'id="share-url"' not in response.json()["panels"]["share"]


def test_the_bar_counts_errors_and_warnings_in_polish_plural_forms(client, owner, game):
    cards = {AngelFactory(game=game, faction="fallen", order=None).pk: 5}
    deck = services.deck_create(
        owner=owner, name="Błędna", options={"faction": "fallen"}, cards=cards
    )
    client.force_login(owner)
    html = client.get(reverse("deck-edit", args=[deck.pk])).content.decode()
    bar = html[html.index('id="builder-bar"') :]
    errors = int(bar.split('data-errors="')[1].split('"')[0])
    warnings = int(bar.split('data-warnings="')[1].split('"')[0])
    assert errors >= 1 and warnings >= 1
    forms = {1: "błąd", 2: "błędy", 3: "błędy", 4: "błędy"}
    assert f"{errors} {forms.get(errors, 'błędów')}" in bar
    assert "Talia (5)" in bar
