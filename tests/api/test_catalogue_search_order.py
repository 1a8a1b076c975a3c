"""The card list with `q` and no `ordering`: the card named as typed first, then the rest."""

import pytest
from django.conf import settings

from cardbase.services import load_catalogue
from cardsearch import fold

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture_cards():
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")


def names(client, query: str) -> list[str]:
    response = client.get(f"/api/v1/cards/?{query}")
    assert response.status_code == 200, response.content
    return [card["name"] for card in response.json()["results"]]


def test_q_without_ordering_puts_the_card_named_so_first(client, fixture_cards):
    found = names(client, "q=rakuel")
    assert found[0] == "Rakuel"
    assert sorted(found) == sorted(names(client, "q=rakuel&ordering=name"))
    assert names(client, "q=RAKUEL&game=aniolowie")[0] == "Rakuel"


def test_an_explicit_ordering_wins_over_the_ranking(client, fixture_cards):
    ordered = names(client, "q=rakuel&ordering=name")
    assert ordered == sorted(ordered, key=fold) and ordered[0] != "Rakuel"
    assert names(client, "q=rakuel&sort=-name") == ordered[::-1]


def test_without_q_the_default_stays_the_name(client, fixture_cards):
    found = names(client, "page_size=100")
    assert found == sorted(found, key=fold)
