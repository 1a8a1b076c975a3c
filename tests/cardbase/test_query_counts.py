"""Each catalogue page's number of queries, pinned: a query per card (N+1) fails here.

Every page is asked with a catalogue of a size, then with twice as many cards; the count must
be the pinned one both times.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardbase.models import Edition
from tests.factories import (
    AngelFactory,
    CardSourceFactory,
    EditionFactory,
    HumanFactory,
    InterventionFactory,
    PrintingFactory,
)
from tests.inwo_factories import GroupFactory

pytestmark = pytest.mark.django_db

CARDS = 40  # each time: more than a page shows of an order, so a query per card would show


def add_cards(n: int = CARDS) -> None:
    """Add `n` cards of every kind, each printed in two editions and citing a source."""
    editions = [
        Edition.objects.filter(slug=f"edycja-{k}").first() or EditionFactory(slug=f"edycja-{k}")
        for k in range(2)
    ]
    for i in range(n):
        card = (
            AngelFactory(faction=("lord", "fallen", "")[i % 3], order="powers", level=7)
            if i % 3 != 2
            else (HumanFactory(alignment="good") if i % 2 else InterventionFactory())
        )
        for edition in editions:
            PrintingFactory(card=card, edition=edition)
        CardSourceFactory(card=card)
    # As many cards of no order: the Powers stay fewer than half the game's cards, which a card
    # page relates (a value most cards hold relates nothing).
    InterventionFactory.create_batch(n)
    GroupFactory()


@pytest.fixture
def catalogue():
    add_cards()
    return AngelFactory(name="Gammon", slug="gammon", faction="fallen", order="powers", level=7)


# (what, path and query, queries). Every page reads the catalogue's version first (its cache
# key, common/page_cache.py), once per request however many caches ask (cardbase.middleware).
# Then the catalogue's five, whatever is chosen: the facets' grouped
# counts (which also count the page's cards), the game and edition choices, the page's cards and
# their printings; an edition chosen is looked up, and so are a search's words on SQLite.
PAGES = [
    # The home page: the games with their card counts, and their cards' facts known.
    ("home", "/", 3),
    ("catalogue", "/cards/", 6),
    ("a facet chosen", "/cards/?faction=fallen", 6),
    ("two facets and a range", "/cards/?faction=fallen&kind=angel&level_min=5", 6),
    ("an edition", "/cards/?edition=edycja-0", 7),
    # SQLite first asks its search mirror (FTS5) which cards hold the words
    # (cardbase.search.fts_sqlite).
    ("a search", "/cards/?q=testiel", {"sqlite": 8, "postgresql": 6}),
    ("a typed facet", "/cards/?q=frakcja:upadli", {"sqlite": 8, "postgresql": 7}),
    ("the table", "/cards/?view=table&page_size=96", 6),
    # The card, its sources, its printings, its rulings, the first cards of its order and their
    # printings, how many they are, and the changes that wrote its facts (where each comes from).
    ("a card with its order", "/cards/aniolowie/gammon/", 9),
    # Every example counted, each once: many, but as many for any number of cards. Each game's
    # declared examples are counted in its own table (rules/<game>/schema.py, SEARCH_GUIDE).
    ("the syntax page", "/cards/syntax/", {"sqlite": 393, "postgresql": 196}),
]


@pytest.mark.parametrize(("what", "url", "queries"), PAGES, ids=[page[0] for page in PAGES])
def test_a_page_takes_as_many_queries_for_twice_the_cards(
    client, catalogue, django_assert_num_queries, what, url, queries
):
    for _ in range(2):
        with django_assert_num_queries(on_this_database(queries)):
            assert client.get(url).status_code == 200
        add_cards()


def on_this_database(queries: int | dict[str, int]) -> int:
    """Return the pinned number of queries, or this database's where they differ."""
    return queries if isinstance(queries, int) else queries[connection.vendor]


def test_the_htmx_request_of_the_catalogue_takes_as_many_queries(
    client, catalogue, django_assert_num_queries
):
    for _ in range(2):
        with django_assert_num_queries(6):
            response = client.get("/cards/?faction=fallen", headers={"HX-Request": "true"})
        assert response.status_code == 200
        add_cards()


@pytest.mark.parametrize(
    "url",
    [
        "/cards/?faction=fallen&kind=angel&kind=human",
        "/cards/?edition=edycja-0&faction=lord&faction=unknown",
        "/cards/?order=powers&sort=-level",
    ],
)
def test_no_catalogue_query_asks_for_distinct_rows(client, catalogue, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert not [q["sql"] for q in queries if "DISTINCT" in q["sql"].upper()]


def test_the_catalogue_reads_no_long_text_of_its_cards(client, catalogue):
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/cards/?view=table").status_code == 200
    listed = [q["sql"] for q in queries if '"cardbase_card"."slug"' in q["sql"]]
    assert listed
    for column in ("text", "notes", "search_text"):
        assert not [sql for sql in listed if f'"cardbase_card"."{column}"' in sql]
