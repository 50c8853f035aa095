"""Test databases migrated once per test run, and copied into every pytest-xdist worker.

Vocabulary
----------
run directory
    A folder that the workers of one pytest run share, and no other run: the parent of each
    worker's ``basetemp`` under xdist (``<run's basetemp>/popen-gwN``), the ``basetemp``
    itself without xdist. pytest keeps the last three and removes the older ones.
builder
    The first worker to set up a database alias in a run (they take a file lock in the run
    directory in turn). It creates its test database exactly as Django's test runner does
    (``create_test_db``: ``migrate`` with ``run_syncdb``, then ``createcachetable``), and
    before any test touches it, copies it as the template.
template
    The builder's freshly migrated database, copied: a SQLite file in the run directory
    (sqlite3's backup API, page by page), or on PostgreSQL the database
    ``<test database name>_template``, made with ``CREATE DATABASE … TEMPLATE``. Every other
    worker's test database is a copy of it made the same way: the same schema and rows as
    ``migrate`` gives, without running it again (1.5 to 3 CPU-seconds a worker).

Django's parallel test runner does the same (``DatabaseCreation._clone_test_db`` of the
sqlite3 and postgresql backends); pytest-django's ``django_db_setup`` fixture, which
tests/conftest.py overrides with :func:`set_up`, otherwise migrates in every worker. Only
pytest-django's documented fixtures and Django's own API are used here.
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
POSTGRESQL = "django.db.backends.postgresql"


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
    serialized_aliases = serialized(request.session.items, aliases)
    verbosity = request.config.option.verbose
    if keepdb or not use_migrations or not all(copyable(connections[a]) for a in aliases):
        # ``--reuse-db``, ``--nomigrations`` or a database this module does not copy:
        # pytest-django's own way.
        if not use_migrations:
            # Django's documented switch: an app whose migrations module is None is created
            # from its models (``migrate --run-syncdb``, which create_test_db runs).
            settings.MIGRATION_MODULES = {app.label: None for app in apps.get_app_configs()}
        return setup_databases(
            verbosity=verbosity,
            interactive=False,
            aliases=aliases,
            serialized_aliases=serialized_aliases,
            keepdb=keepdb,
        )
    run_dir = shared_run_dir(tmp_path_factory)
    old_config = []
    for alias in sorted(aliases):
        connection = connections[alias]
        old_config.append((connection, connection.settings_dict["NAME"], True))
        create_from_template(connection, run_dir, verbosity)
    for alias in sorted(serialized_aliases):
        connection = connections[alias]
        connection._test_serialized_contents = connection.creation.serialize_db_to_string()
    return old_config


def serialized(items: list[pytest.Item], aliases: set[str]) -> set[str]:
    """The databases whose contents a test asks to be restored after it
    (``django_db(serialized_rollback=True)``): Django serializes them once, after setup."""

    def wants(*args, serialized_rollback=False, **kwargs) -> bool:
        return bool(serialized_rollback)

    for item in items:
        marker = item.get_closest_marker("django_db")
        if marker is not None and wants(*marker.args, **marker.kwargs):
            return aliases
    return set()


def copyable(connection) -> bool:
    """Whether this module copies the database: SQLite or PostgreSQL, not a test mirror."""
    return connection.settings_dict["ENGINE"] in (SQLITE, POSTGRESQL) and not (
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
    sqlite = connection.settings_dict["ENGINE"] == SQLITE
    with locked(run_dir / f"db-{alias}.lock"):
        marker = template_marker(run_dir, alias)
        if marker.exists():
            template = marker.read_text()
            if sqlite:
                restore_sqlite(connection, template, verbosity)
            else:
                restore_postgresql(connection, template, verbosity)
            return
        connection.creation.create_test_db(verbosity=verbosity, autoclobber=True, serialize=False)
        if sqlite:
            template = str(run_dir / f"db-{alias}.sqlite3")
            save_sqlite(connection, template)
        else:
            template = template_name(connection.settings_dict["NAME"])
            copy_postgresql(connection, connection.settings_dict["NAME"], template)
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


def template_name(test_database: str) -> str:
    """``test_x_template`` for the test databases ``test_x_gw0``, ``test_x_gw1``… of a run:
    one name whichever worker builds it, so that the next run replaces it."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    base = test_database.removesuffix(f"_{worker}") if worker else test_database
    return f"{base}_template"


def use_test_database(connection, name: str) -> None:
    """Point ``connection`` (and the settings) at the test database ``name``, as
    ``create_test_db`` does after creating it."""
    connection.close()
    settings.DATABASES[connection.alias]["NAME"] = name
    connection.settings_dict["NAME"] = name
    connection.ensure_connection()


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
    use_test_database(connection, name)
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        source.backup(connection.connection)
    finally:
        source.close()


def copy_postgresql(connection, source: str, target: str) -> None:
    """(Re)create the database ``target`` as a copy of ``source`` (``CREATE DATABASE …
    TEMPLATE``, which needs every connection to ``source`` closed: this process's is)."""
    creation = connection.creation
    connection.close()
    quoted = connection.ops.quote_name(target)
    suffix = creation._get_database_create_suffix(template=source)
    with creation._nodb_cursor() as cursor:
        # A template or test database left by an earlier run is replaced.
        cursor.execute(f"DROP DATABASE IF EXISTS {quoted}")
        cursor.execute(f"CREATE DATABASE {quoted} {suffix}")


def restore_postgresql(connection, template: str, verbosity: int) -> None:
    """Create the test database as a copy of the template."""
    name = connection.creation._get_test_db_name()
    if verbosity >= 1:
        connection.creation.log(f"Copying test database {name} from {template}...")
    copy_postgresql(connection, template, name)
    use_test_database(connection, name)
