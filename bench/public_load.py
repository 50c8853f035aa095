"""Benchmark: the app served as README's first command serves it, under a venue's load.

Builds a 5,000-pair event (8 locked rounds, round 9 published and started) in a temporary
database, starts ``scripts/serve.sh`` (granian, as guandan serve) on it, then measures:

1. find my table: 200 concurrent clients for 30 s (``wrk``, Debian's package) on server-side
   searches (``?q=`` name, pinyin, initials) and on pages of the pairings list;
2. logins: 50 referees logging in at the same moment (the password hasher's cost);
3. result saves: 50 logged-in referees entering results at their tables for 30 s.

Prints requests/s, p50/p95/p99 and errors for (1), p50/p95/max for (2) and (3).
Targets (docs/benchmarks.md): ≥ 300 requests/s at p95 < 500 ms with 0 errors; save p95 < 300 ms.

``--servers gunicorn,granian`` measures each server in turn through
``guandan serve --server NAME`` (same WEB_WORKERS × WEB_THREADS; a one-process server gets
workers × threads threads; ``granian:1`` is granian as Windows runs it, one process with
workers × threads threads), each on a fresh copy of the same built database.

    .venv/bin/python bench/public_load.py [--pairs 5000] [--seconds 30] [--clients 200]
        [--servers gunicorn,granian] [--nginx] [--saves-only]

``--nginx`` measures find my table only: direct, then through deploy/nginx.conf's microcache,
then nginx serving the same answer as a static file (its ceiling), all in the same run.
``--distinct-names`` asks find my table as a hall does when a round is published: every
request a player's own name (each player's name, then each one's pinyin: 20,000 different
searches at 5,000 pairs, URL-encoded), each of wrk's threads taking every other one, so no
search is asked twice until all have been (keep ``--seconds`` short enough: at 2,000
requests a second 10 s asks each about once). Without it, 400 searches and 25 list pages
are asked over and over (nginx's microcache and the app's page cache answer them).
``--pause 10 2``: the saves at a hall's pace (each of the 50 referees a table every 10 s)
and at five times that, one after the other.
``--saves-only`` leaves out (1): the save path on its own, e.g. on PostgreSQL and Redis with
``BENCH_DATABASE_URL=postgres://… REDIS_URL=redis://…`` (the server is given both).
``BENCH_SERVER_CPUS=0 taskset -c 1 …``: the server on core 0, the clients on core 1 (serving.py).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import load_event, setup_django  # noqa: E402
from bench.pair_db import swiss_history  # noqa: E402
from bench.proxy_ceiling import proxied_find  # noqa: E402
from bench.rig import PASSWORD  # noqa: E402
from bench.rig_clients import KeepRedirect, login_at_once  # noqa: E402
from bench.rig_load import WRK_SCRIPT  # noqa: E402 (one wrk script for every bench)
from bench.serving import (  # noqa: E402
    cpu_now,
    interval_backup_first,
    print_save_cpu,
    served,
    server_cpu_seconds,
)
from tests.servers.web import Browser  # noqa: E402


def build(pairs: int, rounds: int, referees: int):
    """The event, its round 9 published and started, and ``referees`` referee accounts."""
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from config.hashers import VenueArgon2PasswordHasher
    from tournament.core.actors import user_actor
    from tournament.models import Round, Staff
    from tournament.rounds.lifecycle import start_round

    t0 = time.perf_counter()
    tournament = load_event(swiss_history(pairs, rounds), pairs, rounds)
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    call_command("pair", tournament.slug, "--seed", "1", "--publish", stdout=io.StringIO())
    hasher = VenueArgon2PasswordHasher()
    encoded = hasher.encode(PASSWORD, hasher.salt())
    chief = User.objects.create_user("bench-chief", password=None)
    Staff.objects.create(tournament=tournament, user=chief, role=Staff.CHIEF_REFEREE)
    users = User.objects.bulk_create(
        [User(username=f"ref{i:02d}", password=encoded) for i in range(referees)]
    )
    Staff.objects.bulk_create(
        [Staff(tournament=tournament, user=u, role=Staff.REFEREE) for u in users]
    )
    round_ = Round.objects.get(tournament=tournament, number=rounds + 1)
    start_round(round_, by=user_actor(chief))
    print(
        f"built {pairs} pairs, {rounds} locked rounds + round {rounds + 1} in "
        f"{time.perf_counter() - t0:.0f} s"
    )
    return tournament, round_


def find_paths(tournament, round_) -> list[str]:
    """Searches by name, pinyin and initials, and pages of the list by table."""
    from tournament.models import Pair

    base = f"/t/{tournament.slug}/pairings/{round_.number}/"
    names = list(Pair.objects.filter(tournament=tournament).values_list("name", flat=True)[:400])
    paths = []
    for i, name in enumerate(names):
        digits = name[-5:]
        paths.append(
            base + "?q=" + [f"%E7%BB%84%E5%90%88{digits}", f"zuhe{digits}", f"zh{digits}"][i % 3]
        )
    paths += [base + f"?page={n}" for n in range(1, 26)]
    return paths


def distinct_paths(tournament, round_) -> list[str]:
    """Each player's own name, then each one's pinyin, as a search of the round (URL-encoded):
    what the players of a hall type when a round is published."""
    from tournament.models import Player

    base = f"/t/{tournament.slug}/pairings/{round_.number}/?q="
    rows = list(
        Player.objects.filter(pair__tournament=tournament).values_list("name", "name_pinyin")
    )
    random.Random(9).shuffle(rows)
    typed = [name for name, _ in rows] + [pinyin for _, pinyin in rows if pinyin]
    return [base + urllib.parse.quote(text) for text in dict.fromkeys(typed)]


# Each of wrk's two threads takes every other path, from its own start: no path is asked
# twice until every one has been.
DISTINCT_SCRIPT = """
local paths = {%s}
local threads = 0
function setup(thread)
  thread:set("first", threads)
  threads = threads + 1
