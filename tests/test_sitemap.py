"""sitemap.xml: an index of paged sections, the public decks and every served card."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardbase.sitemaps import CardSitemap
from decks.sitemaps import DeckSitemap
from rules.core import registry
from tests.factories import AngelFactory, DeckFactory, UserFactory
from tests.inwo_factories import GroupFactory

pytestmark = pytest.mark.django_db

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def read(client, url: str, **extra) -> ET.Element:
    response = client.get(url, **extra)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "application/xml"
    return ET.fromstring(response.content)


def locations(client, url: str, **extra) -> list[str]:
    return [loc.text for loc in read(client, url, **extra).findall("s:url/s:loc", NS)]


@pytest.fixture
def decks():
    owner = UserFactory()
    made = {
        name: DeckFactory(owner=owner, name=name, visibility=visibility, archived=archived)
        for name, visibility, archived in [
            ("publiczna", "public", False),
            ("druga publiczna", "public", False),
            ("przez link", "unlisted", False),
            ("prywatna", "private", False),
            ("w archiwum", "public", True),
        ]
    }
    return made


def test_the_index_names_each_section_by_the_requests_host(client, decks, settings):
    settings.ALLOWED_HOSTS = ["karty.example"]
    AngelFactory()
    index = read(client, "/sitemap.xml", HTTP_HOST="karty.example")
    assert [loc.text for loc in index.findall("s:sitemap/s:loc", NS)] == [
        "http://karty.example/sitemap-decks.xml",
        "http://karty.example/sitemap-cards.xml",
    ]
    # Each section's latest change, by one query each.
    lastmods = [node.text for node in index.findall("s:sitemap/s:lastmod", NS)]
    assert len(lastmods) == 2 and all(lastmods)


def test_only_public_decks_are_in_it_the_latest_changed_first(client, decks):
    urls = locations(client, "/sitemap-decks.xml", secure=True)
    # An archived public deck too: the archive takes it off lists, not off the web.
    assert urls == [
        f"https://testserver{decks[name].get_absolute_url()}"
        for name in ("w archiwum", "druga publiczna", "publiczna")
    ]
    for hidden in ("przez link", "prywatna"):
        assert str(decks[hidden].pk) not in "".join(urls)


def test_a_deck_says_on_which_day_it_last_changed(client, decks):
    node = read(client, "/sitemap-decks.xml").find("s:url", NS)
    assert node.find("s:loc", NS).text.endswith(decks["w archiwum"].get_absolute_url())
    assert node.find("s:lastmod", NS).text == decks["w archiwum"].updated.date().isoformat()


def test_every_card_of_every_game_is_in_it(client):
    angels = [AngelFactory(name=f"Anioł {n}") for n in range(3)]
    group = GroupFactory(name="Grupa Testowa")
    urls = locations(client, "/sitemap-cards.xml")
    assert urls == [f"http://testserver{card.get_absolute_url()}" for card in [*angels, group]]
    assert "/cards/inwo/" in urls[-1] and "/cards/aniolowie/" in urls[0]


def test_a_game_not_served_keeps_its_cards_out(client, settings):
    AngelFactory(name="Gabriel")
    group = GroupFactory(name="Grupa Niepokazywana")
    modules, default = registry.configuration()
    registry.configure(["rules.aniolowie"])
    settings.SERVES_SOME_GAMES_ONLY = True
    try:
        urls = locations(client, "/sitemap-cards.xml")
    finally:
        registry.configure(modules, default=default)
    assert len(urls) == 1 and group.slug not in urls[0]


def test_sections_are_paged_and_the_index_names_every_page(client, decks, monkeypatch):
    monkeypatch.setattr(CardSitemap, "limit", 2)
    monkeypatch.setattr(DeckSitemap, "limit", 1)
    cards = [AngelFactory(name=f"Anioł {n}") for n in range(5)]
    index = [loc.text for loc in read(client, "/sitemap.xml").findall("s:sitemap/s:loc", NS)]
    assert index == [
        "http://testserver/sitemap-decks.xml",
        "http://testserver/sitemap-decks.xml?p=2",
        "http://testserver/sitemap-decks.xml?p=3",
        "http://testserver/sitemap-cards.xml",
        "http://testserver/sitemap-cards.xml?p=2",
        "http://testserver/sitemap-cards.xml?p=3",
    ]
    pages = [locations(client, f"/sitemap-cards.xml?p={p}") for p in (1, 2, 3)]
    assert [len(page) for page in pages] == [2, 2, 1]
    assert sum(pages, []) == [f"http://testserver{card.get_absolute_url()}" for card in cards]
    assert locations(client, "/sitemap-decks.xml?p=3") == [
        f"http://testserver{decks['publiczna'].get_absolute_url()}"
    ]


@pytest.mark.parametrize(
    "url", ["/sitemap-cards.xml?p=9", "/sitemap-cards.xml?p=x", "/sitemap-talie.xml"]
)
def test_a_page_or_section_that_is_not_there_is_not_found(client, url):
    AngelFactory()
    assert client.get(url).status_code == 404


def test_a_page_reads_two_queries_whatever_its_size(client, decks, django_assert_num_queries):
    for n in range(20):
        AngelFactory(name=f"Anioł {n}")
    # The count of the section's addresses, and the page of them.
    with django_assert_num_queries(2):
        client.get("/sitemap-cards.xml")
    with django_assert_num_queries(2):
        client.get("/sitemap-decks.xml")
    # Each section's count and latest change.
    with django_assert_num_queries(4):
        client.get("/sitemap.xml")


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's planner, on SQLite only")
def test_a_page_reads_in_an_indexes_order_with_no_sort(client, decks):
    for n in range(20):
        AngelFactory(name=f"Anioł {n}")
        DeckFactory(name=f"Talia {n}", visibility=("public", "private")[n % 2])
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    plans = {}
    for section in ("decks", "cards"):
        with CaptureQueriesContext(connection) as captured:
            client.get(f"/sitemap-{section}.xml")
        page = next(q["sql"] for q in captured.captured_queries if "LIMIT" in q["sql"])
        # Only the columns an address needs: no card's JSON, no deck's verdict.
        assert '"attributes"' not in page and '"verdict"' not in page, page
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN QUERY PLAN " + page)
            plans[section] = " | ".join(row[-1] for row in cursor.fetchall())
    assert "TEMP B-TREE" not in plans["decks"] and "TEMP B-TREE" not in plans["cards"], plans
    # The deck's date comes from the index on (visibility, updated) itself.
    assert re.search(r"USING INDEX deck_listing\b", plans["decks"]), plans
