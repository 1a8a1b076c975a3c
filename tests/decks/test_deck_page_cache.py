"""Shared deck pages in the page cache: every save, like, visibility change shows at once."""

import pytest
from django.test import Client

from cardbase.catalogue_version import current_version, held
from decks import services
from decks.models import Deck
from decks.selectors.page_version import deck_page_version
from decks.services.editing import deck_copy
from decks.services.likes import deck_like, deck_unlike
from decks.services.verdicts import revalidate_decks
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def card():
    return AngelFactory(name="Testiel Talii", faction="lord")


@pytest.fixture
def deck(owner, card):
    return services.deck_create(
        owner=owner,
        name="Talia do pamięci",
        options={"faction": "lord"},
        visibility="public",
        cards={card.pk: 1},
    )


def body(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def test_a_second_anonymous_visit_is_served_from_the_cache(deck, django_assert_num_queries):
    url = deck.get_absolute_url()
    body(Client().get(url))
    with django_assert_num_queries(1):  # the deck's row and the catalogue's version at once
        assert "Talia do pamięci" in body(Client().get(url))


def test_a_cached_hit_is_one_query_and_an_edit_still_renders_anew(
    deck, stranger, django_assert_num_queries
):
    url = deck.get_absolute_url()
    assert 'data-likes="0"' in body(Client().get(url))
    with django_assert_num_queries(1) as hit:
        assert 'data-likes="0"' in body(Client().get(url))
    (query,) = hit.captured_queries
    assert "decks_deck" in query["sql"]
    assert "cardbase_catalogueversion" in query["sql"]
    deck_like(deck=deck, user=stranger)
    assert 'data-likes="1"' in body(Client().get(url))
    deck.refresh_from_db()
    services.deck_update(deck=deck, expected_version=deck.version, name="Talia po zmianie")
    page = body(Client().get(url))
    assert "Talia po zmianie" in page
    assert 'data-likes="1"' in page
    with django_assert_num_queries(1):  # and that page is the one cached now
        again = body(Client().get(url))
    assert "Talia po zmianie" in again
    assert 'data-likes="1"' in again


def test_a_save_shows_at_once(deck):
    url = deck.get_absolute_url()
    body(Client().get(url))
    services.deck_update(deck=deck, expected_version=deck.version, name="Talia po zmianie")
    assert "Talia po zmianie" in body(Client().get(url))


def test_a_like_shows_at_once(deck, stranger):
    url = deck.get_absolute_url()
    assert 'data-likes="0"' in body(Client().get(url))
    deck_like(deck=deck, user=stranger)
    assert 'data-likes="1"' in body(Client().get(url))
    deck_unlike(deck=deck, user=stranger)
    assert 'data-likes="0"' in body(Client().get(url))


def test_a_deck_made_private_is_gone_at_once(deck):
    url = deck.get_absolute_url()
    body(Client().get(url))
    services.deck_update(deck=deck, expected_version=deck.version, visibility="private")
    assert Client().get(url).status_code == 404


def test_a_deleted_deck_is_gone_at_once(deck):
    url = deck.get_absolute_url()
    body(Client().get(url))
    services.deck_delete(deck=deck)
    assert Client().get(url).status_code == 404


def test_an_unlisted_deck_is_cached_under_its_own_address(owner, card, django_assert_num_queries):
    deck = services.deck_create(
        owner=owner, name="Przez link", options={"faction": "lord"}, visibility="unlisted"
    )
    url = deck.get_absolute_url()
    body(Client().get(url))
    with django_assert_num_queries(1):
        assert "Przez link" in body(Client().get(url))


def test_a_card_corrected_in_the_catalogue_shows_at_once_on_the_deck(deck, card):
    url = deck.get_absolute_url()
    assert "Testiel Talii" in body(Client().get(url))
    card.name = "Testiel Poprawiony"
    card.save()
    assert "Testiel Poprawiony" in body(Client().get(url))


def test_a_verdict_judged_anew_after_the_catalogue_changed_shows_at_once(deck):
    # As the deck stands between a card's correction (the catalogue's version has moved) and
    # the queued task that judges it anew: its stored verdict is still the old one.
    Deck.objects.filter(pk=deck.pk).update(verdict={"valid": True, "violations": []}, is_valid=True)
    url = deck.get_absolute_url()
    legal = "Talia jest zgodna z zasadami budowania talii."
    assert legal in body(Client().get(url))

    assert revalidate_decks(decks=Deck.objects.filter(pk=deck.pk)) == 1

    page = body(Client().get(url))
    assert legal not in page
    assert "musi mieć co najmniej" in page


def test_the_owner_and_other_players_get_their_own_page(deck, owner, stranger):
    url = deck.get_absolute_url()
    anonymous = body(Client().get(url))
    assert "/edit/" not in anonymous
    as_owner = Client()
    as_owner.force_login(owner)
    assert f"{url}edit/" in body(as_owner.get(url))
    as_stranger = Client()
    as_stranger.force_login(stranger)
    page = body(as_stranger.get(url))
    assert "obcy" in page
    assert f"{url}edit/" not in page
    assert "/edit/" not in body(Client().get(url))


def test_a_like_is_a_new_etag_for_the_player_who_liked(deck, stranger):
    url = deck.get_absolute_url()
    client = Client()
    client.force_login(stranger)
    etag = client.get(url)["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    deck_like(deck=deck, user=stranger)
    response = client.get(url, headers={"if-none-match": etag})
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_the_page_version_is_none_for_private_and_missing_decks(owner):
    private = services.deck_create(owner=owner, name="Moja", options={"faction": "lord"})
    assert deck_page_version(private.pk) is None
    assert deck_page_version("not-a-uuid") is None
    assert deck_page_version("0b7e7dc6-4a39-4a4e-9d5c-5d1f0a0b0c0d") is None


def test_the_page_version_holds_the_catalogue_version_for_the_request(
    deck, django_assert_num_queries
):
    with held(), django_assert_num_queries(1):
        version = deck_page_version(deck.pk)
        assert current_version() == version.split(":")[0]
    assert current_version() == version.split(":")[0]


def test_the_page_version_moves_with_what_the_page_shows(deck, stranger, card):
    seen = {deck_page_version(deck.pk)}
    deck = services.deck_update(deck=deck, expected_version=deck.version, description="Opis")
    seen.add(deck_page_version(deck.pk))
    deck_like(deck=deck, user=stranger)
    seen.add(deck_page_version(deck.pk))
    card.text = "Zmieniony tekst"
    card.save()
    seen.add(deck_page_version(deck.pk))
    owner = deck.owner
    owner.username = "nowe-imie"
    owner.save()
    seen.add(deck_page_version(deck.pk))
    assert len(seen) == 5


def test_a_fork_page_follows_its_original_going_private(deck, stranger):
    fork = deck_copy(deck=deck, owner=stranger)
    fork = services.deck_update(deck=fork, expected_version=fork.version, visibility="public")
    url = fork.get_absolute_url()
    assert deck.get_absolute_url() in body(Client().get(url))
    services.deck_update(deck=deck, expected_version=deck.version, visibility="private")
    assert deck.get_absolute_url() not in body(Client().get(url))
