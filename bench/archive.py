"""Benchmark: the event archive of a 5,000-pair, 10-round event.

Run from the project root::

    .venv/bin/python bench/archive.py                        # 5,000 pairs, 10 rounds
    .venv/bin/python bench/archive.py --pairs 500            # quicker
    .venv/bin/python bench/archive.py --old /path/to/checkout   # today's code beside

Builds the event in a temporary SQLite database (bulk inserts: 10 locked rounds, every
table with the two audit lines a real day writes, 结果录入 and 确认, made by the app's own
``table_audit``: 50,000 entries at full size), then runs each step as its own process
(``manage.py export … archive`` and ``manage.py import_archive`` into a fresh, migrated
database) and prints the archive's size (as stored and unpacked), the step's wall and CPU
seconds (``wait4``) and its peak memory (the process's own high-water mark, ``VmHWM``).
Target: under 200 MB peak for both steps.

``--old DIR`` runs the same steps with the code of another checkout (same migrations), e.g.
the main branch before the streaming archive: its plain ``.json``, its import with
``ARCHIVE_MAX_MB`` raised so that it reads the file at all.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import ROOT, load_event, setup_django  # noqa: E402
from bench.standings import random_event  # noqa: E402


def build(pairs: int, rounds: int):
    """The event, with staff and two audit lines per table (entered, confirmed)."""
    from django.contrib.auth.models import User

    from tournament.core.actors import user_actor
    from tournament.core.audit import log_entries
    from tournament.models import Staff, Table
    from tournament.results.table_write import snapshot, table_audit
    from tournament.text.messages.audit import about_table

    tournament = load_event(random_event(pairs, rounds), pairs, rounds)
    referee = User.objects.create_user("bench-referee")
    chief = User.objects.create_user("bench-chief")
    Staff.objects.create(tournament=tournament, user=referee, role=Staff.REFEREE)
    Staff.objects.create(tournament=tournament, user=chief, role=Staff.CHIEF_REFEREE)
    tables = Table.objects.filter(round__tournament=tournament).select_related(
        "round__tournament", "ew", "ns"
    )
    entries = []
    for table in tables.iterator(chunk_size=2000):
        before = snapshot(table)
        for action, code, user in (
            ("result.enter", "audit_entered", referee),
            ("result.confirm", "audit_confirmed", chief),
        ):
            summary = about_table(code, table)
            entries.append(
                table_audit(
                    table, by=user_actor(user), action=action, summary=summary, before=before
                )
            )
        if len(entries) >= 5000:
            log_entries(tournament, entries)
            entries = []
    log_entries(tournament, entries)
    return tournament


def child(code: str, args: list[str]) -> None:
    """Inside the step's process: the command, then the peak of this process's own memory
    (``VmHWM``: a ``wait4`` maximum would count the parent's pages copied at the fork)."""
    sys.path[0] = code
    os.chdir(code)
    from django.core.management import execute_from_command_line

    execute_from_command_line(["manage.py", *args])
    status = Path("/proc/self/status").read_text()
    peak = next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM"))
    print(f"VmHWM {peak}", file=sys.stderr)


def run_step(code: Path, args: list[str], env: dict) -> dict:
    """One ``manage.py`` command as its own process: wall, CPU seconds and peak memory."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, __file__, "--child", str(code), *args],
        cwd=code,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    out, err = child.stdout.read(), child.stderr.read()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{out.decode()}\n{err.decode()[-2000:]}")
    peak = next(line for line in err.decode().splitlines() if line.startswith("VmHWM"))
    return {
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "peak_mb": int(peak.split()[1]) / 1024,  # kilobytes
    }


def unpacked_size(path: Path) -> int:
    if path.read_bytes()[:2] != b"\x1f\x8b":
        return path.stat().st_size
    size = 0
    with gzip.open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            size += len(chunk)
    return size


def measure(label: str, code: Path, file: Path, work: Path, env: dict) -> list[str]:
    """Export, then import into a fresh database; one printed line per step."""
    export = run_step(code, ["export", "bench", "archive", "-o", str(file)], env)
    fresh = work / f"import-{label}.sqlite3"
    shutil.copy(work / "empty.sqlite3", fresh)
    env = {**env, "DATABASE_URL": f"sqlite:///{fresh}", "ARCHIVE_MAX_MB": "2000"}
    imported = run_step(code, ["import_archive", str(file), "--slug", "copy"], env)
    stored, raw = file.stat().st_size / 1e6, unpacked_size(file) / 1e6
    lines = []
    for step, m in (("export", export), ("import", imported)):
        lines.append(
            f"{label:<10} {step:<7} {file.name:<16} {stored:8.1f} {raw:8.1f} "
            f"{m['wall']:8.1f} {m['cpu']:8.1f} {m['peak_mb']:9.0f}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--old", type=Path, default=None, help="another checkout to compare")
    o = parser.parse_args(argv)
    setup_django()
    from django.db import connection

    work = Path(os.environ["GUANDAN_VAR_DIR"])
    db = Path(connection.settings_dict["NAME"])
    connection.close()
    shutil.copy(db, work / "empty.sqlite3")  # migrated, no event: where imports go
    started = time.perf_counter()
    tournament = build(o.pairs, o.rounds)
    from tournament.models import AuditEntry, Table

    print(
        f"{o.pairs} pairs, {o.rounds} rounds: {Table.objects.count()} tables, "
        f"{AuditEntry.objects.filter(tournament=tournament).count()} audit entries "
        f"(built in {time.perf_counter() - started:.0f} s)"
    )
    connection.close()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}"}
    print(
        f"{'code':<10} {'step':<7} {'file':<16} {'MB':>8} {'raw MB':>8} "
        f"{'wall s':>8} {'CPU s':>8} {'peak MB':>9}"
    )
    runs = [("streaming", ROOT, work / "bench.json.gz"), ("streaming", ROOT, work / "bench.json")]
    if o.old is not None:
        runs.append(("old", o.old.resolve(), work / "old.json"))
    for label, code, file in runs:
        for line in measure(label, code, file, work, env):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3:])
    else:
        raise SystemExit(main())
