"""The facets' counts and a card page's related cards read their indexes (SQLite's plans)."""

import re

import pytest
from django.db import connection
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext

from cardbase.attribute_slots import declared_slots
from cardbase.filters import CardFilter
from cardbase.models import Card
from cardbase.selectors.card_page import related_cards
from cardbase.selectors.facets import facets_of
from tests.factories import AngelFactory

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's planner, on SQLite only"),
]


@pytest.fixture
def angels():
    # 30 of each order: more than a card page shows, so it counts the rest.
    for n in range(90):
        AngelFactory(name=f"Anioł {n:02d}", order=("angels", "powers", "virtues")[n % 3])
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def plans(run, reading: str) -> list[str]:
    """Return SQLite's plan of each query `run` makes whose SQL holds `reading`."""
    with CaptureQueriesContext(connection) as captured:
        run()
    found = []
    with connection.cursor() as cursor:
        for query in captured.captured_queries:
            if reading in query["sql"]:
                cursor.execute("EXPLAIN QUERY PLAN " + query["sql"])
                found.append(" | ".join(row[-1] for row in cursor.fetchall()))
    return found


def test_the_facets_counts_read_the_facet_index_alone(angels):
    params = QueryDict("faction=lord")
    filterset = CardFilter(params, queryset=Card.objects.all())
    assert filterset.is_valid()
    grouped = plans(lambda: facets_of(filterset=filterset, params=params), "GROUP BY")
    # In the index's order: no sort, and no card's JSON read.
    assert grouped == ["SCAN cardbase_card USING COVERING INDEX card_facets"]


def test_the_related_cards_and_their_number_read_the_order_index(angels):
    card = Card.objects.filter(attributes__order="powers").order_by("pk").first()
    slot = declared_slots(card.game_rules)["order"]
    related = plans(lambda: related_cards(card=card), f'"{slot}" =')
    # The first few by name, then their number: both seek the game's order in its slot's index.
    assert len(related) == 2, related
    for plan in related:
        assert re.search(rf"INDEX card_(slot|named)_{slot} \(game_id=\? AND {slot}=\?\)", plan)
