"""Benchmark: ``manage.py pair`` for round 9 of a 5,000-pair Swiss event, database included.

Stores 8 locked rounds (paired by our Swiss pairing, random results, seeded) in a temporary database, then times the
command that an organizer runs: standings from the database, entrants, the Swiss pairing,
and writing the draft round. Target (issue): under 4 s at 5,000 pairs.

    .venv/bin/python bench/pair_db.py [--pairs 5000] [--rounds 8] [--random-history]

``--random-history`` stores rounds paired and seated at random instead (seat balances up to
±8, as no event paired by this program has, but one paired elsewhere before it came here
could): the band search then finds no pairing and the exact path runs on the whole field,
its certificate's second matching bounded (``pairing.solver.REACH_MAX_EDGES``).
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import random  # noqa: E402

from bench.django_event import load_event, setup_django  # noqa: E402
from bench.standings import random_event, random_match  # noqa: E402
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
        records += [random_match(rng, number, t.ew, t.ns) for t in pairing.tables]
        records += [MatchRecord(number, ew=b.entrant, ns=None) for b in pairing.byes]
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--random-history", action="store_true")
    args = parser.parse_args(argv)
    setup_django()
    from django.core.management import call_command

    from tournament.models import Round

    start = time.perf_counter()
    history = random_event if args.random_history else swiss_history
    tournament = load_event(history(args.pairs, args.rounds), args.pairs, args.rounds)
    print(
        f"stored {args.pairs} pairs x {args.rounds} locked rounds in {time.perf_counter() - start:.1f} s"
    )
    start = time.perf_counter()
    call_command("pair", tournament.slug, "--seed", "1", stdout=io.StringIO())
    elapsed = time.perf_counter() - start
    round_ = Round.objects.get(tournament=tournament, number=args.rounds + 1)
    tables = round_.matches.exclude(ns=None).count()
    print(
        f"manage.py pair (round {args.rounds + 1}): {elapsed:.2f} s for {tables} tables   target: < 4 s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
