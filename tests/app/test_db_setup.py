"""The test database a worker starts from (tests/db_setup.py: migrated once per run, copied
into the other workers) is the migrated database: every migration recorded, none to run."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
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


@pytest.mark.django_db
def test_the_models_need_no_new_migration():
    """``makemigrations --check``: a model changed without its migration fails here (the
    suite's own process, with the models already loaded, instead of a command of its own)."""
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:
        pytest.fail(f"a model changed without its migration (exit {exit_.code}):\n{out.getvalue()}")
