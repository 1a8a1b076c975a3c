"""Give the hottest reads a cursor whose statements are planned once per connection."""

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper


def prepared_cursor(connection: BaseDatabaseWrapper) -> CursorWrapper:
    """Return a cursor whose statements are planned once per connection, where the database can."""
    # SQLite's driver already keeps its compiled statements; only PostgreSQL needs asking
    # (config/postgresql/base.py gives its connections a `prepared_cursor`).
    prepared = getattr(connection, "prepared_cursor", None)
    return prepared() if prepared is not None else connection.cursor()
