"""A fork names its original only where the original is public, or to the original's owner."""

import pytest
from rest_framework.test import APIClient

from decks import services
from decks.services.editing import deck_copy
from tests.factories import UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


@pytest.fixture
def author():
    return UserFactory(username="autor")


def fork_of(original):
    """Return a public fork of `original` by another player."""
    fork = deck_copy(deck=original, owner=UserFactory(username="kopista"))
    return services.deck_update(deck=fork, expected_version=1, visibility="public")


def deck_of(author, visibility):
    return services.deck_create(
        owner=author,
        name="Oryginał",
        options={"faction": "lord"},
        visibility=visibility,
        cards=legal_deck_cards("lord"),
    )


def test_a_public_fork_of_an_unlisted_deck_does_not_link_to_it(client):
    original = deck_of(UserFactory(), "unlisted")
    fork = fork_of(original)
    response = client.get(fork.get_absolute_url())
    html = response.content.decode()
    assert response.context["original"] is None
    assert str(original.pk) not in html and "kopia talii" not in html
    assert "kopia innej talii" in html


def test_nor_for_a_signed_in_stranger(client):
    original = deck_of(UserFactory(), "unlisted")
    fork = fork_of(original)
    client.force_login(UserFactory(username="obcy"))
    html = client.get(fork.get_absolute_url()).content.decode()
    assert str(original.pk) not in html and "kopia innej talii" in html


@pytest.mark.parametrize("visibility", ["unlisted", "private"])
def test_the_owner_of_the_original_still_sees_the_link(client, author, visibility):
    original = deck_of(author, visibility)
    fork = fork_of(original)
    client.force_login(author)
    html = client.get(fork.get_absolute_url()).content.decode()
    assert f'<a href="{original.get_absolute_url()}">kopia talii „Oryginał”</a>' in html


def test_a_fork_of_a_public_deck_links_to_it_for_everyone(client, author):
    fork = fork_of(deck_of(author, "public"))
    html = client.get(fork.get_absolute_url()).content.decode()
    assert "kopia talii „Oryginał”" in html


def test_the_api_names_no_unlisted_original(author):
    original = deck_of(author, "unlisted")
    fork = fork_of(original)
    response = APIClient().get(f"/api/v1/decks/{fork.pk}/")
    assert response.status_code == 200
    assert str(original.pk) not in response.content.decode()
