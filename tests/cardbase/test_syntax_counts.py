"""The syntax page's examples each say how many cards they find here, and none finds nothing."""

import html
import re

import pytest
from django.conf import settings
from django.urls import reverse

from cardbase.search import search_cards, syntax_rows
from cardbase.services import load_catalogue
from tests.factories import AngelFactory, UserFactory

pytestmark = pytest.mark.django_db


def examples(rows):
    return [example for row in rows for example in row.counted_examples]


def shown_counts(response) -> list[str]:
    return re.findall(r"\((\d+) kart", html.unescape(response.content.decode()))


def test_every_example_finds_cards_and_says_how_many(client):
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")
    rows = syntax_rows("pl", counted=True)
    shown = examples(rows)
    assert len(shown) > 20
    for query, _words, count in shown:
        assert count and count == search_cards(query=query).queryset.count(), query
    page = html.unescape(client.get(reverse("card-search-syntax")).content.decode())
    for query, _words, count in shown[:5]:
        assert re.search(rf"<code>{re.escape(query)}</code></a> – .*?\({count} kart", page), query


def test_an_example_that_finds_nothing_gives_way_to_one_from_the_declared_values():
    AngelFactory(name="Gabriel", faction="fallen", order="powers", level=7, color="gold")
    written = {query for row in syntax_rows("pl") for query, _words in row.examples}
    rows = syntax_rows("pl", counted=True)
    shown = examples(rows)
    assert all(count for _query, _words, count in shown)
    made = {query for query, _words, _count in shown} - written
    assert made  # some written examples found nothing here and were replaced
    faction_row = next(row for row in rows if "frakcja:" in row.names)
    assert [query for query, _words in faction_row.examples] == ["frakcja:upadli"]


def test_without_cards_the_written_examples_stay_uncounted():
    rows = syntax_rows("pl", counted=True)
    assert examples(rows) and all(count is None for _q, _w, count in examples(rows))


def test_a_signed_in_reader_gets_the_counts_once_per_catalogue_version(
    client, django_assert_max_num_queries
):
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")
    client.force_login(UserFactory())
    url = reverse("card-search-syntax")
    before = examples(syntax_rows("pl", counted=True))
    first = shown_counts(client.get(url))
    # The session, its user and the catalogue's version (read once for the page cache and the
    # counts): no example is counted again.
    with django_assert_max_num_queries(3):
        again = client.get(url)
    assert shown_counts(again) == first
    assert len(first) == len(before)

    for i in range(3):
        AngelFactory(name=f"Gabrielus {i}", faction="fallen", order="powers", level=7, color="gold")
    after = examples(syntax_rows("pl", counted=True))
    assert after != before  # the new cards change what some examples find
    page = html.unescape(client.get(url).content.decode())
    for query, _words, count in after:
        assert re.search(rf"<code>{re.escape(query)}</code></a> – .*?\({count} kart", page), query
