"""The schema of a SQLite database copy, checked against what this program's migrations make:
a restore trusts no trigger, view, table or index the app did not create.

Vocabulary
----------
schema
    What :func:`sqlite_schema` reads of a database: each table (its columns, as
    ``PRAGMA table_xinfo`` gives them, and its foreign keys), each index (its table, whether
    unique, its columns and the condition of a partial one), each trigger and view (its
    SQL). Compared as structure, not as the text of ``CREATE TABLE``: the same migrations
    applied by another Django release, or one at a time over the months, word the text
    differently.
expected schema
    The schema of a fresh database migrated, in a separate process, to exactly the
    migrations the copy says it has applied (its ``django_migrations`` table): a backup of
    an older version is compared with what that version made, then migrated forward by the
    restore. Built once per app version and set of migrations in a process
    (:func:`expected_schema`), two seconds each.

A trigger made a referee a superuser at their first save in a restored database; extra
tables and views were accepted. What is compared is what can run code or hold data the app
does not know; a CHECK constraint's text is not (it can only refuse a write).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings

from tournament.backups.files import BackupDamaged, BackupError

MIGRATE_TIMEOUT = 600

MSG_SCHEMA = "backup_schema"
MSG_SCHEMA_UNBUILT = "backup_schema_unbuilt"
MSG_NEWER_MIGRATIONS = "backup_newer_migrations"

# Run in a separate process with DATABASE_URL naming a fresh file: the migrations'
# RunPython steps write through the default connection, which here is the one to restore.
MIGRATE_SCRIPT = """
import json, sys
import django
django.setup()
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
executor = MigrationExecutor(connection)
graph = executor.loader.graph
# Each target with what it depends on, once, in order (Django's own plan of several
# targets in one app would unapply the later ones of them).
plan, seen = [], set()
for target in json.load(sys.stdin):
    for key in graph.forwards_plan(tuple(target)):
        if key not in seen:
            seen.add(key)
            plan.append((graph.nodes[key], False))
