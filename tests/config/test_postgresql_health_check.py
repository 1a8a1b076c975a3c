"""The PostgreSQL health check: no round trip on a quiet connection, a real check on a dropped one."""

import select
from unittest import mock

import psycopg
import pytest
from django.db import connection
from django.db.backends.postgresql.base import DatabaseWrapper as DjangoPostgreSQL

from tests.config.settings_process import production_env, settings_of

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the check of the PostgreSQL backend"
)


def test_every_postgresql_database_uses_the_site_backend():
    env = production_env(
        DATABASE_URL="postgres://app@primary.internal:5432/cards",
        DATABASE_REPLICA_URL="postgres://app@replica.internal:5432/cards",
    )
    engines = settings_of(
        env, "[settings.DATABASES['default']['ENGINE'], settings.DATABASES['replica']['ENGINE']]"
    )
    assert engines == ["config.postgresql", "config.postgresql"]


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
    # The server's goodbye reaches the socket a moment later.
    poller = select.poll()
    poller.register(connection.connection.pgconn.socket, select.POLLIN)
    assert poller.poll(5000), "the ended connection's socket never turned readable"


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
    poller = select.poll()
    poller.register(connection.connection.pgconn.socket, select.POLLIN)
    assert poller.poll(5000), "the notification never reached the socket"
    with mock.patch.object(DjangoPostgreSQL, "is_usable", autospec=True) as asked:
        asked.side_effect = lambda wrapper: True
        assert connection.is_usable() is True
    assert asked.call_count == 1
    # The real check reads what waited and leaves a connection that works.
    assert DjangoPostgreSQL.is_usable(connection) is True
    with connection.cursor() as cursor:
        cursor.execute("UNLISTEN *")