end
local i = -1
request = function()
  if i < 0 then i = first end
  local path = paths[i %% #paths + 1]
  i = i + 2
  return wrk.format("GET", path)
end
""" + WRK_SCRIPT.split("end\n", 1)[1]


def run_wrk(
    base: str, paths: list[str], clients: int, seconds: int, app: str = "", distinct=False
) -> None:
    """wrk on ``paths`` of ``base``; the CPU per request of the app served at ``app``
    (default: ``base`` itself). ``distinct``: each path asked once before any again."""
    app = app or base
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        script = DISTINCT_SCRIPT if distinct else WRK_SCRIPT
        f.write(script % ", ".join(f'"{p}"' for p in paths))
    cpu = server_cpu_seconds(app)
    out = subprocess.run(
        ["wrk", "-t2", f"-c{clients}", f"-d{seconds}s", "--timeout", "10s", "-s", f.name, base],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rps, p50, p95, p99, errors, total = out.split("RESULT ")[1].split()
    kind = f"{len(paths)} different names" if distinct else f"{len(paths)} URLs over and over"
    print(
        f"find my table ({kind}), {clients} clients x {seconds} s: {float(rps):.0f} requests/s, "
        f"p50 {p50} ms, p95 {p95} ms, p99 {p99} ms, {errors} errors of {total}"
        "   target: >= 300 requests/s, p95 < 500 ms, 0 errors"
    )
    print(
        f"  server CPU per request: {(server_cpu_seconds(app) - cpu) / int(total) * 1000:.2f} ms"
        " (first answers of each search and page included)"
    )


def wait_idle(base: str, limit: float = 120) -> None:
    """Wait until the server answers the home page quickly: the last phase's queue is gone."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        start = time.perf_counter()
        try:
            Browser(base).get("/")
        except OSError:
            continue
        if time.perf_counter() - start < 0.5:
            return


def percentiles(label: str, times: list[float], target: str = "") -> None:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(
        f"{label}: n={len(ms)}, p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, "
        f"max {ms[-1]:.0f} ms{target}"
    )


def logins(base: str, referees: int) -> list[Browser]:
    """Every referee logs in at the same moment; returns their logged-in browsers."""
    browsers, times = login_at_once(base, referees)
    percentiles(f"{referees} referees logging in at once", times)
    return browsers


def save_once(browser: Browser, path: str, data: dict) -> tuple[int, float, float]:
    """Load the table's form, post it, follow the redirect as a phone's browser does.

    Returns the status of the post, the seconds of the post alone (the save: the server's
    answer is the redirect) and of the post with the page it leads to.
    """
    _, html = browser.get(path)
    token = html.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(browser.jar), KeepRedirect
    )
    request = urllib.request.Request(
        browser.base + path, data=body, headers={"Referer": browser.base + path}
    )
    start = time.perf_counter()
    try:
        with opener.open(request, timeout=browser.timeout) as r:
            status, location = r.status, ""
            r.read()
    except urllib.error.HTTPError as e:
        status, location = e.code, e.headers.get("Location", "")
        e.read()
    saved = time.perf_counter()
    if location:
        browser.get(location if location.startswith("/") else urllib.parse.urlsplit(location).path)
    return status, saved - start, time.perf_counter() - start


