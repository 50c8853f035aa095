"""Benchmark of the pure Swiss pairing: round 9 of simulated events of 1,000 and 5,000 pairs.

Run from the project root::

    .venv/bin/python bench/pairing.py            # 1,000 and 5,000 pairs, ratio at 300
    .venv/bin/python bench/pairing.py --sizes 2000 --no-exact
    .venv/bin/python bench/pairing.py --sizes 20000 --scoring points26 --compare 2000

Each event is simulated through 8 rounds (round 1 by draw, then Swiss; results from a
strength model, 2/1/0 points, see :mod:`pairing.simulate`), then round 9 is paired three
times and the median time printed, with the rematches, the largest seat balance after the
round and the share of pairs within ±1. The comparison (sizes ``--compare``, ``--seeds``
events each, every scoring of ``--scoring``: 2/1/0 match points and 26-point scoring,
whose many distinct scores make the proof harder) prints the pairing's objective against
the exact minimum of the LP reference (tests/pairing/exact.py, a test dependency;
``--no-exact`` skips it), and with match points the FIDE Dutch engine's closeness.

:func:`simulate_event` is reusable for the database benchmark.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == ROOT / "bench":
    # Run as a script, this file would shadow the ``pairing`` package it measures.
    sys.path[0] = str(ROOT)

from pairing import Entrant, Pairing, pair_swiss  # noqa: E402
from pairing.simulate import SCORINGS, SimEvent  # noqa: E402
from pairing.simulate import simulate_event as _simulate  # noqa: E402


def simulate_event(n: int, rounds: int, seed: int, **options) -> SimEvent:
    """A simulated Swiss event of ``n`` pairs after ``rounds`` rounds.

    ``event.entrants()`` gives the pairing input for the next round, ``event.pairs`` the
    simulated pairs (points, opponents, seat balance, byes), ``event.history`` the
    pairings played. Options: ``scoring="match_points"|"points26"``, ``units``,
    ``withdraw_rate``.
    """
    return _simulate(n, rounds, seed, **options)


def seat_stats(entrants: list[Entrant], pairing: Pairing) -> tuple[int, float]:
    """(largest |seat balance|, % of pairs within ±1) once the pairing is played."""
    after = {e.id: e.seat_balance for e in entrants}
    for t in pairing.tables:
        after[t.ew] += 1
        after[t.ns] -= 1
    values = list(after.values())
    return max(map(abs, values)), 100.0 * sum(abs(v) <= 1 for v in values) / len(values)


def time_round(n: int, seed: int, repeat: int = 3, scoring: str = "match_points") -> dict:
    event = simulate_event(n, 8, seed, scoring=scoring)
    entrants = event.entrants()
    # Seats after round 8 (an even round: balances are 0 or ±2 there, the 90 % rule bites).
    earlier = [abs(e.seat_balance) for e in entrants]
    earlier_rematches = sum(p.rematches for p in event.history)
    times = []
    pairing = None
    for _ in range(repeat):
        start = time.process_time()
        pairing = pair_swiss(entrants, seed=seed)
        times.append(time.process_time() - start)
    assert pairing is not None
    worst, within = seat_stats(entrants, pairing)
    return {
        "n": n,
        "median_cpu_s": statistics.median(times),
        "rematches": pairing.rematches,
        "max_seat": worst,
        "within_one_pct": within,
        "byes": len(pairing.byes),
        "max_seat_r8": max(earlier),
        "within_one_pct_r8": 100.0 * sum(b <= 1 for b in earlier) / len(earlier),
        "rematches_r1_8": earlier_rematches,
    }


def compare(n: int, seed: int, fide, scoring: str = "match_points") -> dict:
    """Round 9 of a simulated event: our closeness and objective, the exact minimum of the
    objective (tests/pairing/exact.py: linear programming, proved by its own bound) and the
    FIDE Dutch engine's closeness on the same input (``fide``: py4swiss, or None; match
    points only)."""
    from bench.pairing_fide import RecordedEvent, breaks_a_rule, closeness, dutch_tables
    from tests.pairing.checks import exact_minimum

    event = RecordedEvent(n, seed, scoring=scoring)
    for _ in range(8):
        event.play(event.pair_next())  # the event simulate_event(n, 8, seed) plays
    entrants = event.entrants()
    start = time.process_time()
    pairing = pair_swiss(entrants, seed=seed)
    seconds = time.process_time() - start
    ours = [(t.ew, t.ns) for t in pairing.tables]
    result = exact_minimum(entrants, pairing, "off")
    assert result is not None, "a simulated field pairs without violations"
    row = {
        "closeness": closeness(entrants, ours),
        "objective": result[0],
        "exact": result[1],
        "seat_weight": pairing.seat_weight,
        "cpu_s": seconds,
        "dutch": None,
    }
    if fide is not None and scoring == "match_points":
        dutch = dutch_tables(event, fide)
        row["dutch"] = closeness(entrants, dutch)
        row["dutch_breaks"] = breaks_a_rule(entrants, dutch)
        _, within = seat_stats(entrants, _as_pairing(dutch))
        row["dutch_within_one_pct"] = within
    return row


def _as_pairing(tables) -> Pairing:
    from pairing import Table

    return Pairing(
        tables=tuple(Table(k, ew, ns, frozenset()) for k, (ew, ns) in enumerate(tables, 1)),
        byes=(),
        rematches=0,
        cost=0.0,
    )


EXACT = 1e-6
"""Objectives this close are equal (float rounding of the reference)."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-exact", action="store_true", help="skip the comparisons")
    parser.add_argument("--compare", type=int, nargs="+", default=[1000, 2000])
    parser.add_argument("--seeds", type=int, default=8, help="events compared per size")
    parser.add_argument(
        "--scoring", nargs="+", choices=SCORINGS, default=list(SCORINGS), help="scoring systems"
    )
    args = parser.parse_args(argv)
    print("Swiss pairing, round 9 (after 8 simulated rounds), median of 3:")
    for scoring, n in ((s, n) for s in args.scoring for n in args.sizes):
        row = time_round(n, args.seed, scoring=scoring)
        print(
            f"  {scoring:<12} {row['n']:>5} pairs: {row['median_cpu_s']:.3f} CPU-s, "
            f"rematches {row['rematches']}, "
            f"max |seat balance| {row['max_seat']}, within ±1 {row['within_one_pct']:.1f} %"
        )
        print(
            f"         after round 8: rematches in rounds 1-8 {row['rematches_r1_8']}, "
            f"max |seat balance| {row['max_seat_r8']}, "
            f"within ±1 {row['within_one_pct_r8']:.1f} %"
        )
    if args.no_exact:
        return
    from bench.pairing_fide import load_py4swiss

    fide = load_py4swiss()
    if fide is None:
        print(
            "py4swiss is not installed (PY4SWISS_PATH, see bench/pairing_fide.py): no FIDE column"
        )
    print(
        "Round 9, closeness (sum of squared points differences): ours, the exact minimum of"
        " our objective (LP reference), the FIDE Dutch engine (py4swiss):"
    )
    worse = 0
    for scoring, n in ((s, n) for s in args.scoring for n in args.compare):
        for seed in range(1, args.seeds + 1):
            row = compare(n, seed, fide, scoring)
            line = (
                f"  {scoring:<12} {n:>5} pairs, seed {seed}: ours {row['closeness']:g} "
                f"(objective {row['objective']:g}, exact minimum {row['exact']:g}, "
                f"{row['cpu_s']:.3f} CPU-s)"
            )
            behind = row["objective"] > row["exact"] + EXACT
            if row["dutch"] is not None:
                line += f", Dutch {row['dutch']:g}"
                if row["dutch_breaks"]:
                    line += f" ({row['dutch_breaks']})"
                line += f" within ±1 {row['dutch_within_one_pct']:.1f} %"
                behind |= not row["dutch_breaks"] and row["closeness"] > row["dutch"] + EXACT
            worse += behind
            print(line + ("  WORSE" if behind else ""), flush=True)
    total = len(args.scoring) * len(args.compare) * args.seeds
    print(f"  worse than a reference: {worse} of {total}")


if __name__ == "__main__":
    main()
