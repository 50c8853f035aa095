"""PostgreSQL's own tools for the backups: ``pg_dump`` and ``pg_restore`` of a version that
can read the server (its major version or a newer one), found on PATH or in Debian's
``/usr/lib/postgresql/<major>/bin``."""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
from pathlib import Path

from django.db import connection

from tournament.backups.files import BackupDamaged, BackupError

TOOL_DIRS = "/usr/lib/postgresql/*/bin"
TIMEOUT = 3600  # an hour: far more than a venue's database takes

MSG_PG_DUMP_FAILED = "backup_pg_dump_failed"
MSG_PG_RESTORE_FAILED = "backup_pg_restore_failed"
MSG_NO_PG_RESTORE = "backup_no_pg_restore"
MSG_SCHEMA = "backup_schema"  # shared with tournament/backups/schema.py (SQLite's check)

# Objects of a dump's table of contents the app's migrations never make: code that runs
# inside the server (a trigger promoting an account), or data the app does not know.
FOREIGN_OBJECTS = (
    "AGGREGATE",
    "CAST",
    "EVENT TRIGGER",
    "FOREIGN TABLE",
    "FUNCTION",
    "MATERIALIZED VIEW",
    "OPERATOR",
    "POLICY",
    "PROCEDURE",
    "PUBLICATION",
    "RULE",
    "SERVER",
    "SUBSCRIPTION",
    "TRANSFORM",
    "TRIGGER",
    "USER MAPPING",
    "VIEW",
)
# A line of ``pg_restore -l``: "215; 1259 16385 TABLE public auth_group owner".
TOC_LINE = re.compile(r"^\d+;\s+\d+\s+\d+\s+(?P<rest>.+)$")


def tool_major(path: str) -> int | None:
    """The major version of a PostgreSQL client tool (``pg_dump (PostgreSQL) 15.4`` → 15)."""
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"(\d+)(?:\.\d+)?", out)
    return int(found.group(1)) if found else None


def server_major(db=None) -> int:
    db = db or connection
    db.ensure_connection()
    return db.pg_version // 10000


def find_pg_tool(name: str, major: int | None = None) -> str | None:
    """The ``name`` tool of the server's major version, else the oldest newer one, else
    None (a tool older than the server refuses to dump it)."""
    major = major or server_major()
    candidates = {p for p in [shutil.which(name), *glob.glob(f"{TOOL_DIRS}/{name}")] if p}
    versions = {path: tool_major(path) for path in sorted(candidates)}
    usable = sorted((v, p) for p, v in versions.items() if v is not None and v >= major)
    return usable[0][1] if usable else None


def client_args(settings_dict: dict) -> tuple[list[str], dict[str, str]]:
    """Command-line arguments and environment naming the database of ``settings_dict``."""
    args = []
    if settings_dict.get("HOST"):
        args += ["-h", str(settings_dict["HOST"])]
    if settings_dict.get("PORT"):
        args += ["-p", str(settings_dict["PORT"])]
    if settings_dict.get("USER"):
        args += ["-U", str(settings_dict["USER"])]
    env = {**os.environ}
    if settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings_dict["PASSWORD"])
    return args, env


def run_tool(argv: list[str], env: dict[str, str], failed: str) -> None:
    """Run a PostgreSQL client tool; ``failed`` is the code of the error raised when it
    fails, with the tool's own words (the end of its stderr) as ``error``."""
    try:
        done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    except (OSError, subprocess.SubprocessError) as exc:
        raise BackupError(failed, error=str(exc)) from exc
    if done.returncode != 0:
        raise BackupError(failed, error=done.stderr.strip()[-800:])


def pg_dump(tool: str, target: Path) -> Path:
    """The whole database in ``pg_dump``'s custom format (compressed, one snapshot)."""
    args, env = client_args(connection.settings_dict)
    name = connection.settings_dict["NAME"]
    run_tool([tool, *args, "-Fc", "-Z", "6", "-f", str(target), name], env, MSG_PG_DUMP_FAILED)
    return target


def foreign_objects(listing: str, tables: set[str]) -> list[str]:
    """What in a dump's table of contents (``pg_restore -l``) the app does not make: any
    object of :data:`FOREIGN_OBJECTS`, and tables not among ``tables``."""
    found = []
    for line in listing.splitlines():
        entry = TOC_LINE.match(line.strip())
        if not entry:
            continue  # comments (";"), blank lines
        rest = entry.group("rest")
        kind = next((k for k in FOREIGN_OBJECTS if rest.startswith(k + " ")), None)
        if kind is not None:
            found.append(rest.rsplit(" ", 1)[0])
        elif rest.startswith("TABLE ") and not rest.startswith("TABLE DATA "):
            words = rest.split()
            if len(words) not in (3, 4) or words[2] not in tables:  # (the owner may be "")
                found.append(" ".join(words[:3]))
    return found


def app_tables() -> set[str]:
    """The tables the installed apps' models (and the migration recorder) make."""
    from django.apps import apps

    models = apps.get_models(include_auto_created=True)
    return {m._meta.db_table for m in models if m._meta.managed} | {"django_migrations"}


def check_dump(dump: Path) -> None:
    """Refuse a dump holding objects the app does not make (see :func:`foreign_objects`),
    read from its table of contents before it is restored."""
    tool = find_pg_tool("pg_restore")
    if tool is None:
        raise BackupError(MSG_NO_PG_RESTORE)
    try:
        done = subprocess.run(
            [tool, "-l", str(dump)], capture_output=True, text=True, timeout=TIMEOUT
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise BackupError(MSG_PG_RESTORE_FAILED, error=str(exc)) from exc
    if done.returncode != 0:
        raise BackupError(MSG_PG_RESTORE_FAILED, error=done.stderr.strip()[-800:])
    found = foreign_objects(done.stdout, app_tables())
    if found:
        raise BackupDamaged(MSG_SCHEMA, what="、".join(found[:3]))


def pg_restore(dump: Path, settings_dict: dict) -> None:
    """Load a dump into the database of ``settings_dict``, replacing its tables, in one
    transaction: on any error nothing is changed."""
    tool = find_pg_tool("pg_restore")
    if tool is None:
        raise BackupError(MSG_NO_PG_RESTORE)
    args, env = client_args(settings_dict)
    argv = [tool, *args, "--clean", "--if-exists", "--no-owner", "--no-privileges"]
    argv += ["--single-transaction", "--exit-on-error", "-d", settings_dict["NAME"], str(dump)]
    run_tool(argv, env, MSG_PG_RESTORE_FAILED)