executor.migrate([], plan=plan)
"""

_expected: dict[tuple[str, tuple[tuple[str, str], ...]], dict] = {}

Schema = dict[str, Any]  # "type name" → what is compared of it


def sqlite_schema(db: sqlite3.Connection) -> Schema:
    """The schema of an open database (see the module docstring); SQLite's own objects
    (``sqlite_sequence``, the automatic indexes of UNIQUE constraints) are left out."""
    found: Schema = {}
    rows = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    for kind, name, table, sql in rows:
        if name.startswith("sqlite_"):
            continue
        key = f"{kind} {name}"
        if kind == "table":
            found[key] = _table(db, name, sql or "")
        elif kind == "index":
            found[key] = _index(db, name, table, sql or "")
        else:  # trigger, view: nothing of the app's
            found[key] = _words(sql or "")
    return found


def _table(db: sqlite3.Connection, name: str, sql: str) -> dict:
    q = _quote(name)
    columns = [row[1:] for row in db.execute(f"PRAGMA table_xinfo({q})")]  # name, type, …
    keys = sorted(tuple(row[2:]) for row in db.execute(f"PRAGMA foreign_key_list({q})"))
    return {
        # CREATE VIRTUAL TABLE (a module's code), WITHOUT ROWID: not how Django makes one.
        "plain": _words(sql).upper().startswith("CREATE TABLE")
        and "WITHOUT ROWID" not in sql.upper(),
        # In name order: a column added by ALTER TABLE comes last, in a table remade it
        # takes its model's place, and which one a Django release does may change.
        "columns": sorted([c[0], str(c[1]).upper(), c[2], c[3], c[4], c[5]] for c in columns),
        "foreign_keys": [list(k) for k in keys],
    }


def _index(db: sqlite3.Connection, name: str, table: str, sql: str) -> dict:
    unique = next(
        (row[2] for row in db.execute(f"PRAGMA index_list({_quote(table)})") if row[1] == name),
        None,
    )
    columns = [
        [row[2], row[3], row[4]]
        for row in db.execute(f"PRAGMA index_xinfo({_quote(name)})")
        if row[5]  # key columns (not the rowid)
    ]
    where = re.split(r"\bWHERE\b", _words(sql), maxsplit=1, flags=re.I)
    return {
        "table": table,
        "unique": unique,
        "columns": columns,
        "where": where[1] if len(where) > 1 else "",
    }


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _words(sql: str) -> str:
    """SQL text with its spacing made plain (spaces around brackets and commas dropped)."""
    return re.sub(r"\s*([(),])\s*", r"\1", re.sub(r"\s+", " ", sql)).strip()


def applied_migrations(db: sqlite3.Connection) -> list[tuple[str, str]]:
    """The migrations the copy records as applied (none without the table)."""
    try:
        rows = db.execute("SELECT app, name FROM django_migrations").fetchall()
    except sqlite3.Error:
        return []
    return sorted({(str(app), str(name)) for app, name in rows})


def expected_schema(applied: list[tuple[str, str]]) -> Schema:
    """The schema this program's migrations make, up to ``applied`` (see the module
    docstring); :class:`BackupError` when it cannot be built."""
    from tournament.backups.create import app_version

    key = (app_version(), tuple(applied))
    if key not in _expected:
        _expected[key] = _build(applied)
    return _expected[key]


def _build(applied: list[tuple[str, str]]) -> Schema:
    with tempfile.TemporaryDirectory(prefix="guandan-schema-") as tmp:
        path = Path(tmp) / "schema.sqlite3"
        env = {
            **os.environ,
            "DATABASE_URL": "sqlite:///" + path.resolve().as_posix(),
            "DJANGO_SETTINGS_MODULE": os.environ.get("DJANGO_SETTINGS_MODULE")
            or settings.SETTINGS_MODULE
            or "config.settings",
            "AUTO_BACKUP": "0",
            "PYTHONPATH": os.pathsep.join(
                [str(settings.BASE_DIR), *filter(None, [os.environ.get("PYTHONPATH")])]
            ),
        }
        try:
            done = subprocess.run(
                [sys.executable, "-c", MIGRATE_SCRIPT],
                input=json.dumps(applied),
                env=env,
                cwd=tmp,
                capture_output=True,
                text=True,
                timeout=MIGRATE_TIMEOUT,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            raise BackupError(MSG_SCHEMA_UNBUILT, error=str(exc)) from exc
        if done.returncode != 0:
            lines = done.stderr.strip().splitlines() or ["?"]
            raise BackupError(MSG_SCHEMA_UNBUILT, error=lines[-1][-300:])
        db = sqlite3.connect(path)
        try:
            return sqlite_schema(db)
        finally:
            db.close()


def _refuse_unknown(applied: list[tuple[str, str]]) -> None:
    """A copy that records migrations this program does not have comes from a newer one."""
    from django.db.migrations.loader import MigrationLoader

    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    unknown = [f"{app}.{name}" for app, name in applied if (app, name) not in known]
    if unknown:
        raise BackupError(MSG_NEWER_MIGRATIONS, names=unknown[:3])


def check_schema(path: Path) -> None:
    """Refuse (:class:`BackupDamaged`) a database copy whose schema is not the one this
    program's migrations make for the migrations it records."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        found = sqlite_schema(db)
        applied = applied_migrations(db)
    except sqlite3.Error as exc:
        raise BackupDamaged(MSG_SCHEMA, what=str(exc)) from exc
    finally:
        db.close()
    _refuse_unknown(applied)
    expected = expected_schema(applied)
    wrong = [f"{key}（多余）" for key in sorted(set(found) - set(expected))]
    wrong += [f"{key}（缺少）" for key in sorted(set(expected) - set(found))]
    wrong += [
        f"{key}（不同）"
        for key in sorted(set(found) & set(expected))
        if found[key] != expected[key]
    ]
    if wrong:
        raise BackupDamaged(MSG_SCHEMA, what="、".join(wrong[:3]))
