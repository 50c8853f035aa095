"""Benchmark: a served save's instructions against the same save made in-process.

bench/public_load.py measures a save's CPU time through the real server (granian and
guandan/front.py) and finds more than bench/save_cycle.py measures for the same requests
in-process. This tells whether that difference is work the server does (instructions) or
the machine running the same work more slowly (the server's processes, the load generator
and the database sharing two cores and their caches). It counts, under valgrind's
callgrind, the instructions of a referee's saves (the table's form, its post and the
round-control page it leads to) two ways on copies of the same event's database:

- *served*: granian with one worker of one thread (every process it starts is counted),
  a client in this process (not counted) logging in and saving over HTTP;
- *in-process*: Django's test ``Client`` in one process, the same settings (the served
  ones, ``config.settings``; automatic backups off in both: bench/public_load.py makes
  the backup before its saves).

Each way runs twice, with no saves and with ``--saves`` (after the same three warm-up
saves); the difference divided by the saves is a save's instructions, start-up, login and
warm-up left out.

    .venv/bin/python bench/served_instructions.py [--pairs 5000] [--saves 20]

Needs valgrind (Debian: ``valgrind``); about five minutes at 5,000 pairs.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.public_load import save_once  # noqa: E402
from bench.rig import PASSWORD, free_port  # noqa: E402
from tests.servers.web import Browser  # noqa: E402

WARM_UP = (10, 11, 12)  # tables saved before the count: templates, memos, prepared SQL
FIRST = 20  # the counted saves' first table
DATA = {"ew_level": "A+", "ns_level": "7", "forfeit": "", "ew_fouls": 0, "ns_fouls": 0}
VERSION = re.compile(r'name="version"\s+value="(\d+)"')


def environment(folder: Path) -> dict[str, str]:
    """The served settings on the database copy in ``folder``."""
    return {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder}/db.sqlite3",
        "GUANDAN_VAR_DIR": str(folder),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "bench-served-instructions-0123456789abcdefghijklmnop",
        "ALLOWED_HOSTS": "127.0.0.1,testserver",
        "AUTO_BACKUP": "0",
        "PYTHONHASHSEED": "0",
    }


def collected(folder: Path) -> int:
    """The instructions of every process callgrind followed (its ``cg.*`` files)."""
    total = 0
    for out in folder.glob("cg.*"):
        found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        total += int(found.group(1)) if found else 0
    return total


def valgrind(folder: Path) -> list[str]:
    return [
        "valgrind",
        "--tool=callgrind",
        "--trace-children=yes",
        f"--callgrind-out-file={folder}/cg.%p",
    ]


def served(folder: Path, saves: int) -> int:
    """Instructions of granian's processes: start, a login, the warm-up and ``saves``."""
    port = free_port()
    command = [
        *valgrind(folder),
        sys.executable,
        "-m",
        "granian",
        "guandan.front:application",
        "--interface=rsgi",
        "--host=127.0.0.1",
        f"--port={port}",
        "--workers=1",
        "--no-ws",
        "--log-level=warning",
        f"--working-dir={ROOT}",
    ]
    env = {**environment(folder), "GUANDAN_WEB_THREADS": "1"}
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        # A phone's browser; under valgrind a request takes seconds, the login a minute.
        browser = Browser(f"http://127.0.0.1:{port}", timeout=600)
        wait_for(browser)
        browser.login("ref00", PASSWORD)
        versions = table_versions(folder / "db.sqlite3")
        for table in (*WARM_UP, *range(FIRST, FIRST + saves)):
            path = f"/t/bench/rounds/9/table/{table}/"
            # As bench/public_load.py: the version read before, the form loaded once (by
            # save_once, for its CSRF token), as a phone loads it.
            data = {**DATA, "version": versions[table]}
            status, _, _ = save_once(browser, path, data)
            if status != 302:
                raise RuntimeError(f"{path}: the save was answered {status}, not a redirect")
    finally:
        server.terminate()
        server.wait(300)
    return collected(folder)


def table_versions(database: Path) -> dict[int, int]:
    """Round 9's tables and their versions, read from the database before the saves."""
    with closing(sqlite3.connect(database)) as db:
        rows = db.execute(
            'SELECT m."table", m.version FROM tournament_match m JOIN tournament_round r'
            " ON r.id = m.round_id WHERE r.number = 9"
        ).fetchall()
    return dict(rows)


def wait_for(browser: Browser) -> None:
    """Until the server under valgrind answers (its start takes a minute or more)."""
    for _ in range(600):
        try:
            browser.get("/accounts/login/")
            return
        except OSError:
            time.sleep(1)
    raise RuntimeError("the server did not start")


def in_process(folder: Path, saves: int) -> int:
    """Instructions of one process: Django's start, the warm-up and ``saves``."""
    command = [*valgrind(folder), sys.executable, __file__, "--inner", str(saves)]
    subprocess.run(command, cwd=ROOT, env=environment(folder), check=True, capture_output=True)
    return collected(folder)


def inner(saves: int) -> int:
    """Under valgrind: the same saves through Django's test client."""
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username="ref00"))
    for table in (*WARM_UP, *range(FIRST, FIRST + saves)):
        path = f"/t/bench/rounds/9/table/{table}/"
        version = VERSION.search(client.get(path).content.decode()).group(1)
        posted = client.post(path, {**DATA, "version": version})
        assert posted.status_code == 302, posted.status_code
        client.get(posted["Location"])
    return 0


def build(pairs: int, folder: Path) -> Path:
    """bench/public_load.py's event (round 9 started, referees ref00…), kept in ``folder``."""
    os.environ["BENCH_KEEP"] = "1"
    from bench.django_event import setup_django
    from bench.public_load import build as build_event

    setup_django()
    build_event(pairs, 8, 2)
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    source = Path(connection.settings_dict["NAME"])
    built = folder / "built.sqlite3"
    shutil.copyfile(source, built)
    shutil.rmtree(source.parent, ignore_errors=True)
    return built


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--inner"]:
        return inner(int(argv[1]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--saves", type=int, default=20)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="guandan-served-") as tmp:
        built = build(args.pairs, Path(tmp))
        print(f"a save (form, post, round control), {args.pairs} pairs, SQLite, config.settings")
        for name, way in (("served", served), ("in-process", in_process)):
            counts = []
            for saves in (0, args.saves):
                folder = Path(tmp) / f"{name}-{saves}"
                folder.mkdir()
                shutil.copyfile(built, folder / "db.sqlite3")
                counts.append(way(folder, saves))
            each = (counts[1] - counts[0]) / args.saves
            print(f"  {name:<11} {each / 1e6:6.2f} M instructions a save")
    return 0


if __name__ == "__main__":
    sys.exit(main())
