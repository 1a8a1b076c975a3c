"""Django's PostgreSQL backend with a health check that costs no round trip while all is well.

Django checks a kept-open connection before each request reuses it (CONN_HEALTH_CHECKS) with a
`SELECT 1`: a round trip to the server before every request, as much as a cached page's own
query. A server that ends a connection (a restart, pg_terminate_backend, idle_session_timeout,
a failover) writes its last message to it or closes it, so the idle connection's socket turns
readable. An idle connection whose socket has nothing to read is therefore taken as usable
without asking; only one that has something to say is asked with `SELECT 1`, which reads what
the server sent and fails when the connection is gone.
"""

import select

import psycopg
from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLDatabaseWrapper
from psycopg import pq


class DatabaseWrapper(PostgreSQLDatabaseWrapper):
    """PostgreSQL, with Django's `SELECT 1` health check run only when the socket has news."""

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
