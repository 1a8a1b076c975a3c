"""The site's PostgreSQL backend: a health check without a round trip, prepared hot reads."""

import select
from unittest import mock

import psycopg
import pytest
from django.db import connection, connections, router
from django.db.backends.postgresql.base import DatabaseWrapper as DjangoPostgreSQL
from django.test.utils import CaptureQueriesContext

from tests.config.settings_process import production_env, settings_of

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the check of the PostgreSQL backend"
)


def test_every_postgresql_database_uses_the_site_backend_with_prepared_statements():
    env = production_env(
        DATABASE_URL="postgres://app@primary.internal:5432/cards",
        DATABASE_REPLICA_URL="postgres://app@replica.internal:5432/cards",
    )
    values = settings_of(
        env,
        "[(d['ENGINE'], d['OPTIONS']['prepare_threshold']) "
        "for d in (settings.DATABASES['default'], settings.DATABASES['replica'])]",
    )
    assert values == [["config.postgresql", 5], ["config.postgresql", 5]]


def test_prepared_statements_can_be_turned_off_for_a_pooler():
    env = production_env(
        DATABASE_URL="postgres://app@primary.internal:5432/cards",
        DATABASE_PREPARED_STATEMENTS="0",
    )
    assert settings_of(env, "settings.DATABASES['default']['OPTIONS']") == {
        "prepare_threshold": None
    }


@pytest.fixture
def ended_connection():
    """End this test's connection from another one, as a server restart or an admin would."""
    connection.ensure_connection()
    ended = connection.connection.info.backend_pid
    _terminate(ended)
    yield ended
    connection.close()  # as Django does with one that failed its check, before the teardown


def _terminate(pid: int) -> None:
    with psycopg.connect(connection.connection.info.dsn, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    _wait_until_readable("the server's goodbye")  # it reaches the socket a moment later


def _wait_until_readable(what: str) -> None:
    poller = select.poll()
    poller.register(connection.connection.pgconn.socket, select.POLLIN)
    assert poller.poll(5000), f"{what} never reached the socket"


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_quiet_idle_connection_is_usable_without_asking_the_server():
    connection.ensure_connection()
    with mock.patch.object(DjangoPostgreSQL, "is_usable", side_effect=AssertionError("asked")):
        assert connection.is_usable() is True


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_connection_inside_a_transaction_is_asked_as_django_asks():
    connection.ensure_connection()
    with connection.cursor() as cursor:
        connection.set_autocommit(False)
        try:
            cursor.execute("SELECT 1")
            with mock.patch.object(DjangoPostgreSQL, "is_usable", return_value=True) as asked:
                assert connection.is_usable() is True
            assert asked.call_count == 1
        finally:
            connection.rollback()
            connection.set_autocommit(True)


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_connection_the_server_ended_is_not_usable(ended_connection):
    assert connection.is_usable() is False


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_the_next_query_after_the_server_ended_the_connection_gets_a_new_one(ended_connection):
    # As at the start of each request: the health check runs before the connection is reused.
    connection.health_check_enabled = True
    connection.health_check_done = False
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    assert pid != ended_connection


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_connection_with_something_to_read_is_asked_and_found_usable():
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("LISTEN health_check_test")
    with psycopg.connect(connection.connection.info.dsn, autocommit=True) as other:
        other.execute("NOTIFY health_check_test")
    _wait_until_readable("the notification")
    with mock.patch.object(DjangoPostgreSQL, "is_usable", autospec=True) as asked:
        asked.side_effect = lambda wrapper: True
        assert connection.is_usable() is True
    assert asked.call_count == 1
    # The real check reads what waited and leaves a connection that works.
    assert DjangoPostgreSQL.is_usable(connection) is True
    with connection.cursor() as cursor:
        cursor.execute("UNLISTEN *")


def _prepared_statements(alias: str) -> list[str]:
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [" ".join(statement.split()) for (statement,) in cursor.fetchall()]


@on_postgresql
@pytest.mark.django_db(transaction=True, databases="__all__")
def test_the_catalogue_version_is_read_by_a_statement_prepared_once():
    from cardbase.catalogue_version import VERSION_SQL, current_version
    from cardbase.models import CatalogueVersion

    alias = router.db_for_read(CatalogueVersion)  # the replica, when there is one
    connections[alias].close()  # a new connection: nothing prepared yet
    first = current_version()
    assert first and current_version() == first
    assert _prepared_statements(alias).count(VERSION_SQL) == 1


@on_postgresql
@pytest.mark.django_db(transaction=True, databases="__all__")
def test_a_deck_page_row_is_read_by_a_prepared_statement_logged_as_a_query():
    from decks.models import Deck
    from decks.selectors.page_version import deck_page_version
    from tests.factories import DeckFactory

    deck = DeckFactory(visibility="public")
    alias = router.db_for_read(Deck)
    connections[alias].close()
    with CaptureQueriesContext(connections[alias]) as logged:
        first = deck_page_version(deck.pk)
    assert first == deck_page_version(deck.pk)
    assert str(deck.version) in first.split(":")
    # Logged as any query is, with its values (for the debug page and the query counts).
    assert len(logged.captured_queries) == 1
    assert deck.pk.hex in logged.captured_queries[0]["sql"]
    deck_rows = [sql for sql in _prepared_statements(alias) if "FROM decks_deck deck" in sql]
    assert len(deck_rows) == 1


@on_postgresql
@pytest.mark.django_db(transaction=True, databases="__all__")
def test_without_prepared_statements_the_reads_still_answer():
    from cardbase.catalogue_version import current_version
    from cardbase.models import CatalogueVersion

    alias = router.db_for_read(CatalogueVersion)
    reader = connections[alias]
    reader.close()
    before = reader.settings_dict["OPTIONS"]["prepare_threshold"]
    reader.settings_dict["OPTIONS"]["prepare_threshold"] = None
    try:
        assert current_version()
        assert _prepared_statements(alias) == []
    finally:
        reader.close()
        reader.settings_dict["OPTIONS"]["prepare_threshold"] = before
