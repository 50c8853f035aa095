"""Benchmark: the SVG charts of issue 47 at 5,000 pairs (10 rounds), in CPU seconds each.

Run from the project root::

    .venv/bin/python bench/charts.py               # the chart functions on plain data
    .venv/bin/python bench/charts.py --db          # also the pages' data from a stored event

Target (issue 47): under 0.5 CPU-s per chart. The plain-data figures time the drawing
(``tournament.charts``): the progress bar, the pace strip of 2,500 tables in play, one
pair's rank line and match levels, the bump chart of the top 8. ``--db`` stores the event
(bench/django_event.py) with its last round still open and times what the pages call:
the ranks after each locked round (``rank_history``, one standings per round, built once
per public stamp, i.e. when a round is locked or published, then read from the cache), the
staff's (only the open round computed afresh after a save) and each page's chart from it.

Figures (2026-12, this machine): drawing every chart under 0.005 CPU-s (pace strip of 2,500
tables 0.004); public rank history of 9 rounds 2.6 CPU-s the first time, then each
locked round's ranks are kept and a lock costs the one new round's standings; staff 0.38
CPU-s per save; the bump chart and rank line from the cached ranks 0.005 and 0.002.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.standings import random_event  # noqa: E402


def cpu(fn, repeat: int = 3) -> float:
    """The least CPU time of ``repeat`` calls (seconds)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def plain_ranks(records, size: int, rounds: int) -> dict[int, list[int]]:
    from scoring import StandingsRules, standings

    rules, ranks = StandingsRules("points26", lot_seed=7), {}
    for n in range(1, rounds + 1):
        for row in standings(records, rules, pairs=range(1, size + 1), after_round=n):
            ranks.setdefault(row.pair, [None] * rounds)[n - 1] = row.rank
    return ranks


def bench_plain(size: int, rounds: int) -> dict[str, float]:
    from tournament.charts.progress import TablePace, pace_strip, progress_bar
    from tournament.charts.ranks import bump_chart, match_levels, rank_line

    rng = random.Random(1)
    records = random_event(size, rounds)
    start = time.process_time()
    ranks = plain_ranks(records, size, rounds)
    figures = {"ranks after each round (pure core, once per stamp)": time.process_time() - start}
    tables = [
        TablePace(t, rng.randrange(13), rng.uniform(0, 40), rng.random() < 0.05)
        for t in range(1, size // 2 + 1)
    ]
    numbers = list(range(1, rounds + 1))
    top = sorted(ranks, key=lambda p: ranks[p][-1])[:8]
    matches = [(n, rng.randrange(14), rng.randrange(14)) for n in numbers]
    figures["progress bar"] = cpu(lambda: progress_bar(900, 600, size // 2 - 1500))
    figures[f"pace strip ({len(tables)} tables)"] = cpu(
        lambda: pace_strip(tables, time_limit=60, elapsed=40)
    )
    figures["rank line"] = cpu(lambda: rank_line(numbers, ranks[1], size))
    figures["match levels"] = cpu(lambda: match_levels(matches))
    figures["bump chart (top 8)"] = cpu(
        lambda: bump_chart(numbers, [(f"队{p}", ranks[p]) for p in top])
    )
    return figures


def bench_db(size: int, rounds: int) -> dict[str, float]:
    from bench.django_event import load_event, setup_django

    setup_django()
    from django.core.cache import cache

    from tournament.core.stamps import bump_stamp
    from tournament.public.rank_history import bump_svg, entry_rank_svg, rank_history

    tournament = load_event(random_event(size, rounds), size, rounds)
    pair = tournament.pairs.order_by("pk").first().pk
    from tournament.models import Round

    # The public rounds: all but the last, which stays open to staff.
    Round.objects.filter(tournament=tournament, number=rounds).update(status=Round.IN_PLAY)
    tournament.refresh_from_db()
    figures = {}
    start = time.process_time()
    rank_history(tournament, public=True)
    figures[f"public rank_history ({rounds - 1} locked rounds, once a stamp)"] = (
        time.process_time() - start
    )
    start = time.process_time()
    rank_history(tournament, public=False)
    figures["staff rank_history (the open round only)"] = time.process_time() - start
    figures["standings page bump chart (cached ranks)"] = cpu(
        lambda: bump_svg(tournament, public=True, after_round=rounds - 1)
    )
    figures["history page rank line (cached ranks)"] = cpu(
        lambda: entry_rank_svg(tournament, pair, public=True)
    )
    # The last round locked: a new public stamp, and only that round's standings are new
    # (the locked rounds' ranks are kept: rank_history.locked_ranks).
    Round.objects.filter(tournament=tournament, number=rounds).update(
        status=Round.LOCKED, version=2
    )
    bump_stamp(tournament.pk)
    tournament.refresh_from_db()
    start = time.process_time()
    rank_history(tournament, public=True)
    figures[f"public rank_history after locking round {rounds} (one round new)"] = (
        time.process_time() - start
    )
    cache.clear()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--db", action="store_true", help="also time the pages' data")
    args = parser.parse_args(argv)
    if args.db:
        figures = bench_db(args.pairs, args.rounds)
    else:
        import os

        import django

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
        django.setup()
        figures = bench_plain(args.pairs, args.rounds)
    print(f"{args.pairs} pairs, {args.rounds} rounds (CPU seconds)")
    for name, seconds in figures.items():
        print(f"  {name:<52} {seconds:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
