"""The search behind the individual Swiss (个人赛积分编排, docs/rules.md §17.2).

Vocabulary
----------
position
    A playing player's place in the rank order of the round, 0 = best (the players sitting
    out are already removed). Players are handled by position here.
home table
    Table *t* (from 0) holds positions 4t … 4t+3 when nothing forces otherwise: its *group*.
arrangement
    A table as ``(a, b, c, d)``: partners ``a`` + ``b`` against partners ``c`` + ``d``.
shape
    Of the three ways to split four players into two partnerships, in rank order w < x < y < z:
    ``w+z`` against ``x+y`` (shape 0, the rule's 1st+4th against 2nd+3rd), ``w+y`` against
    ``x+z`` (1) and ``w+x`` against ``y+z`` (2).
cost
    One integer per table, read as the tuple (repeated partners, same-unit partners under
    ``hard``, repeated opponents, same-unit partners under ``soft``, distance) compared
    lexicographically: each weight is larger than anything the lower terms can add up to.
repeated opponents
    Pairs of players on opposite sides of the table who have sat at one table before
    (as opponents or as partners): tablemates again.
distance
    How far the table is from its group: Σ (2·position − (8t + 3))² over its players (0 … 5
    for the group itself, 5 + 5 = 10 for the two standard tables) plus the shape. Moving one
    player to the next table costs at least 32, more than any change of shape.

How
---
1. Every group is played in its best shape (within-group re-partitioning).
2. Every table left with a cost other than the distance is re-made together with its
   neighbour above and its neighbour below in turn (swaps between neighbouring groups):
   first the 16 exchanges of one player between the two tables, then, unless one of those
   leaves both tables clean, all 70 splits of their eight players into two tables; each
   half in its best shape, the cheapest kept. Passes repeat, each over the tables near a
   change of the pass before, until nothing improves.
3. If repeated partners (or, under ``hard``, same-unit partners) remain, an exact
   minimum-cost perfect matching on the players (:func:`pairing.matching
   .min_cost_perfect_matching`) says how few a round can have; if fewer, the partnerships
   of that matching are seated two by two in rank order and steps 1–2 run again. Steps 1–2
   never add a repeated partner, so the round then has the fewest possible: no repeated
   partner whenever some arrangement of the round avoids it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .matching import min_cost_perfect_matching

_SPLITS = tuple(
    (half, tuple(i for i in range(8) if i not in half)) for half in combinations(range(8), 4)
)
_SWAPS = tuple(
    (tuple(sorted({0, 1, 2, 3} - {i} | {j})), tuple(sorted({4, 5, 6, 7} - {j} | {i})))
    for i in range(4)
    for j in range(4, 8)
)
_SPLITS = _SPLITS + tuple((b, a) for a, b in _SPLITS)
MAX_PASSES = 50


class Model:
    """The costs of one round: histories by position, units and the option."""

    def __init__(
        self,
        partners: list[set[int]],
        met: list[set[int]],
        units: list[str | None],
        avoid_same_unit: str,
    ) -> None:
        self.partners = partners
        self.met = met
        self.units = units
        self.mode = avoid_same_unit
        m = len(partners)
        # Weights: each term outweighs the largest sum of every lower term over the round.
        self.w_soft = 8 * (4 * m + 8) ** 2 * (m + 4) + 1
        self.w_opp = self.w_soft * (m + 1)
        self.w_hard = self.w_opp * (4 * m + 1)
        self.w_partner = self.w_hard * (m + 1)

    def same_unit(self, a: int, b: int) -> bool:
        unit = self.units[a]
        return unit is not None and unit == self.units[b]

    def partner_cost(self, a: int, b: int) -> int:
        """Repeated partner and same-unit partners (per the option) of one partnership."""
        cost = self.w_partner if b in self.partners[a] else 0
        if self.mode != "off" and self.same_unit(a, b):
            cost += self.w_hard if self.mode == "hard" else self.w_soft
        return cost

    def table_cost(self, arrangement: Sequence[int], table: int) -> int:
        """The cost of ``arrangement`` (a, b, c, d) played at table ``table``."""
        a, b, c, d = arrangement
        cost = self.partner_cost(a, b) + self.partner_cost(c, d)
        met_a, met_b = self.met[a], self.met[b]
        again = (c in met_a) + (d in met_a) + (c in met_b) + (d in met_b)
        centre = 8 * table + 3
        spread = sum((2 * p - centre) ** 2 for p in arrangement)
        return cost + again * self.w_opp + spread + shape_of(arrangement)

    def best_shape(self, four: Sequence[int], table: int) -> tuple[int, tuple[int, ...]]:
        """The cheapest shape of four players at ``table``: (cost, arrangement); the same
        as the least :meth:`table_cost` over the three shapes, computed once for all."""
        w, x, y, z = sorted(four)
        centre = 8 * table + 3
        spread = (2 * w - centre) ** 2 + (2 * x - centre) ** 2
        spread += (2 * y - centre) ** 2 + (2 * z - centre) ** 2
        met, pc = self.met, self.partner_cost
        best: tuple[int, tuple[int, ...]] | None = None
        for shape, (a, b, c, d) in enumerate(((w, z, x, y), (w, y, x, z), (w, x, y, z))):
            ma, mb = met[a], met[b]
            again = (c in ma) + (d in ma) + (c in mb) + (d in mb)
            cost = pc(a, b) + pc(c, d) + again * self.w_opp + spread + shape
            if best is None or cost < best[0]:
                best = (cost, (a, b, c, d))
        assert best is not None
        return best

    def violations(self, cost: int) -> int:
        """The part of a cost above the distance: 0 when nothing is wrong at the table."""
        return cost - cost % self.w_soft

    def partner_part(self, cost: int) -> int:
        """The part of a cost that the exact matching can minimise (partners, hard units)."""
        return cost - cost % self.w_hard


def shape_of(arrangement: Sequence[int]) -> int:
    """The shape (0, 1, 2) of an arrangement (a, b, c, d)."""
    a, b, c, d = arrangement
    top = min(arrangement)
    mate = b if top == a else a if top == b else d if top == c else c
    rank = sorted(arrangement).index(mate)
    return 3 - rank  # mate is 4th → shape 0, 3rd → 1, 2nd → 2


def search(model: Model, count: int) -> list[tuple[int, ...]]:
    """The round's tables, as arrangements of positions, table 0 first."""
    tables = [model.best_shape(range(4 * t, 4 * t + 4), t) for t in range(count // 4)]
    improve(model, tables)
    if any(model.partner_part(cost) for cost, _ in tables):
        fewest = matched_tables(model, count)
        if _partner_total(model, fewest) < _partner_total(model, tables):
            improve(model, fewest)
            tables = fewest
    return [arrangement for _, arrangement in tables]


def improve(model: Model, tables: list[tuple[int, tuple[int, ...]]]) -> None:
    """Steps 1–2 of the module docstring, in place. A pass looks only at the tables that
    have a violation and sat in a window that changed in the pass before (the first pass:
    every table), so a violation that no window can remove is tried once."""
    for t, (_, arrangement) in enumerate(tables):
        tables[t] = model.best_shape(arrangement, t)
    last = len(tables) - 1
    todo = set(range(len(tables)))
    for _ in range(MAX_PASSES):
        changed: set[int] = set()
        for t in sorted(todo):
            if not model.violations(tables[t][0]):
                continue
            for first in (t - 1, t):
                if 0 <= first < last and _remake_window(model, tables, first):
                    changed.update(range(max(first - 1, 0), min(first + 3, last + 1)))
        if not changed:
            return
        todo = changed


def _remake_window(model: Model, tables: list[tuple[int, tuple[int, ...]]], first: int) -> bool:
    """Re-make tables ``first`` and ``first + 1`` the cheapest way; True if it improved.

    The 16 exchanges of one player between the two tables are tried first; only when none
    of them leaves both tables without a violation are all 70 splits tried.
    """
    upper, lower = tables[first], tables[first + 1]
    current = upper[0] + lower[0]
    eight = upper[1] + lower[1]
    cache: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}

    def best(half: tuple[int, ...], table: int) -> tuple[int, tuple[int, ...]]:
        key = (*half, table)
        if key not in cache:
            cache[key] = model.best_shape([eight[i] for i in half], table)
        return cache[key]

    found = None
    for candidates in (_SWAPS, _SPLITS):
        for a, b in candidates:
            x, y = best(a, first), best(b, first + 1)
            if x[0] + y[0] < current:
                current, found = x[0] + y[0], (x, y)
        if found is not None and not model.violations(current):
            break
    if found is None:
        return False
    tables[first], tables[first + 1] = found
    return True


def matched_tables(model: Model, count: int) -> list[tuple[int, tuple[int, ...]]]:
    """Step 3: partnerships by an exact matching, two by two in rank order."""
    edges = []
    for a in range(count):
        for b in range(a + 1, count):
            cost = model.partner_part(model.partner_cost(a, b)) // model.w_hard
            edges.append((a, b, cost * count * count + (b - a)))
    mate = min_cost_perfect_matching(count, edges)
    pairs = sorted((a, mate[a]) for a in range(count) if a < mate[a])
    assert len(pairs) * 2 == count, "a complete graph always has a perfect matching"
    tables = []
    for t in range(count // 4):
        (a, b), (c, d) = pairs[2 * t], pairs[2 * t + 1]
        tables.append((model.table_cost((a, b, c, d), t), (a, b, c, d)))
    return tables


def _partner_total(model: Model, tables: list[tuple[int, tuple[int, ...]]]) -> int:
    return sum(
        model.partner_part(model.partner_cost(a, b) + model.partner_cost(c, d))
        for _, (a, b, c, d) in tables
    )
