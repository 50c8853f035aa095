"""Benchmark: standings of a 5,000-pair, 10-round event (25,000 match records).

Run from the project root::

    .venv/bin/python bench/standings.py            # pure core, default sizes
    .venv/bin/python bench/standings.py --pairs 500 --rounds 4

Targets (from the issue): under 0.5 s for the pure core, under 2 s with the database
reads. ``--db`` also stores the event in a temporary database and times
``tournament.standings.selectors.standings_for`` (the reads plus the core), as the web page and the
``standings`` command call it.

The event is random but seeded: random pairings each round, about 40 % of matches
finished by passing A, the others stopped at time, 1 % forfeits, 0.5 % foul defeats, a bye
in every round when the number of pairs is odd.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

# The script runs as bench/standings.py: make the project root importable.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.levels import LEVELS  # noqa: E402
from scoring import MatchRecord, StandingsRules, standings  # noqa: E402
from scoring.systems import clear_score_cache  # noqa: E402


def random_event(size: int, rounds: int, seed: int = 1) -> list[MatchRecord]:
    """Return the records of a seeded random event."""
    rng = random.Random(seed)
    pairs = list(range(1, size + 1))
    records: list[MatchRecord] = []
    for rnd in range(1, rounds + 1):
        rng.shuffle(pairs)
        if size % 2:
            records.append(MatchRecord(rnd, ew=pairs[-1], ns=None))
        for i in range(0, size - 1, 2):
            records.append(random_table(rng, rnd, pairs[i], pairs[i + 1]))
    return records


def random_table(rng: random.Random, rnd: int, ew: int, ns: int) -> MatchRecord:
    fouls = {"ew_fouls": rng.choice((0, 0, 0, 1, 2)), "ns_fouls": rng.choice((0, 0, 0, 1))}
    roll = rng.random()
    if roll < 0.01:
        return MatchRecord(rnd, ew=ew, ns=ns, forfeit=rng.choice(("EW", "NS")), **fouls)
    if roll < 0.015:
        defeat = (rng.choice(("EW", "NS")), "three_fouls")
        return MatchRecord(rnd, ew=ew, ns=ns, defeat=defeat, **fouls)
    if roll < 0.4:
        levels = ["A+", rng.choice(LEVELS[:13])]
        rng.shuffle(levels)
    else:
        levels = [rng.choice(LEVELS[:13]), rng.choice(LEVELS[:13])]
    return MatchRecord(rnd, ew=ew, ns=ns, ew_level=levels[0], ns_level=levels[1], **fouls)


def bench_pure(
    size: int = 5000, rounds: int = 10, repeat: int = 5, system: str = "points26"
) -> dict[str, float]:
    """Time :func:`scoring.standings` on a random event; return the figures in seconds."""
    records = random_event(size, rounds)
    rules = StandingsRules(system, lot_seed=20240501)
    pairs = range(1, size + 1)
    clear_score_cache()
    start = time.perf_counter()
    rows = standings(records, rules, pairs=pairs)
    cold = time.perf_counter() - start
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        standings(records, rules, pairs=pairs)
        timings.append(time.perf_counter() - start)
    lot_decided = sum(1 for row in rows if row.decided_by == "lot")
    return {
        "records": len(records),
        "cold": cold,
        "median": statistics.median(timings),
        "best": min(timings),
        "lot_decided": lot_decided,
    }


def bench_database(pairs: int, rounds: int, repeat: int = 3) -> dict[str, float]:
    """Store the same event in a temporary database and time the standings with its reads."""
    from bench.django_event import load_event, setup_django

    setup_django()
    from tournament.standings.selectors import standings_for

    tournament = load_event(random_event(pairs, rounds), pairs, rounds)
    timings = []
    for _ in range(repeat):
        clear_score_cache()
        start = time.perf_counter()
        rows = standings_for(tournament)
        timings.append(time.perf_counter() - start)
    assert len(rows) == pairs
    return {"median": statistics.median(timings), "best": min(timings)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--system", default="points26")
    parser.add_argument("--db", action="store_true", help="also time the database reads")
    args = parser.parse_args(argv)
    figures = bench_pure(args.pairs, args.rounds, args.repeat, args.system)
    print(
        f"pure core, {args.system}: {args.pairs} pairs x {args.rounds} rounds "
        f"= {figures['records']:.0f} records"
    )
    print(f"  cold (empty score cache): {figures['cold']:.3f} s")
    print(f"  median of {args.repeat}:        {figures['median']:.3f} s")
    print(f"  best:                     {figures['best']:.3f} s")
    print(f"  rows separated by lot:    {figures['lot_decided']:.0f}")
    print("  target: < 0.5 s (pure core)")
    if args.db:
        db = bench_database(args.pairs, args.rounds)
        print("with the database reads (standings_for, empty score cache):")
        print(f"  median of 3: {db['median']:.3f} s, best {db['best']:.3f} s   target: < 2 s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
