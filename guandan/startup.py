"""What the ``guandan`` command checks before it runs a command: that the app's packages it
imports are this copy's, and that the database has its tables.

Vocabulary:

- the app's *own packages* are the top-level packages the wheel installs beside ``guandan``
  (:data:`OWN_PACKAGES`). Their names are generic: another project on PyPI may install a
  ``rules`` of its own into the same Python, over this one's files or ahead of them on the
  import path. A *foreign* package is one of those names that Python would import from
  somewhere else, or whose files are not the ones this copy installed;
- a *fresh* database has no tables yet (a new data folder: the file does not exist, or
  nothing was migrated into it); an *outdated* one has tables but migrations not applied (an
  upgrade installed, and no ``guandan serve`` since).

No Django import at module level: the package check runs before Django is set up.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import os
import sys
from pathlib import Path
from typing import TextIO

from guandan import DISTRIBUTION
from guandan.paths import SOURCE_ROOT, in_clone

OWN_PACKAGES = ("config", "tournament", "rules", "scoring", "pairing")
# Commands that do not read the app's tables, or that make them (migrate, restore: a restore
# replaces the database and migrates it itself). Every other command of a fresh or outdated
# database is preceded by a migrate on SQLite (see ensure_migrated).
NO_DATABASE = frozenset(
    {
        "help",
        "version",
        "check",
        "migrate",
        "makemigrations",
        "showmigrations",
        "sqlmigrate",
        "squashmigrations",
        "optimizemigration",
        "restore",
        "collectstatic",
        "findstatic",
        "compilemessages",
        "makemessages",
        "diffsettings",
        "dbshell",
        "shell",
        "startapp",
        "startproject",
        "test",
        "testserver",
        "sendtestemail",
    }
)


def typed(command: str) -> str:
    """``command`` (a command and its arguments) as this user types it: ``guandan …`` in an
    installed copy, the clone's own venv running the same command in a clone."""
    if not in_clone():
        return f"guandan {command}"
    python = r".venv\Scripts\python" if os.name == "nt" else ".venv/bin/python"
    return f"{python} -m guandan {command}"


def foreign_packages() -> list[str]:
    """Each of :data:`OWN_PACKAGES` that is not this copy's, as ``name: where`` (empty when
    all are). Found without importing them: a foreign ``rules`` may fail on import."""
    found = []
    for name in OWN_PACKAGES:
        spec = importlib.util.find_spec(name)
        where = Path(spec.origin).parent if spec is not None and spec.origin else None
        if where != SOURCE_ROOT / name:
            found.append(f"{name}: {where or '—'}")
    if not found and not in_clone():
        found = _overwritten()
    return found


def _overwritten() -> list[str]:
    """The own packages whose ``__init__.py`` is not the file this copy's wheel installed
    (its hash in the distribution's RECORD): another package installed into the same
    folder writes its files over these."""
    from importlib import metadata

    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return []
    if Path(dist.locate_file("guandan")).resolve() != SOURCE_ROOT / "guandan":
        return []  # another install of the distribution, not the one running
    wanted = {f"{name}/__init__.py" for name in OWN_PACKAGES}
    found = []
    for entry in dist.files or []:
        if str(entry) not in wanted or entry.hash is None or entry.hash.mode != "sha256":
            continue
        path = Path(dist.locate_file(entry))
        try:
            digest = hashlib.sha256(path.read_bytes()).digest()
        except OSError:
            found.append(f"{entry.parts[0]}: {path.parent} (missing)")
            continue
        if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != entry.hash.value:
            found.append(f"{entry.parts[0]}: {path.parent} (replaced)")
    return found


def refuse_foreign_packages() -> None:
    """Stop with a message naming each foreign package and the way out: an environment of
    its own for the app (docs/install.md)."""
    found = foreign_packages()
    if not found:
        return
    names = "\n  ".join(found)
    raise SystemExit(
        "本软件的模块被同名的其他软件包替换或遮住了：\n"
        f"  {names}\n"
        "请把 guandan 装在它自己的环境里：pipx install 或 uv tool install 安装包，"
        "或按 docs/install.md 建一个虚拟环境。\n"
        "Packages of another project shadow or replace this app's own:\n"
        f"  {names}\n"
        "Install guandan in an environment of its own: pipx install, uv tool install, or the "
        "virtual environment docs/install.md makes."
    )


def ensure_migrated(args: list[str], *, rerun: str = "guandan migrate") -> None:
    """Before the management command ``args`` (its name, then its arguments) reads the
    database: give a fresh or outdated SQLite database its tables (one line says so); on
    another database, stop and say what to run. Nothing for a command's ``--help``. Django
    must be set up."""
    if args[0] in NO_DATABASE or {"-h", "--help", "--version"} & set(args[1:]):
        return
    from django.db import connection

    fresh = not connection.introspection.table_names()
    if not fresh and not unapplied():
        return
    if connection.vendor != "sqlite":
        raise SystemExit(
            f"数据库还没有建立或更新：请先运行 {rerun}\n"
            f"The database is not set up or not up to date: run {rerun} first"
        )
    where = connection.settings_dict["NAME"]
    # On standard error: what the command writes on standard output may be piped or kept.
    if fresh:
        title = f"新的数据文件夹，建立数据库 / a new data folder, creating the database: {where}"
    else:
        title = f"更新数据库结构 / updating the database's tables: {where}"
    migrate(title, sys.stderr)


def unapplied() -> int:
    """How many migrations the database lacks (all of them for a fresh one)."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    return len(executor.migration_plan(executor.loader.graph.leaf_nodes()))


def migrate(title: str, out: TextIO) -> None:
    """``migrate``, with ``title`` and then its progress (migrations applied of those due)
    on ``out``: a fresh database takes some 40 of them and several seconds."""
    from django.core.management import call_command

    print(title, file=out, flush=True)
    call_command("migrate", interactive=False, verbosity=1, stdout=_Progress(unapplied(), out))
    print(file=out, flush=True)


class _Progress(io.TextIOBase):
    """What ``migrate`` writes at verbosity 1, turned into one line of progress: each
    "Applying app.name... OK" moves it on. On a terminal the line is rewritten in place;
    elsewhere (a log) it is written at each tenth."""

    def __init__(self, total: int, out: TextIO):
        self.total, self.done, self.out = max(total, 1), 0, out
        self.live = out.isatty()

    def write(self, text: str) -> int:
        if "Applying " in text:
            self.done += 1
            if self.live:
                self.out.write(f"\r  {self.done}/{self.total}")
            elif self.done * 10 // self.total != (self.done - 1) * 10 // self.total:
                self.out.write(f"  {self.done}/{self.total}")
            self.out.flush()
        return len(text)
