"""Benchmark of the pure Swiss pairing: round 9 of simulated events of 1,000 and 5,000 pairs.

Run from the project root::

    .venv/bin/python bench/pairing.py            # 1,000 and 5,000 pairs, ratio at 300
    .venv/bin/python bench/pairing.py --sizes 2000 --no-exact

Each event is simulated through 8 rounds (round 1 by draw, then Swiss; results from a
strength model, 2/1/0 points, see :mod:`pairing.simulate`), then round 9 is paired three
times and the median time printed, with the rematches, the largest seat balance after the
round and the share of pairs within ±1. The closeness ratio compares, at 300 pairs, the
pairing's objective with the exact minimum of networkx's general weighted matching under
the same constraints (networkx is a test dependency; ``--no-exact`` skips it).

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
from pairing.seats import outside_one_after, seat_legal  # noqa: E402
from pairing.simulate import SimEvent  # noqa: E402
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


def time_round(n: int, seed: int, repeat: int = 3) -> dict:
    event = simulate_event(n, 8, seed)
    entrants = event.entrants()
    # Seats after round 8 (an even round: balances are 0 or ±2 there, the 90 % rule bites).
    earlier = [abs(e.seat_balance) for e in entrants]
    earlier_rematches = sum(p.rematches for p in event.history)
    times = []
    pairing = None
    for _ in range(repeat):
        start = time.perf_counter()
        pairing = pair_swiss(entrants, seed=seed)
        times.append(time.perf_counter() - start)
    assert pairing is not None
    worst, within = seat_stats(entrants, pairing)
    return {
        "n": n,
        "median_s": statistics.median(times),
        "rematches": pairing.rematches,
        "max_seat": worst,
        "within_one_pct": within,
        "byes": len(pairing.byes),
        "max_seat_r8": max(earlier),
        "within_one_pct_r8": 100.0 * sum(b <= 1 for b in earlier) / len(earlier),
        "rematches_r1_8": earlier_rematches,
    }


def exact_ratio(entrants: list[Entrant], pairing: Pairing) -> tuple[float, float]:
    """(objective ratio, closeness-only ratio) against networkx's exact minimum.

    The objective is the one the pairing minimises: squared points difference plus the
    seat weight the 90 % seat rule needed (``pairing.seat_weight``), under the hard
    constraints (no rematch, no seat beyond ±2). The closeness-only ratio ignores the seat
    rule, so it shows what the rule costs.
    """
    import networkx as nx

    byes = {b.entrant for b in pairing.byes}
    field = [e for e in entrants if e.id not in byes]
    by_id = {e.id: e for e in field}

    def cost(a: Entrant, b: Entrant, weight: float) -> float:
        return (a.points - b.points) ** 2 + weight * outside_one_after(
            a.seat_balance, b.seat_balance
        )

    def minimum(weight: float) -> float:
        graph = nx.Graph()
        for x, a in enumerate(field):
            for b in field[x + 1 :]:
                if b.id not in a.opponents and seat_legal(a.seat_balance, b.seat_balance):
                    graph.add_edge(a.id, b.id, weight=-round(cost(a, b, weight) * 10**6))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        return sum(cost(by_id[a], by_id[b], weight) for a, b in matching)

    def ours(weight: float) -> float:
        return sum(cost(by_id[t.ew], by_id[t.ns], weight) for t in pairing.tables)

    def ratio(a: float, b: float) -> float:
        return a / b if b else (1.0 if not a else float("inf"))

    return ratio(ours(pairing.seat_weight), minimum(pairing.seat_weight)), ratio(
        ours(0), minimum(0)
    )


def closeness_at(n: int, seed: int, rounds: range) -> list[tuple[int, float, float]]:
    event = simulate_event(n, 1, seed)
    rows = []
    for r in range(2, rounds.stop):
        entrants = event.entrants()
        pairing = pair_swiss(entrants, seed=seed)
        if r in rounds:
            rows.append((r, *exact_ratio(entrants, pairing)))
        event.play(pairing)
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-exact", action="store_true", help="skip the networkx ratio")
    args = parser.parse_args(argv)
    print("Swiss pairing, round 9 (after 8 simulated rounds), median of 3:")
    for n in args.sizes:
        row = time_round(n, args.seed)
        print(
            f"  {row['n']:>5} pairs: {row['median_s']:.3f} s, rematches {row['rematches']}, "
            f"max |seat balance| {row['max_seat']}, within ±1 {row['within_one_pct']:.1f} %"
        )
        print(
            f"         after round 8: rematches in rounds 1-8 {row['rematches_r1_8']}, "
            f"max |seat balance| {row['max_seat_r8']}, "
            f"within ±1 {row['within_one_pct_r8']:.1f} %"
        )
    if not args.no_exact:
        print("Closeness vs the exact minimum (networkx), 300 pairs:")
        for r, objective, closeness in closeness_at(300, args.seed, range(8, 10)):
            print(
                f"  round {r}: objective ratio {objective:.4f}, "
                f"closeness-only ratio {closeness:.4f}"
            )


if __name__ == "__main__":
    main()
