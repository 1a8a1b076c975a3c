"""Deck pages, the builder's endpoints and who may see or change what."""

import json
import uuid

import pytest
from django.urls import reverse

from decks import services
from decks.models import Deck
from tests.factories import AngelFactory, HumanFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def make_deck(owner, visibility="private", **kwargs):
    return services.deck_create(
        owner=owner, name="Moja talia", faction="lord", visibility=visibility, **kwargs
    )


def save(client, deck, body):
    return client.post(
        reverse("deck-save", args=[deck.pk]), json.dumps(body), content_type="application/json"
    )


# --- who may see what -------------------------------------------------------------------------


@pytest.mark.parametrize("visibility", ["private", "unlisted", "public"])
def test_the_owner_sees_their_deck_whatever_its_visibility(client, owner, visibility):
    deck = make_deck(owner, visibility)
    client.force_login(owner)
    assert client.get(deck.get_absolute_url()).status_code == 200


@pytest.mark.parametrize(
    ("visibility", "status"), [("private", 404), ("unlisted", 200), ("public", 200)]
)
def test_others_see_only_shared_decks(client, owner, stranger, visibility, status):
    deck = make_deck(owner, visibility)
    assert client.get(deck.get_absolute_url()).status_code == status
    client.force_login(stranger)
    assert client.get(deck.get_absolute_url()).status_code == status


def test_a_private_deck_looks_the_same_as_a_missing_one(client, owner, stranger):
    deck = make_deck(owner)
    client.force_login(stranger)
    hidden = client.get(deck.get_absolute_url())
    missing = client.get(reverse("deck-detail", args=[uuid.uuid4()]))
    assert hidden.status_code == missing.status_code == 404


