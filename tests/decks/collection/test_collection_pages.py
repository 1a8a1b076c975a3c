"""The collection's pages: a pasted list or CSV saved whole or not at all, +/- from a card's page,
the want list, and the read-only link."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from decks.models import Collection, OwnedCard
from decks.selectors.collection import owned_counts
from decks.services import collection as services
from tests.factories import AngelFactory, EditionFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def abaddon():
    return AngelFactory(name="Abaddon", slug="abaddon")


@pytest.fixture
def player(client, owner):
    client.force_login(owner)
    return client


def test_the_collection_asks_a_visitor_to_sign_in(client):
    response = client.get(reverse("collection-game", args=["aniolowie"]))

    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_a_pasted_list_is_saved_and_shown(player, owner, gaap, abaddon):
    url = reverse("collection-paste", args=["aniolowie"])

    response = player.post(url, {"text": "3 Gaap\n1 abaddon", "mode": "add"}, follow=True)

    assert owned_counts(user=owner) == {gaap.pk: 3, abaddon.pk: 1}
    page = response.content.decode()
    assert "Zapisano 2 kart" in page
    assert "Masz 2 różnych kart (4 kopii)" in page


def test_a_faulty_paste_saves_nothing_and_names_each_line(player, owner, gaap):
    services.set_owned(owner=owner, card=gaap, count=1)
    url = reverse("collection-paste", args=["aniolowie"])

    response = player.post(url, {"text": "3 Gaap\n2 Gapp\n0 Gaap", "mode": "replace"})

    assert response.status_code == 400
    page = response.content.decode()
    assert 'data-line="2"' in page and 'data-line="3"' in page
    assert "3 Gaap" in page  # the paste comes back to be fixed
    assert owned_counts(user=owner) == {gaap.pk: 1}


def test_an_unknown_game_is_not_found(player):
    assert player.get(reverse("collection-game", args=["szachy"])).status_code == 404


def test_a_csv_downloaded_uploads_back_the_same(player, owner, gaap, abaddon):
    EditionFactory(game=gaap.game, slug="podstawowa")
    services.import_owned(
        owner=owner,
        game=gaap.game,
        counts={gaap.pk: 3, abaddon.pk: 2},
        editions={gaap.pk: {"podstawowa": 1}},
        replace=False,
    )
    csv = player.get(reverse("collection-csv", args=["aniolowie"]))
    assert csv["Content-Type"].startswith("text/csv")
    services.import_owned(owner=owner, game=gaap.game, counts={}, replace=True)

    upload = SimpleUploadedFile("kolekcja.csv", csv.content, content_type="text/csv")
    player.post(reverse("collection-upload", args=["aniolowie"]), {"file": upload, "mode": "add"})

    assert owned_counts(user=owner) == {gaap.pk: 3, abaddon.pk: 2}
    assert OwnedCard.objects.get(card=gaap).editions == {"podstawowa": 1}


def test_a_bad_csv_row_saves_nothing(player, owner, gaap):
    upload = SimpleUploadedFile("k.csv", b"card,count\ngaap,2\nnobody,1\n")

    response = player.post(
        reverse("collection-upload", args=["aniolowie"]), {"file": upload, "mode": "add"}
    )

    assert response.status_code == 400
    assert 'data-line="3"' in response.content.decode()
    assert owned_counts(user=owner) == {}


def test_plus_and_minus_on_a_cards_page_change_the_copies(player, owner, gaap):
    url = reverse("collection-card", args=[gaap.pk])
    card_page = gaap.get_absolute_url()

    player.post(url, {"change": "1", "next": card_page})
    response = player.post(url, {"change": "1", "next": card_page}, follow=True)

    assert owned_counts(user=owner) == {gaap.pk: 2}
    assert response.redirect_chain[-1][0] == card_page
    assert f'data-owned-for="{gaap.pk}">2<' in response.content.decode()


def test_a_bad_count_is_told_and_changes_nothing(player, owner, gaap):
    response = player.post(
        reverse("collection-card", args=[gaap.pk]), {"count": "1000"}, follow=True
    )

    assert owned_counts(user=owner) == {}
    said = [str(message) for message in response.context["messages"]]
    assert len(said) == 1 and "99" in said[0]


def test_the_next_address_never_leaves_the_site(player, gaap):
    response = player.post(
        reverse("collection-card", args=[gaap.pk]), {"change": "1", "next": "https://evil.test/"}
    )

    assert response["Location"] == gaap.get_absolute_url()


def test_the_want_list_exports_as_text_in_the_import_format(player, owner, gaap, abaddon):
    services.set_wanted(owner=owner, card=gaap, count=2)
    services.set_wanted(owner=owner, card=abaddon, count=1)

    text = player.get(reverse("wanted-text", args=["aniolowie"])).content.decode()

    assert text.splitlines()[1:] == ["1 Abaddon", "2 Gaap"]


def test_a_shared_link_shows_the_collection_until_it_is_closed(client, owner, gaap):
    services.set_owned(owner=owner, card=gaap, count=2)
    key = services.share_collection(owner=owner, shared=True)
    url = reverse("collection-shared", args=[key, "aniolowie"])

    response = client.get(url)
    assert response.status_code == 200
    assert "Gaap" in response.content.decode()
    assert "<form" not in response.content.decode().split('<main class="content">')[1]

    services.share_collection(owner=owner, shared=False)
    assert client.get(url).status_code == 404


def test_a_private_collection_has_no_working_link(client, owner):
    Collection.objects.create(owner=owner)

    assert client.get(reverse("collection-shared", args=["x" * 22, "aniolowie"])).status_code == 404


def test_a_change_out_of_range_is_told_and_changes_nothing(player, owner, gaap):
    response = player.post(
        reverse("collection-card", args=[gaap.pk]), {"change": "500"}, follow=True
    )

    assert owned_counts(user=owner) == {}
    said = [str(message) for message in response.context["messages"]]
    assert len(said) == 1 and "99" in said[0]
