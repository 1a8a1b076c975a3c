"""What was typed comes first: the card named so, then names starting so, then the rest.

On the real fixture cards: `rakuel` finds RAKUEL and the cards whose text mentions it (BELFEGOR,
MAROCJASZ, which come first by name); the catalogue, the builder and the API put RAKUEL first.
"""

import pytest
from django.conf import settings
from django.urls import reverse

from cardbase.search.cards import search_cards
from cardbase.services import load_catalogue
from cardsearch import fold
from decks import services
from tests.factories import AngelFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture_cards():
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")


def names(response) -> list[str]:
    return [card.name for card in response.context["page"].object_list]


def test_the_card_named_as_typed_comes_before_the_cards_mentioning_it(fixture_cards):
    result = search_cards(query="rakuel")
    by_name = sorted(result.queryset.values_list("name", flat=True))
    assert by_name.index("Rakuel") > by_name.index("Belfegor")  # what the name order gave
    assert [card.name for card in result.ranked()][0] == "Rakuel"
    assert sorted(card.name for card in result.ranked()) == by_name  # the same cards


def test_exact_then_prefix_then_name_holding_then_text_ignoring_case_and_diacritics(db):
    AngelFactory(name="Archanioł", text="Święty Gabriel go wzywa.")
    AngelFactory(name="Wielki Gabriel")
    AngelFactory(name="Gabriela Wielka")
    AngelFactory(name="Gabriel")
    for query in ("gabriel", "GABRIEL", "Gabriel"):
        ranked = [card.name for card in search_cards(query=query).ranked()]
        assert ranked == ["Gabriel", "Gabriela Wielka", "Wielki Gabriel", "Archanioł"]
    AngelFactory(name="Święty Gniew")
    AngelFactory(name="Gniew", text="Jak święty gniew.")
    ranked = [card.name for card in search_cards(query="swiety gniew").ranked()]
    assert ranked == ["Święty Gniew", "Gniew"]


def test_the_catalogue_ranks_the_query_unless_a_sort_is_chosen(client, fixture_cards):
    url = reverse("card-list")
    assert names(client.get(url, {"q": "rakuel"}))[0] == "Rakuel"
    # The form sends an empty sort ("best match") when none is chosen.
    assert names(client.get(url, {"q": "rakuel", "sort": ""}))[0] == "Rakuel"
    chosen = names(client.get(url, {"q": "rakuel", "sort": "name"}))
    assert chosen == sorted(chosen, key=fold) and chosen[0] != "Rakuel"
    # Without a query the default stays the name order.
    everything = names(client.get(url))
    assert everything == sorted(everything, key=fold)


def test_the_sort_select_offers_the_best_match_not_a_dash(client, fixture_cards):
    body = client.get(reverse("card-list"), {"q": "rakuel"}).content.decode()
    assert '<option value="" selected>najlepiej pasujące</option>' in body


def test_the_builder_search_ranks_the_query(client, fixture_cards):
    owner = UserFactory(username="budowniczy")
    deck = services.deck_create(owner=owner, name="Próba", options={"faction": "fallen"}, cards={})
    client.force_login(owner)
    response = client.get(
        reverse("deck-edit", kwargs={"deck_id": deck.pk}),
        {"q": "rakuel", "all_cards": "1"},
        HTTP_X_FRAGMENT="cards",
    )
    found = [card.name for card in response.context["search"].page.object_list]
    assert found[0] == "Rakuel" and len(found) > 1