def saves(browsers: list[Browser], round_, seconds: int, pause: float) -> None:
    """Each referee enters results at its own tables until time is up.

    Between two tables a referee walks and reads the next sheet: ``pause`` seconds on
    average (uniform in [pause/2, 3·pause/2], seeded). With 50 referees and 2 s that is 25
    saves a second, about six times the end-of-round peak of a 2,500-table event (2,500
    results in ten minutes); ``--pause 0`` saves back to back. A referee's first save also
    comes after a random part of a pause (not fifty posts in one millisecond). A save is
    what a phone does (:func:`save_once`); its time is the post's.
    """
    from tournament.models import Table

    slug, number = round_.tournament.slug, round_.number
    tables = list(
        Table.objects.filter(round=round_)
        .exclude(ns=None)
        .values_list("number", "version")
        .order_by("number")
    )
    times, with_page, errors, stop = [], [], [], time.monotonic() + seconds

    def one(i: int) -> None:
        mine = tables[i :: len(browsers)]
        rng = random.Random(i)
        if pause:  # the referees did not all finish their first table at the same moment
            time.sleep(rng.uniform(0, pause))
        for table, version in mine:
            if time.monotonic() > stop:
                return
            data = {
                "ew_level": "A+",
                "ns_level": "7",
                "forfeit": "",
                "ew_fouls": 0,
                "ns_fouls": 0,
                "version": version,
            }
            path = f"/t/{slug}/rounds/{number}/table/{table}/"
            status, save, total = save_once(browsers[i], path, data)
            times.append(save)
            with_page.append(total)
            if status != 302:  # a saved result redirects; a form with an error answers 200
                errors.append(status)
            if pause:
                time.sleep(rng.uniform(pause / 2, pause * 1.5))

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(browsers))]
    before = cpu_now(browsers[0].base)
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    percentiles(
        f"result saves by {len(browsers)} referees ({len(times) / seconds:.0f}/s, pause {pause} s)",
        times,
        f", {len(errors)} errors   target: p95 < 300 ms",
    )
    percentiles("the same saves with the page after them (round control)", with_page)
    print_save_cpu(before, cpu_now(browsers[0].base), len(times))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--referees", type=int, default=50)
    parser.add_argument(
        "--pause",
        type=float,
        nargs="+",
        default=[10.0, 2.0],
        help="seconds between a referee's two saves (several: one run each)",
    )
    parser.add_argument(
        "--distinct-names", action="store_true", help="find my table: every request a new name"
    )
    parser.add_argument(
        "--saves-only", action="store_true", help="skip find my table: logins and saves only"
    )
    parser.add_argument(
        "--servers", default="", help="comma-separated: gunicorn,granian (guandan serve)"
    )
    parser.add_argument(
        "--nginx",
        action="store_true",
        help="find my table only: direct, through deploy/nginx.conf, and nginx's static ceiling",
    )
    args = parser.parse_args(argv)
    setup_django()
    tournament, round_ = build(args.pairs, args.rounds, args.referees)
    workers = os.environ.get("WEB_WORKERS", "default")
    threads = os.environ.get("WEB_THREADS", "default")
    servers = [name for name in args.servers.split(",") if name] or [None]
    restore = snapshot() if len(servers) > 1 else None
    for server in servers:
        if restore:
            restore()
        print(
            f"{server or 'serve.sh'}: WEB_WORKERS={workers}, WEB_THREADS={threads}, "
            f"{os.cpu_count()} cores"
        )
        measure(args, tournament, round_, server)
    return 0


def measure(args, tournament, round_, server: str | None) -> None:
    """Find my table (straight, and through nginx with ``--nginx``), else logins and saves
    at each ``--pause``, on ``server`` (serve.sh's by default)."""
    distinct = args.distinct_names
    paths = (distinct_paths if distinct else find_paths)(tournament, round_)
    if args.saves_only:
        interval_backup_first()
    with served(dict(os.environ), server) as base:
        if not args.saves_only:
            run_wrk(base, paths, args.clients, args.seconds, distinct=distinct)
            wait_idle(base)
        if args.nginx:
            if distinct:  # the names asked straight are in the app's page cache now
                paths = [p.replace("?q=", "?q=%20") for p in paths]
            proxied_find(
                base,
                paths,
                lambda url, ps: run_wrk(
                    url, ps, args.clients, args.seconds, base, distinct and len(ps) > 1
                ),
            )
            return
        browsers = logins(base, args.referees)
        for pause in args.pause:
            saves(browsers, round_, args.seconds, pause)
            wait_idle(base)


def snapshot():
    """Copy the built SQLite database; return a function that puts the copy back, so that each
    server is measured on the same data (the saves of one run would be edits for the next)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    live = Path(connection.settings_dict["NAME"])
    copy = live.with_suffix(".snapshot")
    shutil.copyfile(live, copy)

    def restore() -> None:
        connection.close()
        for extra in ("-wal", "-shm"):
            Path(f"{live}{extra}").unlink(missing_ok=True)
        shutil.copyfile(copy, live)

    return restore


if __name__ == "__main__":
    sys.exit(main())
