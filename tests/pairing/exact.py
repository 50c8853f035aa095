"""The tests' exact minimum-cost perfect matching: linear programming with odd-set cuts.

It shares no code with the pairing's matcher (rustworkx's blossom algorithm): the linear
programs are solved by HiGHS (``highspy``, its own Python interface: imported in about
10 ms where ``scipy.optimize`` takes 0.4 s in every test process), and the minimum is
*proved* by a lower bound that this module checks itself, not taken on the solver's word.

Vocabulary
----------
fractional matching LP
    Minimise ``Σ c_e x_e`` subject to ``x(δ(v)) = 1`` for every vertex ``v`` and
    ``x ≥ 0``, where ``δ(S)`` is the set of edges with one end in ``S``. Every perfect
    matching is a solution, so its minimum is a lower bound on theirs.
odd-set cut
    Edmonds' blossom inequality ``x(δ(S)) ≥ 1`` for a vertex set ``S`` of odd size: a
    perfect matching cannot pair an odd set among itself, so one of its edges leaves ``S``.
    With all of them the LP's minimum *is* the minimum over perfect matchings (Edmonds,
    1965); a few well-chosen ones are enough in practice.
certificate
    Dual values ``y_v`` (free) and ``z_S ≥ 0`` with ``y_i + y_j + Σ z_S ≤ c_ij`` for every
    edge ``ij`` (the sum over the cuts ``ij`` crosses). Every perfect matching then costs
    at least ``Σ y + Σ z`` (weak duality). HiGHS' duals are made exactly feasible here
    (negative ``z`` raised to 0, ``y`` lowered by half the most negative slack) before the
    bound is used, so a tolerance inside the solver cannot make it too high.
upper bound
    The cost of a known perfect matching (the pairing under test, or one the LP found).
    When the bound reaches it within float rounding, that cost is the minimum.

slack
    ``c_ij - y_i - y_j - Σ z_S``: what an edge adds to a matching's cost above the bound.
    Every perfect matching costs the bound plus the slacks of its edges (and more when it
    crosses a cut twice), so with an upper bound, an edge whose slack exceeds the gap
    between the bounds is in no cheaper matching and is dropped.

The loop: solve the LP with the cuts so far; stop when the certified bound meets the upper
bound (an integral LP solution is itself a perfect matching and gives one); otherwise add
the odd-set cuts its solution violates and solve again. Each LP starts from the few
cheapest edges of each vertex and adds the edges whose slack the duals make negative
until none is left (column generation): the same optimum on a far smaller program. The LP
is one HiGHS model kept between rounds: new edges are added as columns, new cuts as rows,
and each solve starts from the last basis. Should the cuts not close the gap, the integer
program (binary ``x``, the same constraints) gives the minimum: integrality makes it
exact, and HiGHS searches until no node can hold a cheaper matching.
"""

from __future__ import annotations

from collections.abc import Sequence

import highspy
import numpy as np

CLOSE = 1e-9
"""Bounds this close (or a value this close to 0 or 1) are equal: float rounding only."""
MAX_ROUNDS = 30
"""Rounds of cuts before the integer program decides (the tests' events need 1 to 4)."""
FIRST_EDGES = 6
"""Each vertex's cheapest edges in the first LP; the duals bring in the others needed."""
OPTIONS = {
    "output_flag": False,
    "presolve": "off",  # small programs, solved again and again from the last basis
    "primal_feasibility_tolerance": 1e-10,
    "dual_feasibility_tolerance": 1e-10,
}
INF = highspy.kHighsInf
OPTIMAL, INFEASIBLE = highspy.HighsModelStatus.kOptimal, highspy.HighsModelStatus.kInfeasible


