"""Move a test database to a migration state and back, as `manage.py migrate` would."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """Migrate to `targets` ([(app, migration)]); return the apps as they are there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def migrate_to_latest() -> None:
    """Migrate every app to its newest migration, as the rest of the suite expects."""
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
