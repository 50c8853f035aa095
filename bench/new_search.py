"""Benchmark: the app's CPU for find my table when every player searches a different name.

Builds the event of bench/public_pages.py (``--pairs``, 8 locked rounds, round 9 published),
answers one search first (the round's index is built), then asks ``--names`` distinct
searches, each never asked before (a player's own name, every third in pinyin, every
fifth a part of the name), through Django's WSGI handler as a server calls it, and prints
the CPU per new search (this process's CPU time), the SQL statements of one, and with
``--profile`` where the time goes.

    .venv/bin/python bench/new_search.py [--pairs 5000] [--names 2000] [--profile]
"""

from __future__ import annotations

import argparse
import sys
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.cached_answer import answer_once, counted  # noqa: E402
from bench.django_event import setup_django  # noqa: E402
from bench.public_pages import build  # noqa: E402


def typed_names(tournament, count: int) -> list[str]:
    """What ``count`` different players type: their name, its pinyin or a part of it."""
    from tournament.models import Player

    names = Player.objects.filter(pair__tournament=tournament).order_by("?")
    out = []
    for i, (name, pinyin) in enumerate(names.values_list("name", "name_pinyin")[:count]):
        typed = pinyin if i % 3 == 2 else name
        out.append(typed[1:] if i % 5 == 4 else typed)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--names", type=int, default=2000)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    setup_django()
    from django.core.handlers.wsgi import WSGIHandler
    from django.urls import reverse

    tournament, current = build(args.pairs, args.rounds)
    handler = WSGIHandler()
    base = reverse("pairings", args=[tournament.slug, current.number]) + "?q="
    names = typed_names(tournament, args.names + 1)
    start = time.process_time()
    answer_once(handler, base + "zhuge")  # the round's index
    first = (time.process_time() - start) * 1000
    sql, calls = counted(handler, base + urllib.parse.quote(names.pop()))
    paths = [base + urllib.parse.quote(name) for name in names]
    profile = None
    if args.profile:
        import cProfile

        profile = cProfile.Profile(time.process_time)
        profile.enable()
    start = time.process_time()
    for path in paths:
        answer_once(handler, path)
    ms = (time.process_time() - start) * 1000 / len(paths)
    if profile is not None:
        import pstats

        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(35)
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    print(
        f"{args.pairs} pairs: first search (builds the round's index) {first:.0f} CPU-ms; "
        f"{len(paths)} new searches: {ms:.3f} CPU-ms each, {sql} SQL statements and "
        f"{calls} cache calls for one"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
