"""The test database a worker starts from (tests/db_setup.py: migrated once per run, copied
into the other workers) is the migrated database: every migration recorded, none to run."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournament.models import Tournament


@pytest.mark.both_databases
@pytest.mark.django_db
def test_the_test_database_is_migrated_to_the_last_migration_of_every_app():
    executor = MigrationExecutor(connection)
    graph = executor.loader.graph
    assert executor.migration_plan(graph.leaf_nodes()) == []
    assert set(executor.loader.applied_migrations) == set(graph.nodes)
    assert not Tournament.objects.exists()
