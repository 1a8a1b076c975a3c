"""The cards API's number of queries, pinned: a query per card (N+1) fails here.

Each address is asked with a catalogue of a size, then with twice as many cards.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.cardbase.test_query_counts import add_cards, on_this_database
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    add_cards()
    return AngelFactory(name="Gammon", slug="gammon", faction="fallen", order="powers", level=7)


# First the catalogue's version (the answer's cache key, api/cache.py). A list: its count, its cards, their printings (with editions) and their sources; an edition
# chosen is looked up by its slug, and a search has its own lookups.
# A card: the card, its sources, its printings, its rulings and the changes that wrote its facts
# (its provenance).
ADDRESSES = [
    ("list", "/api/v1/cards/", 5),
    ("a full page", "/api/v1/cards/?page_size=100", 5),
    ("facets", "/api/v1/cards/?faction=fallen&kind=angel&kind=human", 5),
    ("an edition", "/api/v1/cards/?edition=edycja-0&faction=lord&faction=unknown", 6),
    ("a search", "/api/v1/cards/?q=testiel", {"sqlite": 7, "postgresql": 5}),
    ("a card", "/api/v1/cards/aniolowie/gammon/", 6),
]


@pytest.mark.parametrize(("what", "url", "queries"), ADDRESSES, ids=[a[0] for a in ADDRESSES])
def test_an_address_takes_as_many_queries_for_twice_the_cards(
    client, catalogue, django_assert_num_queries, what, url, queries
):
    for _ in range(2):
        with django_assert_num_queries(on_this_database(queries)):
            assert client.get(url).status_code == 200
        add_cards()


def test_the_list_is_paginated(client, catalogue):
    add_cards()
    body = client.get("/api/v1/cards/").json()
    assert len(body["results"]) == 50 < body["count"]


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/cards/?faction=fallen&kind=angel&kind=human",
        "/api/v1/cards/?edition=edycja-0&faction=lord&faction=unknown",
    ],
)
def test_no_list_query_asks_for_distinct_rows_or_the_search_text(client, catalogue, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    slugs = [card["slug"] for card in response.json()["results"]]
    assert len(slugs) == len(set(slugs))
    assert not [q["sql"] for q in queries if "DISTINCT" in q["sql"].upper()]
    assert not [q["sql"] for q in queries if '"cardbase_card"."search_text"' in q["sql"]]
