"""The builder's search box: a bad query shown with its error and the syntax page, "did you
mean" on an empty result."""

import html

import pytest
from django.urls import reverse

from decks import services
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(owner):
    return services.deck_create(owner=owner, name="Próba", options={"faction": "lord"}, cards={})


def results(client, deck, **params) -> str:
    client.force_login(deck.owner)
    response = client.get(
        reverse("deck-edit", args=[deck.pk]),
        params,
        HTTP_X_FRAGMENT="cards",
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_a_bad_query_shows_its_error_where_it_is_and_the_syntax_page(client, deck):
    AngelFactory(name="Gabriel")
    shown = results(client, deck, q="zakon:xyz")
    assert shown.startswith('<div id="card-results"')
    assert "oczekiwano" in shown and "„xyz”" in shown
    assert 'class="search-caret"' in shown and "^" in shown
    assert f'href="{reverse("card-search-syntax")}"' in shown
    assert "Gabriel" not in shown


def test_a_good_query_shows_no_error(client, deck):
    AngelFactory(name="Gabriel")
    shown = results(client, deck, q="gabriel")
    assert "search-error" not in shown and "Gabriel" in shown


def test_an_empty_result_offers_the_corrected_query_as_a_link(client, deck):
    AngelFactory(name="Gabriel", faction="lord")
    shown = results(client, deck, q="gabriell")
    assert 'Czy chodziło ci o: <a href="?q=gabriel">gabriel</a>?' in shown
    assert "Czy chodziło ci o" not in results(client, deck, q="gabriel")


def test_no_suggestion_that_the_deck_s_options_would_hide(client, deck):
    AngelFactory(name="Gabriel", faction="fallen")  # does not fit a Lord's deck
    assert "Czy chodziło ci o" not in results(client, deck, q="gabriell")
    shown = results(client, deck, q="gabriell", all_cards="1")
    assert "Czy chodziło ci o:" in shown and "all_cards=1" in shown
