"""Benchmark: the CPU of one cached answer of a public page, in-process.

Builds the event of bench/public_pages.py, fetches each page once (the shared page cache
is filled), then answers it ``--repeat`` times more through Django's WSGI handler, as
a server calls it (every middleware, the stamp read, the cache read) and prints the CPU
per answer (this process's CPU time: the app's cost, with SQLite inside it), the SQL
statements and the shared-cache calls one answer takes. On PostgreSQL + Redis
(``BENCH_DATABASE_URL`` and ``REDIS_URL`` set) the database's and Redis's own CPU is not
counted here: ``--profile`` shows where the app's part goes. Each page is measured with each
``--memo-ms`` (the stamp memo, ``STAMP_MEMO_MS``: 0 reads the stamp for every answer, 500 is
the default of a served app; tournament/core/stamps.py), once as wrk asks (no gzip) and once
as a phone asks (``Accept-Encoding: gzip``): the page cache keeps a compressed copy beside the
plain one, so the second should cost about what the first does.

    .venv/bin/python bench/cached_answer.py [--pairs 1000] [--repeat 3000] [--profile]
        [--memo-ms 0 500] [--encodings plain gzip]
    BENCH_DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/cached_answer.py
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402
from bench.public_pages import SEARCH, build  # noqa: E402


def environ(path: str, gzip: bool = False) -> dict:
    """A WSGI environ of an anonymous GET (no cookie); ``gzip``: as a phone's browser asks,
    else as wrk asks."""
    route, _, query = path.partition("?")
    extra = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"} if gzip else {}
    return {
        **extra,
        "REQUEST_METHOD": "GET",
        "PATH_INFO": route,
        "QUERY_STRING": query,
        "SERVER_NAME": "bench.example.org",
        "SERVER_PORT": "80",
        "HTTP_HOST": "bench.example.org",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        "SERVER_PROTOCOL": "HTTP/1.1",
    }


def answer_once(handler, path: str, gzip: bool = False) -> bytes:
    status: list[str] = []
    body = b"".join(handler(environ(path, gzip), lambda s, h, *a: status.append(s)))
    assert status[0].startswith("200"), (path, status)
    return body


def counted(handler, path: str) -> tuple[int, int]:
    """The SQL statements and shared-cache calls of one answer of ``path``."""
    from django.core.cache import caches
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    backend = caches["default"]
    calls = 0
    names = ("get", "get_many", "set", "add", "has_key")
    originals = {name: getattr(backend, name) for name in names}

    def wrap(name):
        def call(*args, **kwargs):
            nonlocal calls
            calls += 1
            return originals[name](*args, **kwargs)

        return call

    for name in names:
        setattr(backend, name, wrap(name))
    try:
        with CaptureQueriesContext(connection) as captured:
            answer_once(handler, path)
    finally:
        for name in names:
            delattr(backend, name)
    return len(captured), calls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3000)
    parser.add_argument("--profile", action="store_true", help="cProfile of the find page")
    parser.add_argument("--memo-ms", type=int, nargs="+", default=[0, 500])
    parser.add_argument("--encodings", nargs="+", default=["plain", "gzip"])
    args = parser.parse_args(argv)
    setup_django()
    from django.conf import settings
    from django.core.handlers.wsgi import WSGIHandler
    from django.urls import reverse

    tournament, current = build(args.pairs, args.rounds)
    handler = WSGIHandler()
    pairings = reverse("pairings", args=[tournament.slug, current.number])
    pages = [
        (f"find my table (?q={SEARCH})", f"{pairings}?q={SEARCH}"),
        ("pairings of the round", pairings),
        ("standings", reverse("standings", args=[tournament.slug])),
    ]
    backend = "PostgreSQL" if os.environ.get("BENCH_DATABASE_URL") else "SQLite"
    cache = "Redis" if os.environ.get("REDIS_URL") else "memory"
    print(f"{args.pairs} pairs, {backend} + {cache} cache, {args.repeat} cached answers each")
    print(
        f"{'page':<34} {'asks':>5} {'memo ms':>7} {'CPU ms/answer':>14} {'bytes':>8} "
        f"{'SQL':>4} {'cache calls':>12}"
    )
    for memo in args.memo_ms:
        settings.STAMP_MEMO_MS = memo
        for label, path in pages:
            for encoding in args.encodings:
                gzip = encoding == "gzip"
                answer_once(handler, path, gzip)  # fills the caches
                size = len(answer_once(handler, path, gzip))
                sql, calls = counted(handler, path)
                start = time.process_time()
                for _ in range(args.repeat):
                    answer_once(handler, path, gzip)
                ms = (time.process_time() - start) * 1000 / args.repeat
                print(
                    f"{label:<34} {encoding:>5} {memo:>7} {ms:>14.3f} {size:>8} "
                    f"{sql:>4} {calls:>12}"
                )
    if args.profile:
        import cProfile
        import pstats

        # CPU time, not wall time: the round trips' waits (PostgreSQL, Redis) are their
        # servers' CPU, measured by bench/capacity.py, not the app's.
        profile = cProfile.Profile(time.process_time)
        profile.enable()
        for _ in range(args.repeat):
            answer_once(handler, pages[0][1])
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
