"""Saves within one editing session make one version in the deck's history."""

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks import services
from decks.models import Deck, DeckVersion
from decks.services.editing import EDIT_SESSION_PAUSE
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


def history_versions(client, deck) -> list[int]:
    """Return the version numbers the history page lists, newest first."""
    html = client.get(reverse("deck-history", args=[deck.pk])).content.decode()
    return [int(n) for n in re.findall(r'class="history-entry" data-version="(\d+)"', html)]


def builder_save(client, deck, cards) -> dict:
    deck.refresh_from_db()
    response = client.post(
        reverse("deck-save", args=[deck.pk]),
        json.dumps({"version": deck.version, "cards": cards}),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def angel(game):
    return AngelFactory(game=game, name="Gaap", slug="gaap", faction="fallen")


def new_deck(client) -> Deck:
    response = client.post(
        reverse("deck-new"), {"name": "Sesja", "faction": "fallen", "format": "standard"}
    )
    assert response.status_code == 302, response.content
    return Deck.objects.get(name="Sesja")


def test_a_deck_built_in_one_sitting_is_one_version_with_every_change(client, owner, angel):
    client.force_login(owner)
    deck = new_deck(client)
    for count in (1, 2, 3, 2, 3):
        builder_save(client, deck, {f"{angel.pk}:": count})

    deck.refresh_from_db()
    assert deck.version == 6  # every save still moves the version, which catches lost edits
    assert history_versions(client, deck) == [6]
    html = client.get(reverse("deck-history", args=[deck.pk])).content.decode()
    assert f'<span data-card="{angel.pk}">+3 Gaap</span>' in html


def test_a_long_pause_starts_a_new_version(client, owner, angel):
    client.force_login(owner)
    deck = new_deck(client)
    builder_save(client, deck, {f"{angel.pk}:": 1})
    # The player comes back after longer than the pause an editing session allows.
    DeckVersion.objects.filter(deck=deck).update(
        updated=timezone.now() - EDIT_SESSION_PAUSE - timedelta(seconds=1)
    )
    builder_save(client, deck, {f"{angel.pk}:": 2})
    builder_save(client, deck, {f"{angel.pk}:": 3})

    assert history_versions(client, deck) == [4, 2]


def test_saves_from_another_browser_or_the_api_are_versions_of_their_own(client, owner, angel):
    client.force_login(owner)
    deck = new_deck(client)
    builder_save(client, deck, {f"{angel.pk}:": 1})
    other = Client()
    other.force_login(owner)
    builder_save(other, deck, {f"{angel.pk}:": 2})
    deck.refresh_from_db()
    services.deck_update(deck=deck, expected_version=deck.version, name="Z API")
    builder_save(client, deck, {f"{angel.pk}:": 3})

    assert history_versions(client, deck) == [5, 4, 3, 2]


def test_a_restore_is_its_own_version_and_the_session_goes_on_after_it(client, owner, angel):
    client.force_login(owner)
    deck = new_deck(client)
    builder_save(client, deck, {f"{angel.pk}:": 1})
    other = Client()
    other.force_login(owner)
    builder_save(other, deck, {f"{angel.pk}:": 2})
    deck.refresh_from_db()
    restored = client.post(reverse("deck-restore", args=[deck.pk, 2]), {"version": deck.version})
    assert restored.status_code == 302
    builder_save(client, deck, {f"{angel.pk}:": 3})
    builder_save(client, deck, {f"{angel.pk}:": 1})

    assert history_versions(client, deck) == [6, 4, 3, 2]


def test_the_builder_without_javascript_groups_its_saves_too(client, owner, angel):
    client.force_login(owner)
    deck = new_deck(client)
    for _ in range(3):
        deck.refresh_from_db()
        client.post(
            reverse("deck-save", args=[deck.pk]),
            {"version": deck.version, "card": angel.pk, "delta": "1"},
        )
    deck.refresh_from_db()
    assert deck.card_total == 3
    assert history_versions(client, deck) == [4]


def test_the_history_dates_a_version_by_its_last_save(client, owner, angel):
    client.force_login(owner)
    deck = new_deck(client)
    builder_save(client, deck, {f"{angel.pk}:": 1})
    version = deck.versions.get()
    later = version.created + timedelta(days=3, hours=2)
    DeckVersion.objects.filter(pk=version.pk).update(updated=later)

    html = client.get(reverse("deck-history", args=[deck.pk])).content.decode()
    shown = timezone.localtime(later)
    assert f"{shown.day} " in html and shown.strftime("%H:%M:%S") in html
    assert timezone.localtime(version.created).strftime("%H:%M:%S") not in html


def shown_versions(client, deck) -> list[str]:
    """Return the headings of the history page's versions, newest first, as the player reads them."""
    html = client.get(reverse("deck-history", args=[deck.pk])).content.decode()
    return re.findall(r"<h2>(Wersja \d+)", html)


def test_the_history_numbers_versions_as_the_player_sees_them(client, owner, angel):
    client.force_login(owner)
    deck = new_deck(client)
    for count in (1, 2, 3):
        builder_save(client, deck, {f"{angel.pk}:": count})
    # Four saves, one version: the first.
    assert shown_versions(client, deck) == ["Wersja 1"]
    other = Client()
    other.force_login(owner)
    builder_save(other, deck, {f"{angel.pk}:": 4})
    assert shown_versions(client, deck) == ["Wersja 2", "Wersja 1"]
    page = client.get(deck.get_absolute_url()).content.decode()
    assert "Ostatnia zmiana: wersja 2" in page


def test_a_history_page_opened_before_its_version_took_more_saves_still_restores_it(
    client, owner, angel
):
    client.force_login(owner)
    deck = new_deck(client)
    builder_save(client, deck, {f"{angel.pk}:": 1})  # version 1, save 2
    other = Client()
    other.force_login(owner)
    builder_save(other, deck, {f"{angel.pk}:": 4})  # version 2, save 3
    # A history page opened now has version 2's restore form name save 3 ...
    old_form = reverse("deck-restore", args=[deck.pk, 3])
    builder_save(other, deck, {f"{angel.pk}:": 5})  # ... which its session's next save renumbers
    deck.refresh_from_db()
    response = client.post(old_form, {"version": deck.version}, follow=True)
    assert "Przywrócono wersję 2." in response.content.decode()
    deck.refresh_from_db()
    assert deck.card_total == 5
    response = client.post(
        reverse("deck-restore", args=[deck.pk, 2]), {"version": deck.version}, follow=True
    )
    assert "Przywrócono wersję 1." in response.content.decode()
    deck.refresh_from_db()
    assert deck.card_total == 1
