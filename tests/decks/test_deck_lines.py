"""The builder's rows as written in Python: every form posts what the save needs, names escaped."""

import html
import re

import pytest
from django.urls import reverse

from decks import services
from tests.factories import AngelFactory, HumanFactory

pytestmark = pytest.mark.django_db

ODD_NAME = '<b>"Zły" & Co</b>'


@pytest.fixture
def deck(owner):
    angel = AngelFactory(name=ODD_NAME)
    HumanFactory(name="Anna")
    return services.deck_create(
        owner=owner, name="Próba", options={"faction": "lord"}, cards={angel.pk: 2}
    )


def builder(client, deck) -> str:
    client.force_login(deck.owner)
    response = client.get(reverse("deck-edit", args=[deck.pk]), HTTP_ACCEPT_LANGUAGE="pl")
    assert response.status_code == 200
    return response.content.decode()


def test_a_name_is_escaped_wherever_a_row_shows_it(client, deck):
    page = builder(client, deck)
    assert ODD_NAME not in page
    escaped = html.escape(ODD_NAME)
    assert f'data-name="{escaped}"' in page  # the deck line and the search result
    assert f'aria-label="Dodaj kopię: {escaped}"' in page
    assert f'aria-label="Usuń kopię: {escaped}"' in page


def test_every_row_form_posts_the_token_the_version_and_its_card(client, deck):
    page = builder(client, deck)
    forms = re.findall(r'<form class="count-buttons".*?</form>', page, re.S)
    # The angel's deck line, and one search result per card.
    assert len(forms) == 3
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    for form in forms:
        assert f'action="{reverse("deck-save", args=[deck.pk])}"' in form
        assert f'name="csrfmiddlewaretoken" value="{token}"' in form
        assert f'name="version" value="{deck.version}"' in form
        assert re.search(r'name="card" value="\d+"', form)
    # A search result adds to the card's home section; a deck line to its own section.
    assert sum('data-home="' in form for form in forms) == 2
    assert sum('data-section="' in form for form in forms) == 1


def test_the_counts_show_what_the_deck_holds(client, deck):
    page = builder(client, deck)
    angel_id = deck.entries.get().card_id
    assert re.search(rf'data-count-for-card="{angel_id}">2<', page)
    assert re.search(rf'data-count-for="{angel_id}:[^"]*">2<', page)
