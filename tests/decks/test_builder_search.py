"""The builder's search box: a bad query shown with its error and the syntax page, "did you
mean" on an empty result."""

import html
import re

import pytest
from django.urls import reverse

from decks import services
from tests.factories import AngelFactory, HumanFactory

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


def facet_counts(shown: str, facet: str) -> dict[str, int]:
    """Return the counts one facet of a builder answer shows, by value."""
    block = shown[shown.index(f'data-facet="{facet}"') :]
    block = block[: block.index("</div>")]
    return {
        value: int(count)
        for value, count in re.findall(
            r'data-value="([^"]+)".*?<span class="facet-count">\((\d+)\)</span>', block, re.S
        )
    }


def test_each_facet_value_shows_the_cards_it_would_add_with_the_other_filters(client, deck):
    AngelFactory(name="Gabriel", level=3)
    AngelFactory(name="Rafael", level=4)
    HumanFactory(name="Anna")
    everything = facet_counts(results(client, deck), "kind")
    assert everything["angel"] == 2 and everything["human"] == 1
    # The query narrows the other facets' counts, not the results alone.
    narrowed = facet_counts(results(client, deck, q="Gabriel"), "kind")
    assert narrowed["angel"] == 1 and narrowed["human"] == 0
    # A value chosen in a facet leaves that facet's own counts as they were.
    chosen = facet_counts(results(client, deck, kind="human"), "kind")
    assert chosen["angel"] == 2 and chosen["human"] == 1
