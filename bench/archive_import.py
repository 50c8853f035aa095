"""Benchmark: an archive's import against its export, in CPU seconds.

Builds bench/archive.py's event (``--pairs`` × 10 rounds, two audit lines a table), exports
it, then imports it ``--imports`` times in this process and prints each step's CPU seconds
and the import's ratio to the export (issue 48: at most 2). The person links of the
registration rows are left out of the archive here, as the archive carries no people. Run
the same script in another checkout to compare (interleaved, on a quiet machine). On a
PostgreSQL server of this machine (BENCH_DATABASE_URL), each step's CPU of the server's
backend is printed too: work moved into the database shows there, not in this process.

    .venv/bin/python bench/archive_import.py [--pairs 5000] [--imports 2]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--imports", type=int, default=2)
    args = parser.parse_args(argv)
    setup_django()
    from django.core.management import call_command

    from bench.archive import build
    from tournament.archive import rows, write

    every = write.data_fields
    write.data_fields = rows.data_fields = lambda m: [f for f in every(m) if f.name != "person"]
    build(args.pairs, 10)
    path = Path(os.environ.get("GUANDAN_VAR_DIR", ".")) / "bench-archive.json.gz"
    start, server = time.process_time(), ServerCPU()
    call_command("export", "bench", "archive", "-o", str(path))
    export = time.process_time() - start
    print(f"{args.pairs} pairs x 10 rounds: export {export:.1f} CPU-s{server.since()}", flush=True)
    for i in range(args.imports):
        start, server = time.process_time(), ServerCPU()
        with open(os.devnull, "w") as quiet:
            call_command(
                "import_archive", str(path), "--slug", f"copy{i}", "--map-users", stdout=quiet
            )
        took = time.process_time() - start
        ratio = f"{took / export:.1f} x the export"
        print(f"  import {i + 1}: {took:.1f} CPU-s ({ratio}){server.since()}", flush=True)
    return 0


class ServerCPU:
    """The CPU seconds of this connection's PostgreSQL backend since this was made, when
    the server runs on this machine (its ``/proc/<pid>/stat``); nothing otherwise (SQLite
    works in this process, another host's server cannot be read)."""

    def __init__(self) -> None:
        self.stat = self._stat_path()
        self.start = self._seconds()

    @staticmethod
    def _stat_path() -> Path | None:
        from django.db import connection

        if connection.vendor != "postgresql":
            return None
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            stat = Path(f"/proc/{cursor.fetchone()[0]}/stat")
        return stat if stat.exists() else None

    def _seconds(self) -> float:
        if self.stat is None:
            return 0.0
        fields = self.stat.read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime

    def since(self) -> str:
        if self.stat is None or not self.stat.exists():  # no server, or another connection
            return ""
        return f", PostgreSQL {self._seconds() - self.start:.1f} CPU-s"


if __name__ == "__main__":
    raise SystemExit(main())
