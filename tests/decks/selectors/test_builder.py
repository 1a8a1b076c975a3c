"""The builder's facet counts and total: the deck's options applied to the game's own groups
give what the options' SQL filter finds."""

import pytest
from django.http import QueryDict

from cardbase.filters import CardFilter
from cardbase.models import Card
from decks import services
from decks.selectors.builder import builder_cards, fitting_options, fitting_options_q
from tests.factories import AngelFactory, HumanFactory, InterventionFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    AngelFactory(faction="lord", order="angels", color="gold")
    AngelFactory(faction="lord", order="powers")
    AngelFactory(faction="fallen", order="powers", color="black")
    AngelFactory(faction="fallen", order="angels")
    AngelFactory(faction=None, order="powers")  # faction unknown: it fits either side
    HumanFactory(sex="female")  # no faction at all
    InterventionFactory(faction="any")
    InterventionFactory(faction="fallen")


def query(**params) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in params.items():
        data.setlist(name, value if isinstance(value, list) else [value])
    return data


def fitting_count(deck, params: QueryDict) -> int:
    """Count the fitting cards `params` keeps, as the builder's SQL filter does."""
    base = Card.objects.of_game("aniolowie").filter(fitting_options_q(deck))
    filterset = CardFilter(params, queryset=base, game="aniolowie")
    assert filterset.is_valid()
    return filterset.qs.count()


@pytest.mark.parametrize("side", ["lord", "fallen"])
@pytest.mark.parametrize(
    "params", [{}, {"kind": "angel"}, {"order": "powers"}, {"faction": "any", "kind": "angel"}]
)
def test_each_count_is_what_the_deck_s_fitting_cards_hold(owner, cards, side, params):
    deck = services.deck_create(owner=owner, name="Próba", options={"faction": side}, cards={})
    assert fitting_options(deck) == {"faction": [side, "any"]}
    params = query(**params)
    search = builder_cards(deck=deck, params=params, page_number=None)
    assert search.page.paginator.count == fitting_count(deck, params)
    for facet in search.facets:
        for option in facet.options:
            chosen = params.copy()
            chosen.setlist(facet.name, [option.value])
            assert option.count == fitting_count(deck, chosen), (facet.name, option.value)


def test_every_card_counts_when_the_player_asks_for_all(owner, cards):
    deck = services.deck_create(owner=owner, name="Próba", options={"faction": "lord"}, cards={})
    search = builder_cards(deck=deck, params=query(all_cards="1"), page_number=None)
    assert search.page.paginator.count == Card.objects.count() == 8