def minimum_perfect_matching(
    n: int,
    edges: Sequence[tuple[int, int]],
    costs: Sequence[float],
    upper: float | None = None,
    rounds: int = MAX_ROUNDS,
    odd_sets: Sequence[np.ndarray] = (),
) -> float | None:
    """The least cost of a perfect matching of ``range(n)`` using ``edges`` (with ``costs``),
    or None if there is none. ``upper``: the cost of a perfect matching of these edges, if
    one is known (or any bound above the least); then all costs must be at least 0 and
    edges dearer than it are dropped. ``rounds``: of cuts, before the integer program.
    ``odd_sets``: vertex masks of odd sets whose cuts the first LP holds already (any odd
    sets are valid; a Swiss round's score cuts spare a large field many rounds of cuts).

    >>> minimum_perfect_matching(4, [(0, 1), (2, 3), (0, 2), (1, 3)], [1.0, 1.0, 0.5, 0.5])
    1.0
    >>> minimum_perfect_matching(3, [(0, 1), (1, 2)], [1.0, 1.0]) is None
    True
    """
    if n % 2 or (n and not len(edges)):
        return None
    if n == 0:
        return 0.0
    lp = _Program(n, edges, costs)
    if upper is not None:
        assert lp.c.min() >= 0, "dropping dear edges needs costs of at least 0"
        lp.drop(lp.c > upper + CLOSE)
    given = [np.asarray(m, dtype=bool) for m in odd_sets]
    assert all(m.sum() % 2 for m in given), "cuts of odd sets only"
    for _round in range(rounds):
        if given and lp.column.max() < 0:
            lp.add_edges(lp.first_edges())
            lp.add_cuts(given)
        if not lp.solve():
            return None  # not even a fractional perfect matching: no perfect matching
        if lp.integral():  # the LP chose a perfect matching
            found = float(lp.c[lp.x > 0.5].sum())
            upper = found if upper is None else min(upper, found)
        if upper is not None and lp.bound >= upper - CLOSE:
            return lp.bound
        new = _violated_cuts(lp)
        if not new:
            break
        if upper is not None:
            lp.drop(lp.slack > upper - lp.bound + CLOSE)
        lp.add_cuts(new)
    return lp.integer_minimum()


class _Program:
    """The fractional matching LP with odd-set cuts, as one HiGHS model.

    Edge ``e`` (ends ``i[e]``, ``j[e]``, cost ``c[e]``) is column ``column[e]`` of the
    model once the LP holds it, -1 before. A dropped edge (``out``) is in no matching
    cheaper than the upper bound: it is never added, or held at 0. After :meth:`solve`:
    ``x``, the certified ``bound`` and each edge's ``slack`` (over the edges not out)."""

    def __init__(self, n: int, edges: Sequence[tuple[int, int]], costs: Sequence[float]):
        ends = np.array(edges, dtype=np.int64).reshape(-1, 2)
        self.n, self.i, self.j = n, ends[:, 0], ends[:, 1]
        self.c = np.asarray(costs, dtype=float)
        self.out = np.zeros(len(self.c), dtype=bool)
        self.column = np.full(len(self.c), -1)
        self.cuts: list[np.ndarray] = []
        self.highs = highspy.Highs()
        for name, value in OPTIONS.items():
            self.highs.setOptionValue(name, value)
        ones = np.ones(n)
        self.highs.addRows(n, ones, ones, 0, np.zeros(1, np.int32), np.zeros(0, np.int32), [])
        self.x = self.slack = np.zeros(0)
        self.bound = -INF

    def crossing(self, odd_set: np.ndarray) -> np.ndarray:
        """Which edges have exactly one end in ``odd_set`` (a boolean vertex mask)."""
        return odd_set[self.i] != odd_set[self.j]

    def drop(self, mask: np.ndarray) -> None:
        held = np.flatnonzero(mask & ~self.out & (self.column >= 0))
        if len(held):
            cols = self.column[held].astype(np.int32)
            zeros = np.zeros(len(cols))
            self.highs.changeColsBounds(len(cols), cols, zeros, zeros)
        self.out |= mask

    def add_edges(self, edges: np.ndarray) -> None:
        """Add the edges (indices) as columns: a 1 in the rows of both ends and of each cut
        they cross."""
        rows = [[self.i[e], self.j[e]] for e in edges]
        for k, odd_set in enumerate(self.cuts):
            for r, e in zip(rows, edges, strict=True):
                if odd_set[self.i[e]] != odd_set[self.j[e]]:
                    r.append(self.n + k)
        starts = np.cumsum([0] + [len(r) for r in rows[:-1]]).astype(np.int32)
        index = np.array([v for r in rows for v in r], dtype=np.int32)
        count = len(edges)
        first = self.highs.getNumCol()
        self.highs.addCols(
            count,
            self.c[edges],
            np.zeros(count),
            np.full(count, INF),
            len(index),
            starts,
            index,
            np.ones(len(index)),
        )
        self.column[edges] = np.arange(first, first + count)

    def add_cuts(self, odd_sets: list[np.ndarray]) -> None:
        """Add ``x(δ(S)) ≥ 1`` for each odd set, over the edges the LP holds."""
        held = self.column >= 0
        starts, index = [], []
        for odd_set in odd_sets:
            starts.append(len(index))
            index.extend(self.column[held & self.crossing(odd_set)])
        count = len(odd_sets)
        self.highs.addRows(
            count,
            np.ones(count),
            np.full(count, INF),
            len(index),
            np.array(starts, dtype=np.int32),
            np.array(index, dtype=np.int32),
            np.ones(len(index)),
        )
        self.cuts.extend(odd_sets)

    def first_edges(self) -> np.ndarray:
        """The edges (indices) among the ``FIRST_EDGES`` cheapest at one of their ends."""
        chosen = np.zeros(len(self.c), dtype=bool)
        live = np.flatnonzero(~self.out)
        for ends in (self.i[live], self.j[live]):
            order = np.lexsort((self.c[live], ends))
            by_vertex = ends[order]
            rank = np.arange(len(order)) - np.searchsorted(by_vertex, by_vertex)
            chosen[live[order[rank < FIRST_EDGES]]] = True
        return np.flatnonzero(chosen)

    def solve(self) -> bool:
        """Solve the LP, adding the edges whose slack the duals make negative until none is
        left; False if there is no solution even with every edge."""
        if not (self.column >= 0).any():
            self.add_edges(self.first_edges())
        while True:
            self.highs.run()
            status = self.highs.getModelStatus()
            missing = ~self.out & (self.column < 0)
            if status == INFEASIBLE and missing.any():
                self.add_edges(np.flatnonzero(missing))
                continue
            if status == INFEASIBLE:
                return False
            assert status == OPTIMAL, self.highs.modelStatusToString(status)
            solution = self.highs.getSolution()
            duals = np.array(solution.row_dual)
            y, z = duals[: self.n], np.maximum(duals[self.n :], 0.0)
            slack = self.c - y[self.i] - y[self.j]
            for odd_set, z_s in zip(self.cuts, z, strict=True):
                if z_s:
                    slack -= z_s * self.crossing(odd_set)
            wanted = np.flatnonzero(missing & (slack < -CLOSE))
            if not len(wanted):
                break
            self.add_edges(wanted)
        held = self.column >= 0
        self.x = np.zeros(len(self.c))
        self.x[held] = np.array(solution.col_value)[self.column[held]]
        # Lowering every y by half the most negative slack makes every slack at least 0:
        # the bound is then a true one, whatever tolerance the solver used.
        short = min(0.0, float(slack[~self.out].min()))
        self.bound = float(y.sum() + z.sum() + self.n * short / 2)
        self.slack = slack - short
        return True

    def integral(self) -> bool:
        return bool(np.all((self.x <= CLOSE) | (self.x >= 1 - CLOSE)))

    def integer_minimum(self) -> float | None:
        """The minimum by the integer program: every edge not dropped, ``x`` integral, the
        same rows (each vertex once, the cuts)."""
        missing = ~self.out & (self.column < 0)
        if missing.any():
            self.add_edges(np.flatnonzero(missing))
        count = self.highs.getNumCol()
        kinds = np.array([highspy.HighsVarType.kInteger] * count)
        self.highs.changeColsIntegrality(count, np.arange(count, dtype=np.int32), kinds)
        self.highs.setOptionValue("mip_rel_gap", 0.0)
        self.highs.setOptionValue("presolve", "on")
        self.highs.run()
        status = self.highs.getModelStatus()
        if status == INFEASIBLE:
            return None
        assert status == OPTIMAL, self.highs.modelStatusToString(status)
        held = np.flatnonzero(self.column >= 0)
        chosen = held[np.array(self.highs.getSolution().col_value)[self.column[held]] > 0.5]
        covered = np.bincount(self.i[chosen], minlength=self.n)
        covered += np.bincount(self.j[chosen], minlength=self.n)
        assert np.all(covered == 1), "the integer program's answer is not a perfect matching"
        return float(self.c[chosen].sum())


