"""Moving the test database to a given migration, for the tests of a data migration."""

from __future__ import annotations

from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets: list[tuple[str, str]]) -> Apps:
    """Migrate the test database to ``targets`` (forward or back); the models as they
    stand there."""
    executor = MigrationExecutor(connection)  # its loader reads what the database has applied
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def migrate_to_latest(app: str = "tournament") -> Apps:
    """Migrate the test database to ``app``'s newest migration again (the tests after need it)."""
    return migrate(MigrationExecutor(connection).loader.graph.leaf_nodes(app))
