"""Archiving a deck instead of deleting it: off one's list and the public one, still open by its
link with its history, told in the builder, brought back; deletion still there, offered after."""

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from decks import services
from decks.models import Deck
from decks.services.organising import deck_archive

pytestmark = pytest.mark.django_db


def make_deck(owner, name: str, visibility: str = "public") -> Deck:
    return services.deck_create(
        owner=owner, name=name, options={"faction": "lord"}, visibility=visibility
    )


def listed(response) -> list[str]:
    """Return the names of the decks a list page shows, in order."""
    return re.findall(r'<th scope="row"><a href="[^"]+">([^<]+)</a>', response.content.decode())


def said(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def test_archiving_from_my_decks_moves_the_deck_to_the_archive(signed_in, owner):
    kept = make_deck(owner, "W użyciu")
    old = make_deck(owner, "Stara")
    mine = reverse("my-decks")
    response = signed_in.post(
        reverse("deck-archive", args=[old.pk]), {"archived": "1", "next": mine}
    )
    assert response.url == mine
    assert said(response) == [
        "Talia „Stara” jest w archiwum: nie ma jej na twojej liście ani na liście publicznej, "
        "a jej link i historia działają jak dotąd."
    ]
    assert listed(signed_in.get(mine)) == ["W użyciu"]
    archive = signed_in.get(mine + "?archived=1")
    assert listed(archive) == ["Stara"]
    assert "<h1>Moje talie: archiwum</h1>" in archive.content.decode()
    assert "Przywróć z archiwum" in archive.content.decode()
    kept.refresh_from_db()
    assert not kept.archived


def test_an_archived_deck_leaves_the_public_list_but_opens_by_its_link(signed_in, owner):
    deck = make_deck(owner, "Publiczna w archiwum")
    services.deck_update(deck=deck, expected_version=1, name="Publiczna w archiwum")
    deck_archive(deck=deck)
    assert listed(Client().get(reverse("deck-list"))) == []
    assert listed(Client().get(reverse("deck-list") + "?q=archiwum")) == []
    page = Client().get(deck.get_absolute_url())
    assert page.status_code == 200
    # Its history stays whole: both versions are there, and nothing moved its version.
    history = Client().get(reverse("deck-history", args=[deck.pk]))
    assert history.status_code == 200
    deck.refresh_from_db()
    assert (deck.version, deck.versions.count()) == (2, 2)


def test_a_visitor_is_not_told_of_the_archive(owner):
    deck = make_deck(owner, "Publiczna")
    deck_archive(deck=deck)
    page = Client().get(deck.get_absolute_url()).content.decode()
    assert "data-archived" not in page
    assert "Przywróć z archiwum" not in page


def test_the_owner_is_told_on_the_deck_page_and_in_the_builder(signed_in, owner):
    deck = make_deck(owner, "Schowana", visibility="private")
    deck_archive(deck=deck)
    for url in (deck.get_absolute_url(), reverse("deck-edit", args=[deck.pk])):
        page = signed_in.get(url).content.decode()
        assert "Ta talia jest w archiwum" in page, url
        assert re.search(r'name="archived"[^>]* value="0"', page), url


def test_a_deck_comes_back_from_the_archive(signed_in, owner):
    deck = make_deck(owner, "Wraca")
    deck_archive(deck=deck)
    response = signed_in.post(
        reverse("deck-archive", args=[deck.pk]), {"archived": "0", "next": deck.get_absolute_url()}
    )
    assert said(response) == ["Talia „Wraca” wróciła z archiwum."]
    assert response.url == deck.get_absolute_url()
    assert listed(signed_in.get(reverse("my-decks"))) == ["Wraca"]
    assert listed(Client().get(reverse("deck-list"))) == ["Wraca"]


def test_the_page_and_the_list_offer_the_archive_before_deletion(signed_in, owner):
    deck = make_deck(owner, "Do wyboru")
    for url in (deck.get_absolute_url(), reverse("my-decks")):
        page = signed_in.get(url).content.decode()
        archive = page.index(f'action="/decks/{deck.pk}/archive/"')
        assert archive < page.index(f'href="/decks/{deck.pk}/delete/"'), url
    confirm = signed_in.get(reverse("deck-delete", args=[deck.pk])).content.decode()
    assert "Wolisz ją tylko schować?" in confirm
    assert confirm.index("Do archiwum") < confirm.index("Tak, usuń")


def test_deletion_stays_for_an_archived_deck(signed_in, owner):
    deck = make_deck(owner, "Na zawsze")
    deck_archive(deck=deck)
    confirm = signed_in.get(reverse("deck-delete", args=[deck.pk])).content.decode()
    assert "Wolisz ją tylko schować?" not in confirm  # it is put away already
    signed_in.post(reverse("deck-delete", args=[deck.pk]))
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_only_the_owner_archives(client, owner, stranger):
    deck = make_deck(owner, "Cudza")
    client.force_login(stranger)
    assert (
        client.post(reverse("deck-archive", args=[deck.pk]), {"archived": "1"}).status_code == 404
    )
    deck.refresh_from_db()
    assert not deck.archived


def test_archiving_is_no_save_of_the_deck(owner):
    deck = make_deck(owner, "Bez zmian")
    updated = deck.updated
    deck_archive(deck=deck)
    deck.refresh_from_db()
    assert deck.archived
    assert (deck.version, deck.updated) == (1, updated)
