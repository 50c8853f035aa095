"""Benchmark of same-unit avoidance (同单位尽量回避, ``avoid_same_unit="soft"``).

Run from the project root::

    .venv/bin/python bench/pairing_units.py              # the two events below
    .venv/bin/python bench/pairing_units.py --rounds 9

Two simulated events, 26-point scoring, paired with soft avoidance from the draw on:

* 12 pairs of 4 units of 3, whose draw numbers put units side by side (the venue-day
  event where adjacent pairing gave 3 same-unit tables of 6);
* 201 pairs of 20 units (pair ``k`` in unit ``k mod 20``), drawn at random.

For each round it prints the same-unit tables, the rematches, the pairs ending outside
±1 seat balance and the time, then the totals. Results are random but seeded: the same
code gives the same figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == ROOT / "bench":
    sys.path[0] = str(ROOT)

from pairing import Pairing, pair_round_one, pair_swiss  # noqa: E402
from pairing.seats import outside_one_after  # noqa: E402
from pairing.simulate import SimEvent  # noqa: E402


def unit_event(n: int, units: int, seed: int, *, blocks: bool) -> SimEvent:
    """A 26-point event of ``n`` pairs in ``units`` units. ``blocks``: draw numbers in
    unit blocks (1–3 unit A, 4–6 unit B, …), else pair ``k`` in unit ``k mod units``."""
    event = SimEvent(n, seed, scoring="points26")
    for pair in event.pairs.values():
        if blocks:
            pair.draw_number = pair.id
            pair.unit = f"U{(pair.id - 1) * units // n}"
        else:
            pair.unit = f"U{pair.id % units}"
    return event


def same_unit_tables(event: SimEvent, pairing: Pairing) -> int:
    units = {p.id: p.unit for p in event.pairs.values()}
    return sum(1 for t in pairing.tables if units[t.ew] is not None and units[t.ew] == units[t.ns])


def run(event: SimEvent, rounds: int, label: str) -> int:
    print(f"{label}:")
    total = 0
    for number in range(1, rounds + 1):
        entrants = event.entrants()
        start = time.perf_counter()
        if number == 1:
            pairing = pair_round_one(entrants, avoid_same_unit="soft")
        else:
            pairing = pair_swiss(entrants, seed=number, avoid_same_unit="soft")
        took = time.perf_counter() - start
        by_id = {e.id: e for e in entrants}
        outside = sum(
            outside_one_after(by_id[t.ew].seat_balance, by_id[t.ns].seat_balance)
            for t in pairing.tables
        )
        same = same_unit_tables(event, pairing)
        total += same
        print(
            f"  round {number}: same-unit tables {same}, rematches {pairing.rematches},"
            f" outside ±1 {outside}, {took:.3f} s"
        )
        event.play(pairing)
    print(f"  total same-unit tables: {total}")
    return total


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds of the 201-pair event")
    args = parser.parse_args(argv)
    run(unit_event(12, 4, seed=8, blocks=True), 3, "12 pairs, 4 units of 3, rounds 1-3")
    run(unit_event(201, 20, seed=2, blocks=False), args.rounds, "201 pairs, 20 units")


if __name__ == "__main__":
    main()
