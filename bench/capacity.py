"""Benchmark: what each kind of request costs on each part, checkouts side by side.

For each ``--code`` checkout (bench/rig.py: its commands build the event, its
``scripts/serve.sh`` serves, its ``deploy/nginx.conf`` proxies), in one run:

SQLite, one ``serve.sh`` (the laptop):
  - find my table (400 searches by name and pinyin, 25 pages of the list), the standings,
    the projector's poll (``status.json``): wrk straight to the app after a warm-up, so
    every answer is a cached one: requests/s, latency, the app's CPU per request; and find
    my table past the microcache of two ``serve.sh`` behind nginx (PostgreSQL's
    arrangement below, on SQLite);
  - the same bytes as a static file from nginx (its ceiling) against the pages and the poll
    through nginx's microcache, same nginx, same run: requests/s and nginx's and the app's
    CPU (a checkout whose nginx.conf does not keep the poll: every poll reaches the app);
  - 50 referees logging in at once, then entering results (``--pause`` s between tables;
    several pauses, e.g. ``--pause 2 10``, are run one after the other, same referees);
  - worker memory: one worker (``WEB_WORKERS=1``) at start, after its first search, after
    every page of the event (each round's pages, the standings, the projector, 100 pairs'
    histories, 30 searches).
PostgreSQL + Redis, two ``serve.sh`` behind nginx (each part's CPU from /proc/<pid>/stat:
  app servers, PostgreSQL's backends, Redis, nginx):
  - the same pages through the microcache, and past it (``Authorization`` header: what the
    app servers cost per request); logins and saves as above;
  - one point of scaling: one app server held to one core (``taskset -c 0``) against two
    (cores 0 and 1), same database and cache, find my table past the microcache.

    .venv/bin/python bench/capacity.py --code /work/wt/base --code . [--pairs 5000]
        [--rounds 3] [--seconds 10] [--warmup 4] [--clients 200] [--referees 50]
        [--pause 2 [10 …]] [--save-seconds 20] [--skip-sqlite] [--skip-pg] [--skip-scaling]
        [--skip-pages]

``--skip-pages`` leaves out everything but the logins and saves (and the build): the save
path on its own.

wrk and the Python clients run on the same machine as the servers: on 2 cores every
figure of requests/s is a floor; CPU per request is the figure to compare.
"""

from __future__ import annotations

import argparse
import atexit
import math
import shutil
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import capacity_model, rig, rig_clients, rig_event, rig_services  # noqa: E402
from bench.rig_load import Load, wrk  # noqa: E402

SUMMARY: dict[str, dict[str, str]] = {}
# CPU ms per request of each part, by (checkout, setting) and the model's kind of request.
COSTS: dict[tuple[str, str], dict[str, dict[str, float]]] = {}
MODEL_KINDS = {"find my table, new searches": "search", "projector poll": "poll"}


def keep(c: rig.Checkout, setting: str, kind: str, spent: dict[str, float], n: int) -> None:
    """Keep a measured cost for the capacity model printed at the end."""
    per = {part: s / max(n, 1) * 1000 for part, s in spent.items()}
    COSTS.setdefault((c.label, setting), {})[kind] = per


BYPASS = {"Authorization": "Bench"}  # the microcache's own rule: never for a signed-in user


def note(label: str, c: rig.Checkout, text: str) -> None:
    """Print a figure now and keep it for the summary at the end."""
    print(f"  [{c.label}] {label}: {text}", flush=True)
    SUMMARY.setdefault(label, {})[c.label] = text


def searches(ev: rig_event.Event, names: slice) -> list[str]:
    """Searches for the players ``names`` (every third typed in pinyin, as on a phone)."""
    from pypinyin import lazy_pinyin

    base = f"/t/{ev.slug}/pairings/{ev.round}/"
    paths = []
    for i, name in enumerate(ev.names[names]):
        typed = "".join(lazy_pinyin(name)) if i % 3 == 2 else name
        paths.append(base + "?q=" + urllib.parse.quote(typed))
    return paths


def find_paths(ev: rig_event.Event) -> list[str]:
    """Find my table as bench/public_load.py asks it: 400 searches and 25 list pages, each
    asked again and again (after the warm-up, every answer is a cached one)."""
    base = f"/t/{ev.slug}/pairings/{ev.round}/"
    return searches(ev, slice(0, 400)) + [base + f"?page={n}" for n in range(1, 26)]


