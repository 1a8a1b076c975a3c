"""Send the catalogue's reads to a read replica when one is configured; all else to the primary."""

from django.conf import settings
from django.db import connections

REPLICA = "replica"
PRIMARY = "default"
# The catalogue is read by everyone and written by operators; decks, accounts and sessions are a
# player's own and must read what they just wrote, so they stay on the primary.
REPLICA_APPS = frozenset({"cardbase"})


class PrimaryReplicaRouter:
    """Route catalogue reads to the replica, every write and everything else to the primary."""

    def __init__(self, *, replica: bool | None = None):
        self.replica = REPLICA in settings.DATABASES if replica is None else replica

    def db_for_read(self, model, **hints):
        """Pick the replica for a catalogue read outside a transaction on the primary."""
        if not self.replica or model._meta.app_label not in REPLICA_APPS:
            return PRIMARY
        # Inside a transaction a read must see the transaction's own writes (an import that
        # reads back what it added), which the replica does not have yet.
        if connections[PRIMARY].in_atomic_block:
            return PRIMARY
        return REPLICA

    def db_for_write(self, model, **hints):
        """Write everything to the primary."""
        return PRIMARY

    def allow_relation(self, obj1, obj2, **hints):
        """Relate rows from either alias: the replica holds the primary's data."""
        return {obj1._state.db, obj2._state.db} <= {PRIMARY, REPLICA}

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        """Migrate the primary only; the replica follows it by replication."""
        return db == PRIMARY
