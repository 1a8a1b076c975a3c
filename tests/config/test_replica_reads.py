"""With a replica configured (CI points it at the primary's server), who reads where."""

import pytest
from django.conf import settings
from django.db import connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import AngelFactory, DeckFactory, UserFactory

pytestmark = [
    pytest.mark.skipif(
        "replica" not in settings.DATABASES,
        reason="no DATABASE_REPLICA_URL: CI sets it on PostgreSQL to try the router for real",
    ),
    pytest.mark.django_db(transaction=True, databases=["default", "replica"]),
]


def tables_read(queries) -> str:
    """Return the SQL of the captured queries as one text to look for table names in."""
    return "\n".join(query["sql"] for query in queries)


def test_the_catalogue_page_reads_its_cards_from_the_replica(client):
    AngelFactory(name="Replikiel")
    with (
        CaptureQueriesContext(connections["replica"]) as replica,
        CaptureQueriesContext(connections["default"]) as primary,
    ):
        response = client.get("/cards/?q=replikiel")
    assert response.status_code == 200
    assert "Replikiel" in response.content.decode()
    assert '"cardbase_card"' in tables_read(replica.captured_queries)
    assert '"cardbase_card"' not in tables_read(primary.captured_queries)


def test_a_players_own_decks_and_saves_use_the_primary(client):
    owner = UserFactory()
    deck = DeckFactory(owner=owner, name="Moja talia")
    client.force_login(owner)
    with (
        CaptureQueriesContext(connections["replica"]) as replica,
        CaptureQueriesContext(connections["default"]) as primary,
    ):
        listed = client.get("/decks/mine/")
        saved = client.patch(
            f"/api/v1/decks/{deck.pk}/",
            {"version": deck.version, "name": "Nowa nazwa"},
            content_type="application/json",
        )
    assert listed.status_code == 200 and "Moja talia" in listed.content.decode()
    assert saved.status_code == 200, saved.content
    assert '"decks_deck"' in tables_read(primary.captured_queries)
    assert "UPDATE" in tables_read(primary.captured_queries)
    assert '"decks_deck"' not in tables_read(replica.captured_queries)
    assert "UPDATE" not in tables_read(replica.captured_queries)


def test_a_cached_deck_page_reads_the_deck_on_the_primary_and_the_catalogue_on_the_replica():
    deck = DeckFactory(name="Talia na widoku", visibility="public")
    url = deck.get_absolute_url()
    assert Client().get(url).status_code == 200  # rendered and stored
    with (
        CaptureQueriesContext(connections["replica"]) as replica,
        CaptureQueriesContext(connections["default"]) as primary,
    ):
        response = Client().get(url)
    assert response.status_code == 200 and "Talia na widoku" in response.content.decode()
    # Two databases, so two queries: the deck's row and the catalogue's version apart.
    (deck_row,) = primary.captured_queries
    (catalogue,) = replica.captured_queries
    assert "decks_deck" in deck_row["sql"] and "cardbase_catalogueversion" not in deck_row["sql"]
    assert "cardbase_catalogueversion" in catalogue["sql"]
