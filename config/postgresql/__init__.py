"""The site's PostgreSQL backend (base.py), and the cursor for the hottest reads on any database."""

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper


def prepared_cursor(connection: BaseDatabaseWrapper) -> CursorWrapper:
    """Return a cursor whose statements are planned once per connection, where the database can."""
    # SQLite's driver already keeps its compiled statements; only PostgreSQL needs asking.
    prepared = getattr(connection, "prepared_cursor", None)
    return prepared() if prepared is not None else connection.cursor()
