"""Benchmark: what one referee's save cycle costs, in-process, part by part.

A save cycle is what a referee's phone does for one table (bench/rig_clients.py): the
table's form (GET), its post, the round-control page the post leads to, and one poll of
round control's live list (``status.json?since=``). For each part: CPU ms (this process:
Django's test client, so no network and no server, but the whole of the app's middleware,
views and templates) and SQL statements, over ``--saves`` tables of a published round of
``--pairs`` pairs (bench/public_pages.py's event). ``--profile FILE`` writes the cProfile
of the cycles (``python -m pstats FILE``).

    .venv/bin/python bench/save_cycle.py [--pairs 5000] [--saves 200] [--profile FILE]
    BENCH_DATABASE_URL=postgres://… .venv/bin/python bench/save_cycle.py

Only CPU and statements are printed: on a shared machine wall times say little. On
PostgreSQL the database's CPU for each part is printed too: the CPU time of this
connection's server process (``/proc/<pid>/stat``, counted in 10 ms ticks: an average over
the cycles), the database being on this machine.
"""

from __future__ import annotations

import argparse
import cProfile
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402
from bench.public_pages import build  # noqa: E402

PARTS = ("form", "post", "round control", "poll")
SHOWN: dict[str, list[str]] = {}  # --sql: each part's statements in the last cycle


def backend_cpu() -> float:
    """CPU seconds of this connection's PostgreSQL server process so far (0 on SQLite)."""
    import os

    from django.db import connection

    if connection.vendor != "postgresql":
        return 0.0
    if not hasattr(connection, "_bench_pid"):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            connection._bench_pid = cursor.fetchone()[0]
    fields = Path(f"/proc/{connection._bench_pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cycle(client, slug: str, number: int, table: int, since: int, spent: dict) -> int:
    """One table's save cycle; adds each part's CPU seconds and statements to ``spent``."""
    import re

    from django.db import connection

    statements = 0

    def count(execute, sql, params, many, context):
        nonlocal statements
        statements += 1
        SHOWN.setdefault(current[0], []).append(sql[:150])
        return execute(sql, params, many, context)

    form_url = f"/t/{slug}/rounds/{number}/table/{table}/"
    data = {"ew_level": "A+", "ns_level": "7", "forfeit": "", "ew_fouls": 0, "ns_fouls": 0}

    current = [""]

    def timed(part: str, call):
        nonlocal statements
        statements = 0
        current[0] = part
        SHOWN[part] = []
        database = backend_cpu()
        start = time.process_time()
        with connection.execute_wrapper(count):
            response = call()
        cpu, n, db = spent.setdefault(part, [0.0, 0, 0.0])
        spent[part] = [
            cpu + time.process_time() - start,
            n + statements,
            db + backend_cpu() - database,
        ]
        return response

    html = timed("form", lambda: client.get(form_url)).content.decode()
    version = re.search(r'name="version"\s+value="(\d+)"', html).group(1)
    posted = timed("post", lambda: client.post(form_url, {**data, "version": version}))
    assert posted.status_code == 302, posted.status_code
    timed("round control", lambda: client.get(posted["Location"]))
    answer = timed(
        "poll", lambda: client.get(f"/t/{slug}/rounds/{number}/status.json?since={since}")
    )
    return answer.json()["seq"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--profile", type=Path, help="write the cycles' cProfile here")
    parser.add_argument("--sql", action="store_true", help="print the last cycle's statements")
    args = parser.parse_args(argv)
    setup_django()
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client

    from tournament.models import Staff

    tournament, current = build(args.pairs, 3)
    referee = User.objects.create_user("ref")
    Staff.objects.create(tournament=tournament, user=referee, role=Staff.REFEREE)
    client = Client()
    client.force_login(referee)
    tables = list(current.tables.exclude(ns=None).values_list("number", flat=True))
    # A few cycles first: the first request of a process loads templates and translations.
    since, spent = 0, {}
    for table in tables[:5]:
        since = cycle(client, tournament.slug, current.number, table, since, spent)
    spent = {}
    # CPU time, not wall time: on a shared machine the wall clock counts the others' work.
    profile = cProfile.Profile(time.process_time) if args.profile else None
    if profile:
        profile.enable()
    for table in tables[5 : 5 + args.saves]:
        since = cycle(client, tournament.slug, current.number, table, since, spent)
    if profile:
        profile.disable()
        profile.dump_stats(args.profile)
    n = min(args.saves, len(tables) - 5)
    print(f"{connection.vendor}, {args.pairs} pairs, {len(tables)} tables, {n} save cycles")
    totals = [0.0, 0, 0.0]
    for part in (*PARTS, "save"):  # save: what a phone without the outbox asks per save
        if part == "save":
            print("  (a save: the form, the post and round control)")
            cpu, statements, db = (sum(spent[p][i] for p in PARTS[:3]) for i in range(3))
        else:
            cpu, statements, db = spent[part]
            totals = [a + b for a, b in zip(totals, spent[part], strict=True)]
        shown = f"  {db / n * 1000:6.1f} ms database CPU" if connection.vendor != "sqlite" else ""
        print(f"  {part:<14} {cpu / n * 1000:6.1f} ms CPU  {statements / n:5.1f} statements{shown}")
    cpu, statements, db = totals
    shown = f"  {db / n * 1000:6.1f} ms database CPU" if connection.vendor != "sqlite" else ""
    print(f"  {'cycle':<14} {cpu / n * 1000:6.1f} ms CPU  {statements / n:5.1f} statements{shown}")
    if args.sql:
        for part in PARTS:
            print(f"{part}:", *SHOWN.get(part, []), sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
