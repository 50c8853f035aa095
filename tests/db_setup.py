"""The SQLite test database migrated once per test run, and copied into every other worker.

pytest-django's own ``django_db_setup`` creates the test databases (Django's
``setup_databases``), and this module only changes SQLite's ``create_test_db`` for it: the
first xdist worker to take the run's lock creates its database as Django does (``migrate``,
``createcachetable``) and saves it, the template, in the folder the run's workers share; each
other worker fills its in-memory database from that file with sqlite3's backup API instead of
running ``migrate`` again (about 2 CPU-seconds a worker), as Django's parallel test runner
clones its databases. The template is also kept in ``var/test-db/`` under a digest of every
migration file, so the next run on the same checkout migrates nothing. ``--reuse-db``, ``--nomigrations`` and PostgreSQL go Django's own way
(``serialized_rollback`` reads the copy as it would the migrated database).
"""

import fcntl
import hashlib
import os
import shutil
import sqlite3
from pathlib import Path

import pytest


def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder that the workers of this run share, and no other run."""
    basetemp = tmp_path_factory.getbasetemp()
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp


def sqlite_template(tmp_path_factory: pytest.TempPathFactory, alias="default") -> Path | None:
    """This run's migrated template, when it made one: a test that needs a migrated database
    file of its own copies it instead of running ``migrate`` again."""
    path = run_dir(tmp_path_factory) / f"db-{alias}.sqlite3"
    return path if path.exists() else None


def migrations_key() -> str:
    """A digest of every migration file of the installed apps, with Django's and SQLite's
    versions: a template migrated from the same files is the same database."""
    import django
    from django.db.migrations.loader import MigrationLoader

    digest = hashlib.sha256(f"{django.__version__} {sqlite3.sqlite_version}".encode())
    loader = MigrationLoader(None, ignore_no_migrations=True)
    for key in sorted(loader.disk_migrations):
        module = __import__(loader.disk_migrations[key].__module__, fromlist=["_"])
        digest.update(repr(key).encode() + Path(module.__file__).read_bytes())
    return digest.hexdigest()[:16]


def kept_template(alias: str) -> Path:
    """Where a developer's machine keeps a migrated template between runs (var/ is not
    committed): the next run copies it instead of migrating (about 2 CPU-seconds)."""
    from django.conf import settings

    return Path(settings.BASE_DIR) / "var" / "test-db" / f"{alias}-{migrations_key()}.sqlite3"


@pytest.fixture(scope="session")
def sqlite_templates(tmp_path_factory, django_db_use_migrations):
    from django.conf import settings
    from django.db.backends.sqlite3.creation import DatabaseCreation

    create = DatabaseCreation.create_test_db

    def create_test_db(self, verbosity=1, autoclobber=False, serialize=True, keepdb=False):
        if keepdb or serialize or not django_db_use_migrations:
            return create(self, verbosity, autoclobber, serialize, keepdb)
        alias, connection = self.connection.alias, self.connection
        template = run_dir(tmp_path_factory) / f"db-{alias}.sqlite3"
        with template.with_suffix(".lock").open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when closed
            kept = kept_template(alias)
            if not template.exists() and kept.exists():
                shutil.copyfile(kept, template.with_suffix(".partial"))
                os.replace(template.with_suffix(".partial"), template)
            if not template.exists():  # the builder
                name = create(self, verbosity, autoclobber, serialize, keepdb)
                partial = sqlite3.connect(template.with_suffix(".partial"))
                connection.ensure_connection()
                connection.connection.backup(partial)
                partial.close()
                os.replace(template.with_suffix(".partial"), template)  # whole, or no template
                kept.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(template, kept.with_suffix(".partial"))
                os.replace(kept.with_suffix(".partial"), kept)
                return name
            name = self._create_test_db(verbosity, autoclobber, keepdb)
            connection.close()  # pointed at the new database, as create_test_db leaves it
            settings.DATABASES[alias]["NAME"] = connection.settings_dict["NAME"] = name
            connection.ensure_connection()
            source = sqlite3.connect(f"file:{template}?mode=ro", uri=True)
            source.backup(connection.connection)
            source.close()
            return name

    DatabaseCreation.create_test_db = create_test_db
    yield
    DatabaseCreation.create_test_db = create


@pytest.fixture(scope="session")
def django_db_setup(sqlite_templates, django_db_setup):
    """pytest-django's fixture, with SQLite's databases copied from the run's template."""
    return django_db_setup
