"""Django's PostgreSQL backend, with two savings for the requests a cached page answers.

- **A health check that costs no round trip while all is well.** Django checks a kept-open
  connection before each request reuses it (CONN_HEALTH_CHECKS) with a `SELECT 1`: a round trip
  before every request, as much as a cached page's own query. A server that ends a connection
  (a restart, pg_terminate_backend, idle_session_timeout, a failover) writes its last message
  to it or closes it, so the idle connection's socket turns readable. An idle connection whose
  socket has nothing to read is therefore taken as usable without asking; only one that has
  something to say is asked with `SELECT 1`, which reads what the server sent and fails when
  the connection is gone.
- **Prepared statements for the hottest reads** (`prepared_cursor`): every cached hit reads
  the catalogue's version, and a deck page its deck's row; planning such a query took the
  server three times as long as running it. Django's own cursors bind on the client and are
  never prepared; this cursor binds on the server and prepares every statement it runs, once
  per connection (psycopg keeps them). With `prepare_threshold` None in the database's OPTIONS
  (DATABASE_PREPARED_STATEMENTS=0, for a pooler that cannot keep them) it prepares nothing.
"""

import select

import psycopg
from django.db.backends.postgresql.base import TIMESTAMPTZ_OID, ServerBindingCursor
from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLDatabaseWrapper
from django.db.backends.postgresql.operations import DatabaseOperations as PostgreSQLOperations
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.db.backends.utils import CursorWrapper
from django.utils.asyncio import async_unsafe
from psycopg import pq

# The "name" create_cursor() is given for a prepared cursor: never a server-side cursor's name.
_PREPARED = object()


class PreparedCursor(ServerBindingCursor):
    """A cursor binding on the server that prepares each statement it runs."""

    def execute(self, query, params=None, *, prepare=None, binary=None):
        return super().execute(
            query, params, prepare=True if prepare is None else prepare, binary=binary
        )


class DatabaseOperations(PostgreSQLOperations):
    """PostgreSQL's operations, logging a prepared statement's SQL as any other's."""

    def last_executed_query(self, cursor, sql, params):
        # A prepared statement is sent by name, so psycopg keeps no text of it to log.
        if isinstance(cursor, PreparedCursor):
            return self.compose_sql(sql, params)
        return super().last_executed_query(cursor, sql, params)


class DatabaseWrapper(PostgreSQLDatabaseWrapper):
    """PostgreSQL, with a cheaper health check and prepared statements for the hottest reads."""

    ops_class = DatabaseOperations

    def is_usable(self) -> bool:
        if self.connection is not None and self._idle_and_silent():
            return True
        return super().is_usable()

    def _idle_and_silent(self) -> bool:
        """Say whether the connection is open, outside a transaction, with nothing to read."""
        pgconn = self.connection.pgconn
        if pgconn.status != pq.ConnStatus.OK:
            return False
        if pgconn.transaction_status != pq.TransactionStatus.IDLE:
            return False
        try:
            poller = select.poll()
            poller.register(pgconn.socket, select.POLLIN | select.POLLPRI)
            return not poller.poll(0)
        except (OSError, ValueError, psycopg.Error):  # no socket to poll: the real check says
            return False

    @async_unsafe
    def prepared_cursor(self) -> CursorWrapper:
        """Return a cursor whose statements the server plans once per connection."""
        # Django's own way to a cursor (health check, connection, error wrapping, query log),
        # with create_cursor() told which cursor to make.
        return self._cursor(name=_PREPARED)

    def create_cursor(self, name=None):
        if name is not _PREPARED:
            return super().create_cursor(name)
        cursor = PreparedCursor(self.connection)
        # As Django's create_cursor() does for its own cursors.
        tzloader = self.connection.adapters.get_loader(TIMESTAMPTZ_OID, pq.Format.TEXT)
        if self.timezone != tzloader.timezone:
            register_tzloader(self.timezone, cursor)
        return cursor
