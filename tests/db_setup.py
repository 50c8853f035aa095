"""The SQLite test database migrated once per test run, and copied into every xdist worker.

Vocabulary
----------
run directory
    A folder that the workers of one pytest run share, and no other run: the parent of each
    worker's ``basetemp`` under xdist (``<run's basetemp>/popen-gwN``), the ``basetemp``
    itself without xdist. pytest keeps the last three and removes the older ones.
builder
    The first worker to set up the database in a run (they take a file lock in the run
    directory in turn). It creates its test database exactly as Django's test runner does
    (``create_test_db``: ``migrate`` with ``run_syncdb``, then ``createcachetable``), and
    before any test touches it, copies it as the template.
template
    The builder's freshly migrated database, copied into a file of the run directory with
    sqlite3's backup API, page by page. Every other worker's test database is a copy of it:
    the same schema and rows as ``migrate`` gives, without running it again (1.5 to 3
    CPU-seconds a worker).

Django's parallel test runner does the same (``DatabaseCreation._clone_test_db``).
Everything else goes pytest-django's own way (``setup_databases``): PostgreSQL (its pass runs
in one process, where a template would only cost a copy), ``--reuse-db``, ``--nomigrations``
and a run with a test that asks for ``serialized_rollback``.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.db import connections
from django.test.utils import setup_databases

SQLITE = "django.db.backends.sqlite3"


def set_up(
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    *,
    keepdb: bool,
    use_migrations: bool,
) -> list:
    """Create the test databases the collected tests need (as ``setup_databases`` does) and
    return what Django's ``teardown_databases`` takes to destroy them."""
    aliases = set(connections)  # every configured database (this project has one)
    if (
        keepdb
        or not use_migrations
        or serialized(request.session.items)
        or not all(copyable(connections[a]) for a in aliases)
    ):
        if not use_migrations:
            # Django's documented switch: an app whose migrations module is None is created
            # from its models (``migrate --run-syncdb``, which create_test_db runs).
            settings.MIGRATION_MODULES = {app.label: None for app in apps.get_app_configs()}
        return setup_databases(
            verbosity=request.config.option.verbose,
            interactive=False,
            aliases=aliases,
            serialized_aliases=aliases if serialized(request.session.items) else set(),
            keepdb=keepdb,
        )
    run_dir = shared_run_dir(tmp_path_factory)
    old_config = []
    for alias in sorted(aliases):
        connection = connections[alias]
        old_config.append((connection, connection.settings_dict["NAME"], True))
        create_from_template(connection, run_dir, request.config.option.verbose)
    return old_config


def serialized(items: list[pytest.Item]) -> bool:
    """Whether a test asks for its database to be restored after it
    (``django_db(serialized_rollback=True)``)."""

    def wants(*args, serialized_rollback=False, **kwargs) -> bool:
        return bool(serialized_rollback)

    markers = (item.get_closest_marker("django_db") for item in items)
    return any(m is not None and wants(*m.args, **m.kwargs) for m in markers)


def copyable(connection) -> bool:
    """Whether this module copies the database: SQLite, not a test mirror."""
    return connection.settings_dict["ENGINE"] == SQLITE and not (
        connection.settings_dict["TEST"].get("MIRROR")
    )


def shared_run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run directory (see the module's docstring)."""
    basetemp = tmp_path_factory.getbasetemp()
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing): one worker at a time."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def create_from_template(connection, run_dir: Path, verbosity: int) -> None:
    """Give ``connection`` its test database: migrated by the builder, copied by the others."""
    alias = connection.alias
    with locked(run_dir / f"db-{alias}.lock"):
        marker = template_marker(run_dir, alias)
        if marker.exists():
            restore_sqlite(connection, marker.read_text(), verbosity)
            return
        connection.creation.create_test_db(verbosity=verbosity, autoclobber=True, serialize=False)
        template = str(run_dir / f"db-{alias}.sqlite3")
        save_sqlite(connection, template)
        # Written last: a builder that failed half-way leaves no template behind.
        marker.write_text(template)


def template_marker(run_dir: Path, alias: str) -> Path:
    """The file that names a database alias's template once the builder has made it."""
    return run_dir / f"db-{alias}.template"


def sqlite_template(
    tmp_path_factory: pytest.TempPathFactory, alias: str = "default"
) -> Path | None:
    """The file of this run's migrated SQLite template, when this run made one (not with
    ``--reuse-db``, ``--nomigrations`` or PostgreSQL): a test that needs a migrated database
    file of its own copies it instead of running ``migrate`` again."""
    marker = template_marker(shared_run_dir(tmp_path_factory), alias)
    if not marker.exists():
        return None
    path = Path(marker.read_text())
    return path if path.suffix == ".sqlite3" and path.exists() else None


def save_sqlite(connection, path: str) -> None:
    """Copy the connection's database, page by page, into the file ``path``."""
    partial = path + ".partial"
    target = sqlite3.connect(partial)
    try:
        connection.ensure_connection()
        connection.connection.backup(target)
    finally:
        target.close()
    os.replace(partial, path)


def restore_sqlite(connection, path: str, verbosity: int) -> None:
    """Create the test database (in memory, shared with the live server's threads) and fill
    it, page by page, with the template's file."""
    name = connection.creation._create_test_db(verbosity, autoclobber=True)
    connection.close()  # pointed at the new database, as create_test_db leaves it
    settings.DATABASES[connection.alias]["NAME"] = name
    connection.settings_dict["NAME"] = name
    connection.ensure_connection()
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        source.backup(connection.connection)
    finally:
        source.close()
