"""Benchmark: ``manage.py pair`` for round 9 of a 5,000-pair Swiss event, database included.

Stores 8 locked rounds (paired by our Swiss pairing, random results, seeded) in a temporary
database, then runs the command that an organizer runs, as its own process: start-up,
standings from the database, entrants, the Swiss pairing, and writing the draft round. It
prints the process's CPU seconds (user + system), wall time and peak memory (max RSS).
Targets (5,000 pairs): < 1.5 CPU-s; after a random history < 5 CPU-s, < 250 MB.

    .venv/bin/python bench/pair_db.py [--pairs 5000] [--rounds 8] [--random-history]
        [--before DIR]

``--before DIR`` runs DIR's ``manage.py pair`` first on the same database (DIR: a checkout
of the code before a change, e.g. ``git worktree add --detach /tmp/before main``; same
migrations), throws its round away, then this checkout's: before and after in one run.

``--random-history`` stores rounds paired and seated at random instead (seat balances up to
±8, as no event paired by this program has, but one paired elsewhere before it came here
could): the band search then finds no pairing and the exact path runs on the whole field,
its certificate's second matching bounded (``pairing.solver.REACH_MAX_EDGES``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import random  # noqa: E402

from bench.django_event import load_event, setup_django  # noqa: E402
from bench.standings import random_event, random_table  # noqa: E402
from pairing.simulate import simulate_event  # noqa: E402
from scoring import MatchRecord  # noqa: E402


def swiss_history(pairs: int, rounds: int, seed: int = 1) -> list[MatchRecord]:
    """Who met whom and in which seats, as our own Swiss pairing made them, with random levels.

    Realistic seat balances and opponents matter: a random history leaves pairs at ±8
    seats, which no event paired by this program would have.
    """
    event = simulate_event(pairs, rounds, seed, scoring="points26")
    rng = random.Random(seed)
    records = []
    for number, pairing in enumerate(event.history, start=1):
        records += [random_table(rng, number, t.ew, t.ns) for t in pairing.tables]
        records += [MatchRecord(number, ew=b.entrant, ns=None) for b in pairing.byes]
    return records


def run_pair(app: Path, slug: str) -> tuple[float, float, float]:
    """Run ``app``'s ``manage.py pair SLUG --seed 1`` as a child process; return its CPU
    seconds, wall seconds and peak RSS in MB."""
    env = {**os.environ, "PYTHONPATH": str(app)}
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, str(app / "manage.py"), "pair", slug, "--seed", "1"],
        cwd=app,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status:
        raise SystemExit(f"manage.py pair failed in {app} (status {status})")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--random-history", action="store_true")
    parser.add_argument("--before", type=Path, help="a checkout to run first, same database")
    args = parser.parse_args(argv)
    setup_django()

    from tournament.models import Round

    start = time.perf_counter()
    history = random_event if args.random_history else swiss_history
    tournament = load_event(history(args.pairs, args.rounds), args.pairs, args.rounds)
    print(
        f"stored {args.pairs} pairs x {args.rounds} locked rounds"
        f"{' (random history)' if args.random_history else ''}"
        f" in {time.perf_counter() - start:.1f} s"
    )
    here = Path(__file__).resolve().parent.parent
    runs = [("before", args.before.resolve()), ("after", here)] if args.before else [("", here)]
    target = "< 5 CPU-s, < 250 MB" if args.random_history else "< 1.5 CPU-s"
    for label, app in runs:
        cpu, wall, rss = run_pair(app, tournament.slug)
        round_ = Round.objects.get(tournament=tournament, number=args.rounds + 1)
        tables = round_.tables.exclude(ns=None).count()
        print(
            f"manage.py pair (round {args.rounds + 1}, {tables} tables) {label:6} "
            f"{cpu:6.2f} CPU-s {wall:6.2f} s wall {rss:6.0f} MB peak   target: {target}"
        )
        round_.delete()  # the next run pairs the same round again
    return 0


if __name__ == "__main__":
    sys.exit(main())
