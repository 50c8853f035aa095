"""A large field seated at random (seat balances up to ±8, shown to the pairing as ±2): the
band search finds no pairing, the exact path matches it by segments of the ranked line
(:mod:`pairing.segments`), and the certificate's search stops at ``REACH_MAX_EDGES``
tables instead of gathering millions (the seconds and the memory of ``pair`` after such
rounds, ``bench/pair_db.py --random-history``). Counts, not times."""

from __future__ import annotations

import random

import pytest

from pairing import Entrant, solver
from pairing.certificate import primary
from pairing.costs import CostModel, Field
from pairing.matching import min_cost_perfect_matching
from pairing.segments import SEGMENT, segmented_matching


def seated_at_random(pairs: int, rounds: int = 8, seed: int = 3) -> Field:
    """``pairs`` after ``rounds`` rounds paired and seated at random, 0–26 points a game."""
    rng = random.Random(seed)
    ids = list(range(pairs))
    points, balance = [0] * pairs, [0] * pairs
    met: list[set[int]] = [set() for _ in ids]
    for _ in range(rounds):
        rng.shuffle(ids)
        for a, b in zip(ids[::2], ids[1::2], strict=True):
            met[a].add(b)
            met[b].add(a)
            balance[a] += 1
            balance[b] -= 1
            points[a] += rng.randint(0, 26)
            points[b] += rng.randint(0, 26)
    ranked = sorted(range(pairs), key=lambda i: (-points[i], i))
    return Field(
        [
            Entrant(
                id=i,
                rank=r,
                points=points[i],
                opponents=frozenset(met[i]),
                seat_balance=max(-2, min(2, balance[i])),  # as the adapter passes it
            )
            for r, i in enumerate(ranked, start=1)
        ]
    )


@pytest.fixture(scope="module")
def field() -> Field:
    return seated_at_random(2 * SEGMENT + 100)


def test_segments_reach_the_minimum_of_their_graph(field):
    model = CostModel(field, "off", seed=1).coarse_twin()
    line = solver.build_line(field, model)
    edges = solver._near_edges(line, model, solver.SEGMENT_K)
    mate = segmented_matching(line, edges, field.n)
    assert sorted(mate) == list(range(field.n)) and all(mate[mate[v]] == v for v in mate)
    whole = min_cost_perfect_matching(field.n, edges)
    cost = {(min(i, j), max(i, j)): c for i, j, c in edges}

    def total(m: list[int]) -> int:
        return sum(primary(cost[(v, w)], model) for v, w in enumerate(m) if v < w)

    assert total(mate) == total(whole)


def test_the_certificate_stops_at_its_bound(field, monkeypatch):
    """The number of table costs computed stays near the bound, not the whole reach (the
    windows of pairing.tails would prove this field first: left out here)."""
    monkeypatch.setattr(solver, "REACH_MAX_EDGES", 2000)
    monkeypatch.setattr(solver, "tail_minimum", lambda *args: None)
    model = CostModel(field, "off", seed=1)
    counted = [0]
    kernel = CostModel.table_cost

    def count(self: CostModel, i: int, j: int) -> int:
        counted[0] += 1
        return kernel(self, i, j)

    monkeypatch.setattr(CostModel, "table_cost", count)
    solution = solver.solve_exact(field, model, solver.build_line(field, model))
    assert not solution.proved
    seated = sorted(x for table in solution.tables for x in table)
    assert seated == list(range(field.n))
    assert not any(model.forbidden(i, j) for i, j in solution.tables)
    # Near edges (2 * SEGMENT_K per entrant), the reach's search up to its bound, polish.
    assert counted[0] < 60 * field.n + 3 * 2000