def _violated_cuts(lp: _Program) -> list[np.ndarray]:
    """Odd sets whose cut the LP solution violates, not cut already.

    First the odd components of the *tight* edges (slack 0): an odd group of pairs that the
    LP covers among itself at no extra cost, such as an odd score group, is the set a
    perfect matching must leave. If there are none, the odd components of the edges the
    solution uses (its odd cycles)."""
    seen = {s.tobytes() for s in lp.cuts}
    live = ~lp.out
    for used in (live & (lp.slack <= CLOSE), live & (lp.x > CLOSE)):
        found = [
            odd_set
            for odd_set in _odd_components(lp.n, lp.i[used], lp.j[used])
            if lp.x[lp.crossing(odd_set)].sum() < 1 - 1e-6 and odd_set.tobytes() not in seen
        ]
        if found:
            return found
    return []


def _odd_components(n: int, i: np.ndarray, j: np.ndarray) -> list[np.ndarray]:
    """Vertex masks of the connected components of odd size (more than 1) of the graph on
    ``range(n)`` with the edges ``i[k]``–``j[k]`` (union–find)."""
    parent = list(range(n))

    def root(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for a, b in zip(i.tolist(), j.tolist(), strict=True):
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[ra] = rb
    label = np.array([root(v) for v in range(n)])
    sizes = np.bincount(label, minlength=n)
    return [label == r for r in np.flatnonzero((sizes % 2 == 1) & (sizes > 1))]