def kinds(ev: rig_event.Event) -> dict[str, tuple[list[str], list[str]]]:
    """Each kind of request: (the paths measured, the paths of the warm-up before)."""
    standings = [f"/t/{ev.slug}/standings/"]
    poll = [f"/t/{ev.slug}/rounds/{ev.round}/status.json"]
    return {
        "find my table": (find_paths(ev), find_paths(ev)),
        # Each player's own name: asked once by each of wrk's two threads, so at least half
        # the answers are computed (the index is built by the warm-up's other names).
        "find my table, new searches": (searches(ev, slice(400, None)), find_paths(ev)),
        "standings": (standings, standings),
        "projector poll": (poll, poll),
    }


def warm_wrk(base, paths, args, parts, headers=None, warm=None) -> Load:
    """A warm-up run (not counted: every worker fills its caches), then the measured one.

    The warm-up asks each of its paths 8 times on average (each worker has its own page
    cache on SQLite): when ``--warmup`` seconds were too few for that at the rate seen, a
    second warm-up makes up the rest (at most 30 s).
    """
    warm = warm or paths
    first = wrk(base, warm, args.clients, args.warmup, parts, headers)
    missing = 8 * len(warm) - first.requests
    if missing > 0:
        wrk(
            base,
            warm,
            args.clients,
            min(30, math.ceil(missing / max(first.rps, 1))),
            parts,
            headers,
        )
    return wrk(base, paths, args.clients, args.seconds, parts, headers)


def fetch(url: str, headers: dict | None = None) -> tuple[bytes, str]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as r:
        return r.read(), r.headers.get("X-Cache", "-")


def sqlite_pages(c: rig.Checkout, ev: rig_event.Event, args) -> None:
    """Cached answers straight from the app, then nginx's static ceiling and microcache."""
    with rig.app_server(c) as (base, pid):
        app = rig.Parts({"app": [pid]})
        for kind, (paths, warm) in kinds(ev).items():
            load = warm_wrk(base, paths, args, app, warm=warm)
            if kind in MODEL_KINDS:
                keep(c, "SQLite", MODEL_KINDS[kind], load.spent, load.requests)
            note(f"SQLite {kind}, straight to serve.sh", c, f"{load}; CPU {load.cpu()}")
        poll = kinds(ev)["projector poll"][0]
        static = {
            "find.html": fetch(base + find_paths(ev)[0])[0],
            "standings.html": fetch(base + f"/t/{ev.slug}/standings/")[0],
            "poll.json": fetch(base + poll[0])[0],
        }
        host = base.split("//")[1]
        with rig_services.nginx(c.code, [host], static) as (proxy, npid):
            parts = rig.Parts({"app": [pid], "nginx": [npid]})
            for kind, name, paths in (
                ("find my table", "find.html", find_paths(ev)),
                ("standings", "standings.html", [f"/t/{ev.slug}/standings/"]),
                ("projector poll", "poll.json", poll),
            ):
                size = len(static[name]) / 1024
                load = wrk(proxy, [f"/static/{name}"], args.clients, args.seconds, parts)
                note(f"nginx static ceiling, {kind} ({size:.1f} KB)", c, f"{load}; {load.cpu()}")
                cache = fetch(proxy + paths[0])[1] + "/" + fetch(proxy + paths[0])[1]
                cached = warm_wrk(proxy, paths, args, parts)
                share = cached.rps / load.rps * 100
                note(
                    f"SQLite {kind} through nginx's microcache",
                    c,
                    f"{cached} = {share:.0f} % of the ceiling; {cached.cpu()} (X-Cache {cache})",
                )


def referees(c, ev, base: str, parts: rig.Parts, args, where: str) -> None:
    """50 logins at once, then the referees' saves; figures with each part's CPU."""
    phase, browsers = rig_clients.logins(base, args.referees, parts)
    note(f"{where} {args.referees} logins at once", c, f"{phase}; CPU per login {phase.cpu()}")
    for i, pause in enumerate(args.pause):
        phase = rig_clients.saves(
            browsers, ev.slug, ev.round, ev.tables, args.save_seconds, pause, parts
        )
        rate = len(phase.times) / args.save_seconds
        if i == 0:  # the capacity model's cost of a save: the first pause's
            keep(c, where.split()[0], "save", phase.spent, len(phase.times))
        note(
            f"{where} saves, {args.referees} referees, pause {pause} s",
            c,
            f"{rate:.1f}/s, {phase}; with the page after: "
            f"{rig_clients.percentiles(phase.with_page)}; CPU per save (form, post, page) "
            f"{phase.cpu()}",
        )