@pytest.mark.parametrize("name", ["deck-edit", "deck-delete"])
def test_nobody_but_the_owner_opens_the_builder_or_deletion(client, owner, stranger, name):
    deck = make_deck(owner, "public")
    client.force_login(stranger)
    assert client.get(reverse(name, args=[deck.pk])).status_code == 404
    client.logout()
    response = client.get(reverse(name, args=[deck.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_stranger_cannot_save_into_or_delete_a_public_deck(client, owner, stranger):
    deck = make_deck(owner, "public")
    human = HumanFactory()
    client.force_login(stranger)
    assert save(client, deck, {"version": 1, "cards": {human.pk: 1}}).status_code == 404
    assert client.post(reverse("deck-delete", args=[deck.pk])).status_code == 404
    deck.refresh_from_db()
    assert deck.version == 1 and not deck.entries.exists()


def test_a_private_deck_cannot_be_copied_by_guessing_its_address(client, owner, stranger):
    deck = make_deck(owner)
    client.force_login(stranger)
    assert client.post(reverse("deck-copy", args=[deck.pk])).status_code == 404
    assert not Deck.objects.filter(owner=stranger).exists()


def test_my_decks_lists_only_mine_with_their_validity(client, owner, stranger):
    mine = make_deck(owner, cards=legal_deck_cards("lord"))
    theirs = services.deck_create(owner=stranger, name="Cudza talia", faction="fallen")
    client.force_login(owner)
    page = client.get(reverse("my-decks")).content.decode()
    assert str(mine.pk) in page and "zgodna" in page
    assert str(theirs.pk) not in page and "Cudza talia" not in page


# --- the builder ------------------------------------------------------------------------------


def test_new_deck_form_creates_a_deck_and_opens_the_builder(client, owner):
    client.force_login(owner)
    response = client.post(reverse("deck-new"), {"name": "Upadli z ognia", "faction": "fallen"})
    deck = Deck.objects.get(owner=owner)
    assert response.status_code == 302
    assert response["Location"] == reverse("deck-edit", args=[deck.pk])
    assert (deck.name, deck.faction, deck.visibility) == ("Upadli z ognia", "fallen", "private")


def test_saving_returns_the_new_version_and_the_panels(client, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    angel = AngelFactory(name="Gabriel Testowy", order="angels")
    response = save(client, deck, {"version": 1, "cards": {str(angel.pk): 2}})
    data = response.json()
    assert response.status_code == 200
    assert data["version"] == 2
    assert data["counts"] == {str(angel.pk): 2}
    assert "Gabriel Testowy" in data["panels"]["deck"]
    assert 'data-code="deck-size"' in data["panels"]["verdict"]
    assert 'data-code="hierarchy-ladder"' not in data["panels"]["verdict"]
    assert 'data-total="all">2<' in data["panels"]["totals"]


def test_the_panel_lists_every_violation_and_marks_the_cards_at_fault(client, owner):
    cards = legal_deck_cards("lord")
    intruder = AngelFactory(faction="fallen", name="Intruz", slug="intruz", order="angels")
    deck = make_deck(owner, cards={**cards, intruder.pk: 1})
    client.force_login(owner)
    page = client.get(reverse("deck-edit", args=[deck.pk])).content.decode()
    assert 'data-code="faction-mix"' in page
    assert "Intruz" in page
    assert f'class="deck-line at-fault" data-card="{intruder.pk}"' in page
    assert page.count("deck-line at-fault") == 1


def test_a_stale_save_is_answered_409_and_keeps_the_newer_deck(client, owner):
    deck = make_deck(owner)
    human = HumanFactory()
    client.force_login(owner)
    assert save(client, deck, {"version": 1, "name": "Pierwsza karta"}).status_code == 200
    response = save(client, deck, {"version": 1, "cards": {human.pk: 1}, "name": "Druga"})
    assert response.status_code == 409
    assert response.json()["current_version"] == 2
    assert "zapisana gdzie indziej" in response.json()["error"]
    deck.refresh_from_db()
    assert deck.name == "Pierwsza karta" and not deck.entries.exists()


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ("not json", 400, "version"),
        ('{"cards": {}}', 400, "version"),
        ('{"version": 1, "cards": [1, 2]}', 400, "cards"),
        ('{"version": 1, "cards": {"1": "dużo"}}', 400, "liczbą"),
        ('{"version": 1, "name": ""}', 400, "nazwę"),
        ('{"version": 1, "cards": {"' + "1" * 10 + '": 1}}', 400, "1111111111"),
        ('{"version": 1, "x": "' + "a" * 70_000 + '"}', 413, "duże"),
    ],
)
def test_bad_saves_get_a_clear_message_and_change_nothing(client, owner, body, status, words):
    deck = make_deck(owner)
    client.force_login(owner)
    response = client.post(
        reverse("deck-save", args=[deck.pk]), body, content_type="application/json"
    )
    assert response.status_code == status
    assert words in response.json()["error"]
    deck.refresh_from_db()
    assert deck.version == 1 and deck.name == "Moja talia"


def test_without_javascript_plus_and_minus_buttons_post_forms(client, owner):
    deck = make_deck(owner)
    human = HumanFactory(name="Matka Testowa")
    client.force_login(owner)
    url = reverse("deck-save", args=[deck.pk])
    response = client.post(url, {"version": 1, "card": human.pk, "delta": "1", "next": "/x/"})
    assert response.status_code == 302 and response["Location"] == "/x/"
    client.post(url, {"version": 2, "card": human.pk, "delta": "1"})
    assert deck.entries.get().count == 2
    client.post(url, {"version": 3, "card": human.pk, "delta": "-1"})
    client.post(url, {"version": 4, "card": human.pk, "delta": "-1"})
    assert not deck.entries.exists()
    deck.refresh_from_db()
    assert deck.version == 5


def test_a_redirect_never_leaves_the_site(client, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    response = client.post(
        reverse("deck-save", args=[deck.pk]),
        {"version": 1, "card": HumanFactory().pk, "delta": "1", "next": "https://evil.example/"},
    )
    assert response["Location"] == deck.get_absolute_url()


def test_the_card_search_offers_cards_that_fit_the_faction(client, owner):
    deck = make_deck(owner)  # a Lord's deck
    AngelFactory(name="Swój", faction="lord")
    AngelFactory(name="Obcy", faction="fallen")
    AngelFactory(name="Niewiadomy", faction="")
    client.force_login(owner)
    url = reverse("deck-edit", args=[deck.pk])
    fragment = client.get(url, HTTP_X_FRAGMENT="cards").content.decode()
    assert fragment.startswith('<div id="card-results"')
    assert "Swój" in fragment and "Niewiadomy" in fragment and "Obcy" not in fragment
    everything = client.get(url, {"all_factions": "1"}, HTTP_X_FRAGMENT="cards").content.decode()
    assert "Obcy" in everything


def test_the_ladder_shows_a_gap_below_the_highest_order(client, owner):
    angels = AngelFactory(order="angels", name="Najniższy")
    powers = AngelFactory(order="powers", level=7, name="Potężny")
    deck = make_deck(owner, cards={angels.pk: 1, powers.pk: 1}, visibility="public")
    page = client.get(deck.get_absolute_url()).content.decode()
    assert page.count('class="rung gap empty"') == 3  # archangels, principalities, virtues
    assert 'data-code="hierarchy-ladder"' in page


def test_delete_asks_first_then_deletes(client, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    url = reverse("deck-delete", args=[deck.pk])
    assert "Tak, usuń" in client.get(url).content.decode()
    assert Deck.objects.filter(pk=deck.pk).exists()
    assert client.post(url).status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_copy_of_a_public_deck_opens_in_the_builder(client, owner, stranger):
    deck = make_deck(owner, "public", cards=legal_deck_cards("lord"))
    client.force_login(stranger)
    response = client.post(reverse("deck-copy", args=[deck.pk]))
    copy = Deck.objects.get(owner=stranger)
    assert response["Location"] == reverse("deck-edit", args=[copy.pk])
    assert copy.copied_from_id == deck.pk and copy.is_valid


def test_sign_up_logs_in_and_leads_to_my_decks(client):
    response = client.post(
        reverse("signup"),
        {"username": "nowy", "password1": "Serafin-z-ognia-9", "password2": "Serafin-z-ognia-9"},
    )
    assert response.status_code == 302 and response["Location"] == reverse("my-decks")
    assert client.get(reverse("my-decks")).context["user"].username == "nowy"


def test_deck_page_in_english(client, owner):
    deck = make_deck(owner, "public")
    client.cookies["django_language"] = "en"
    page = client.get(deck.get_absolute_url()).content.decode()
    assert "The deck has 0 cards" in page
