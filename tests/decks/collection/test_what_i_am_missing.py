"""A deck's page tells a signed-in viewer what they own of it and what they lack."""

import pytest
from django.urls import reverse

from decks.models import Visibility, WantedCard
from decks.services import collection as services
from decks.services.editing import deck_create
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def abaddon():
    return AngelFactory(name="Abaddon", slug="abaddon")


@pytest.fixture
def public_deck(stranger, gaap, abaddon):
    return deck_create(
        owner=stranger,
        name="Cudza",
        options={"faction": "fallen"},
        cards={gaap.pk: 3, abaddon.pk: 1},
        visibility=Visibility.PUBLIC,
    )


def _page(client, deck):
    return client.get(deck.get_absolute_url()).content.decode()


def test_the_page_lists_what_the_viewer_lacks(client, owner, gaap, public_deck):
    services.set_owned(owner=owner, card=gaap, count=1)
    client.force_login(owner)

    page = _page(client, public_deck)

    assert "Brakuje ci kopii: 3 (różnych kart: 2)" in page
    missing = page.split('id="missing-cards"')[1].split("</ul>")[0]
    assert "1 × <a" in missing and "Abaddon" in missing
    assert "2 × <a" in missing and "masz 1 z 3" in missing
    assert (
        f'class="owned-mark missing" data-owned-mark="{gaap.pk}" data-needed="3"'
        ' title="Masz 1 z 3: brakuje 2">1/3<'
    ) in page


def test_a_viewer_who_owns_everything_is_told_so(client, owner, gaap, abaddon, public_deck):
    services.import_owned(
        owner=owner, game=gaap.game, counts={gaap.pk: 3, abaddon.pk: 5}, replace=False
    )
    client.force_login(owner)

    page = _page(client, public_deck)

    assert "Masz wszystkie karty tej talii." in page
    assert 'id="missing-cards"' not in page


def test_a_viewer_without_a_collection_is_invited_not_told_they_lack_all(
    client, owner, public_deck
):
    client.force_login(owner)

    page = _page(client, public_deck)

    assert "Wpisz karty, które masz" in page
    assert "owned-mark" not in page


def test_a_visitor_sees_nothing_of_collections(client, public_deck):
    page = _page(client, public_deck)

    assert 'id="deck-ownership"' not in page


def test_a_change_to_the_collection_is_never_answered_with_an_old_page(
    client, owner, gaap, public_deck
):
    client.force_login(owner)
    services.set_owned(owner=owner, card=gaap, count=1)
    first = client.get(public_deck.get_absolute_url())

    services.set_owned(owner=owner, card=gaap, count=3)
    again = client.get(public_deck.get_absolute_url(), HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 200
    assert "masz 3 z 3" not in again.content.decode()  # Gaap is no longer missing
    assert "Brakuje ci kopii: 1 (różnych kart: 1)" in again.content.decode()


def test_what_is_missing_goes_on_the_want_list(client, owner, gaap, public_deck):
    services.set_owned(owner=owner, card=gaap, count=1)
    client.force_login(owner)

    response = client.post(reverse("deck-want-missing", args=[public_deck.pk]), follow=True)

    assert dict(WantedCard.objects.values_list("card__name", "count")) == {
        "Gaap": 2,
        "Abaddon": 1,
    }
    assert "Dodano 2 kart" in response.content.decode()


def test_a_private_deck_of_another_gives_no_want_list(client, owner, stranger, gaap):
    deck = deck_create(
        owner=stranger, name="Tajna", options={"faction": "fallen"}, cards={gaap.pk: 2}
    )
    client.force_login(owner)

    response = client.post(reverse("deck-want-missing", args=[deck.pk]))

    assert response.status_code == 404
    assert not WantedCard.objects.exists()


def test_the_builder_marks_the_owners_lines(client, owner, gaap):
    deck = deck_create(owner=owner, name="Moja", options={"faction": "fallen"}, cards={gaap.pk: 2})
    services.set_owned(owner=owner, card=gaap, count=2)
    client.force_login(owner)

    page = client.get(reverse("deck-edit", args=[deck.pk])).content.decode()

    assert (
        f'class="owned-mark" data-owned-mark="{gaap.pk}" data-needed="2"'
        ' title="Masz 2: wystarczy">✓ 2<'
    ) in page


def test_the_builders_search_keeps_only_the_owners_cards(client, owner, gaap, abaddon):
    deck = deck_create(owner=owner, name="Moja", options={"faction": "fallen"}, cards={})
    services.set_owned(owner=owner, card=gaap, count=2)
    client.force_login(owner)
    url = reverse("deck-edit", args=[deck.pk])

    by_key = client.get(url, {"q": "mam>=2", "all_cards": "1"}).context["search"]
    by_filter = client.get(url, {"collection": "missing", "all_cards": "1"}).context["search"]

    assert [card.name for card in by_key.page.object_list] == ["Gaap"]
    assert "Gaap" not in [card.name for card in by_filter.page.object_list]
    assert "Abaddon" in [card.name for card in by_filter.page.object_list]