def memory(c: rig.Checkout, ev: rig_event.Event) -> None:
    """One worker's resident memory: at start, after its first search, after the event."""
    import re

    with rig.app_server(c, WEB_WORKERS="1") as (base, pid):
        (worker,) = rig.workers(pid)
        start = rig.rss_mb(worker)
        fetch(base + find_paths(ev)[0])
        first = rig.rss_mb(worker)
        pairs: set[str] = set()
        for number in range(1, ev.round + 1):
            for page in range(1, len(ev.tables) // 100 + 2):
                fetch(base + f"/t/{ev.slug}/pairings/{number}/?page={page}")
            fetch(base + f"/t/{ev.slug}/projector/{number}/")
        html = fetch(base + f"/t/{ev.slug}/standings/")[0].decode()
        pairs.update(re.findall(rf"/t/{ev.slug}/team/(\d+)/", html))
        for path in find_paths(ev)[1:31]:
            fetch(base + path)
        for pair in sorted(pairs)[:100]:
            fetch(base + f"/t/{ev.slug}/team/{pair}/")
        note(
            "worker memory (RSS), one worker of serve.sh",
            c,
            f"{start:.0f} MB at start, {first:.0f} MB after its first search, "
            f"{rig.rss_mb(worker):.0f} MB after the event's pages (histories of "
            f"{min(len(pairs), 100)} pairs, 30 searches)",
        )


def sqlite_two_servers(c: rig.Checkout, ev: rig_event.Event, args) -> None:
    """Find my table past the microcache of two SQLite ``serve.sh`` behind nginx: the
    arrangement of PostgreSQL + Redis's figure on SQLite, so that the two compare like for
    like (the machine's cores shared by as many processes, the same proxy hop)."""
    with rig.app_server(c) as (one, p1), rig.app_server(c) as (two, p2):
        upstreams = [one.split("//")[1], two.split("//")[1]]
        with rig_services.nginx(c.code, upstreams, {}) as (proxy, npid):
            parts = rig.Parts({"app": [p1, p2], "nginx": [npid]})
            paths, warm = kinds(ev)["find my table"]
            load = warm_wrk(proxy, paths, args, parts, BYPASS, warm)
            note(
                "SQLite 2 servers, find my table, past the microcache",
                c,
                f"{load}; CPU {load.cpu()}",
            )


def sqlite(paths: list[Path], args, tmp: Path) -> None:
    """Every checkout's event is built first, then each is measured: the checkouts'
    measurements are minutes apart, not a build apart (the machine's load moves)."""
    built = []
    for i, code in enumerate(paths):
        c = rig.checkout(code, tmp / f"sqlite{i}")
        c.label = label(i, c)
        print(f"\n== SQLite, {c.label}: building ({rig.load()})", flush=True)
        ev = rig_event.build_event(c, args.pairs, args.rounds, args.referees, tmp / f"ev{i}")
        for step, m in ev.figures:
            print(f"  {step}: {m}")
        built.append((c, ev))
    for c, ev in built:
        print(f"\n== SQLite, {c.label} ({rig.load()})", flush=True)
        if not args.skip_pages:
            sqlite_pages(c, ev, args)
            sqlite_two_servers(c, ev, args)
        with rig.app_server(c) as (base, pid):
            referees(c, ev, base, rig.Parts({"app": [pid]}), args, "SQLite")
        if not args.skip_pages:
            memory(c, ev)
        print(f"  ({rig.load()})")


def label(i: int, c: rig.Checkout) -> str:
    return f"{i}:{c.commit().split()[0]}"


def two_servers(c, ev, args, parts_of) -> None:
    """Two serve.sh behind nginx on PostgreSQL + Redis: pages, past the cache and through
    it, then logins and saves."""
    with rig.app_server(c) as (one, p1), rig.app_server(c) as (two, p2):
        upstreams = [one.split("//")[1], two.split("//")[1]]
        with rig_services.nginx(c.code, upstreams, {}) as (proxy, npid):
            parts = parts_of([p1, p2], npid)
            if not args.skip_pages:
                pages_past_the_cache(c, ev, args, proxy, parts)
            referees(c, ev, proxy, parts, args, "PG+Redis 2 servers")


def pages_past_the_cache(c, ev, args, proxy: str, parts: rig.Parts) -> None:
    """Each kind of page past nginx's microcache (what the app servers cost), then find my
    table through it."""
    probe = find_paths(ev)[0]
    seen = fetch(proxy + probe, BYPASS)[1] + "/" + fetch(proxy + probe, BYPASS)[1]
    for kind, (paths, warm) in kinds(ev).items():
        load = warm_wrk(proxy, paths, args, parts, BYPASS, warm)
        if kind in MODEL_KINDS:
            keep(c, "PG+Redis", MODEL_KINDS[kind], load.spent, load.requests)
        note(
            f"PG+Redis 2 servers, {kind}, past the microcache",
            c,
            f"{load}; CPU {load.cpu()} (X-Cache {seen})",
        )
    load = warm_wrk(proxy, find_paths(ev), args, parts)
    note("PG+Redis 2 servers, find my table through the microcache", c, f"{load}")


def scaling(c, ev, args, parts_of) -> None:
    """One app server on core 0 against two on cores 0 and 1, past the microcache."""
    for cores in (["0"], ["0", "1"]):
        servers = [rig.app_server(c, cores=core) for core in cores]
        bases = [s.__enter__() for s in servers]
        try:
            upstreams = [b.split("//")[1] for b, _ in bases]
            with rig_services.nginx(c.code, upstreams, {}) as (proxy, npid):
                parts = parts_of([pid for _, pid in bases], npid)
                load = warm_wrk(proxy, find_paths(ev), args, parts, BYPASS)
                note(
                    f"scaling: {len(cores)} app server(s), one core each, find my table",
                    c,
                    f"{load}; CPU {load.cpu()}",
                )
        finally:
            for s in reversed(servers):
                s.__exit__(None, None, None)


def postgres(paths: list[Path], args, tmp: Path) -> None:
    with rig_services.postgres() as (pg_url, pg_pid), rig_services.redis() as (r_url, r_pid):

        def parts_of(apps: list[int], npid: int) -> rig.Parts:
            return rig.Parts({"app": apps, "postgres": [pg_pid], "redis": [r_pid], "nginx": [npid]})

        built = []
        for i, code in enumerate(paths):
            db = rig_services.createdb(pg_url, f"bench{i}")
            c = rig.checkout(code, tmp / f"pg{i}", db, r_url)
            c.label = label(i, c)
            print(f"\n== PostgreSQL + Redis, {c.label}: building ({rig.load()})", flush=True)
            ev = rig_event.build_event(c, args.pairs, args.rounds, args.referees, tmp / f"pe{i}")
            for step, m in ev.figures:
                print(f"  {step} (PostgreSQL): {m}")
            built.append((c, ev))
        for c, ev in built:
            rig_services.redis_flush(r_url)
            print(f"\n== PostgreSQL + Redis, {c.label} ({rig.load()})", flush=True)
            two_servers(c, ev, args, parts_of)
            if not args.skip_scaling:
                scaling(c, ev, args, parts_of)
            print(f"  ({rig.load()})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", action="append", type=Path, help="a checkout (repeatable)")
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=4)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--referees", type=int, default=50)
    parser.add_argument("--pause", type=float, nargs="+", default=[2.0])
    parser.add_argument("--save-seconds", type=float, default=20)
    for skip in ("sqlite", "pg", "scaling", "pages"):
        parser.add_argument(f"--skip-{skip}", action="store_true")
    args = parser.parse_args(argv)
    paths = args.code or [Path(".")]
    tmp = Path(tempfile.mkdtemp(prefix="guandan-capacity-"))
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    print(f"{rig.load()}; wrk {args.clients} connections x {args.seconds} s after {args.warmup} s")
    if not args.skip_sqlite:
        sqlite(paths, args, tmp)
    if not args.skip_pg:
        postgres(paths, args, tmp)
    for (code, setting), costs in COSTS.items() if not args.skip_pages else ():
        print(f"\n== capacity model, {code}, {setting} (docs/capacity.md; CPU ms per request:")
        for kind, per in costs.items():
            print(f"   {kind}: " + ", ".join(f"{p} {ms:.3f}" for p, ms in per.items()) + ")")
        for line in capacity_model.table(costs):
            print(f"  {line}")
    print(f"\n== summary ({rig.load()})")
    for figure, by_code in SUMMARY.items():
        print(figure)
        for code, text in by_code.items():
            print(f"    {code}: {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
