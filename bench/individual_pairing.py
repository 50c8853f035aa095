"""Benchmark of the individual Swiss (docs/rules.md §17.2): round *k* of 2,000 players.

Run from the project root::

    .venv/bin/python bench/individual_pairing.py                 # 2,000 players, rounds 2–9
    .venv/bin/python bench/individual_pairing.py --players 2003 --rounds 5 --units 40

An event is simulated round by round: the players ranked by points (ties by id, which
keeps old partners next to each other: the hard case for the search), each table won by a
random side (2 points to each winner, a sit-out scores 2), same-unit avoidance ``soft``
when ``--units`` is given. The CPU seconds (``time.process_time``) of pairing each round
are printed with the repeated partners, repeated opponents and tables moved out of their
group. Target: under 1 CPU-s a round at 2,000 players.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == ROOT / "bench":
    # Run as a script, this file would shadow the ``pairing`` package it measures.
    sys.path[0] = str(ROOT)

from pairing import pair_individuals  # noqa: E402
from pairing.individual_swiss import FLAG_REGROUPED  # noqa: E402


def simulate(players: int, rounds: int, seed: int = 1, units: int = 0):
    """Yield (round, seconds, IndividualRound) for each round of a simulated event."""
    rng = random.Random(seed)
    ids = list(range(players))
    unit_of = {p: f"u{p % units}" for p in ids} if units else {}
    points: Counter = Counter()
    sit_outs: Counter = Counter()
    partners: list = []
    opponents: list = []
    for rnd in range(1, rounds + 1):
        ranking = sorted(ids, key=lambda p: (-points[p], p))
        start = time.process_time()
        paired = pair_individuals(
            ranking,
            partners=partners,
            opponents=opponents,
            units=unit_of,
            sit_outs=sit_outs,
            avoid_same_unit="soft" if units else "off",
        )
        seconds = time.process_time() - start
        yield rnd, seconds, paired
        for player in paired.sitting_out:
            sit_outs[player] += 1
            points[player] += 2
        for table in paired.tables:
            partners += [table.ew, table.ns]
            opponents += [(a, b) for a in table.ew for b in table.ns]
            for player in table.ew if rng.random() < 0.5 else table.ns:
                points[player] += 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--units", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    worst = 0.0
    for rnd, seconds, paired in simulate(args.players, args.rounds, args.seed, args.units):
        moved = sum(FLAG_REGROUPED in t.flags for t in paired.tables)
        print(
            f"{args.players} players, round {rnd}: {seconds:.3f} CPU-s, "
            f"repeated partners {paired.repeated_partners}, "
            f"repeated opponents {paired.repeated_opponents}, "
            f"tables regrouped {moved} of {len(paired.tables)}, "
            f"sitting out {len(paired.sitting_out)}"
        )
        worst = max(worst, seconds)
    print(f"slowest round: {worst:.3f} CPU-s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
