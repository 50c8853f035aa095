"""Benchmark of the Swiss pairing's exact path (65–400 pairs, pairing.solver.solve_exact).

Run from the project root::

    .venv/bin/python bench/pairing_exact.py                 # 100, 200, 300, 400 pairs
    .venv/bin/python bench/pairing_exact.py --sizes 67 150

For each size, simulated events (both scorings, two seeds) are paired round by round from
round 2 to round 11. It prints the median and the slowest round's time, how often the bound
proved the sparse matching minimal or gave the tables a better pairing could use
(pairing.certificate), and how many matchings ran (one per call and widening, plus one
when the reach leaves the sparse graph).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == ROOT / "bench":
    sys.path[0] = str(ROOT)  # run as a script, this file would shadow the package

import pairing.solver as solver  # noqa: E402
from pairing import pair_swiss  # noqa: E402
from pairing.simulate import SimEvent  # noqa: E402


@contextmanager
def counting_proofs(outcomes: Counter) -> Iterator[None]:
    """Count the outcomes of the solver's calls of ``reach`` while in the block."""
    reach, table = solver.reach, solver.min_cost_perfect_matching

    def counted_reach(*args, **kwargs):
        edges = reach(*args, **kwargs)
        outcomes["proved by the bound" if edges is None else "reach given"] += 1
        return edges

    def counted_table(*args, **kwargs):
        outcomes["matchings"] += 1
        return table(*args, **kwargs)

    solver.reach, solver.min_cost_perfect_matching = counted_reach, counted_table
    try:
        yield
    finally:
        solver.reach, solver.min_cost_perfect_matching = reach, table


def run(size: int) -> list[float]:
    times = []
    for scoring in ("match_points", "points26"):
        for seed in (1, 2):
            event = SimEvent(size, seed, scoring=scoring)
            event.play(event.pair_next())
            for _round in range(2, 12):
                entrants = event.entrants()
                start = time.perf_counter()
                pairing = pair_swiss(entrants, seed=seed)
                times.append(time.perf_counter() - start)
                event.play(pairing)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 300, 400])
    args = parser.parse_args()
    for size in args.sizes:
        outcomes: Counter = Counter()
        with counting_proofs(outcomes):
            times = run(size)
        print(
            f"{size:4d} pairs, {len(times)} rounds: median {statistics.median(times) * 1000:.0f} ms,"
            f" slowest {max(times) * 1000:.0f} ms; "
            + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
        )


if __name__ == "__main__":
    main()
