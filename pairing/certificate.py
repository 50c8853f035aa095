"""Prove that a matching found on a sparse graph is a minimum of the whole graph, or find
every table a cheaper matching could use.

Vocabulary
----------
level
    The entrants on one number of points. Ranked by points, the levels cut the field in
    two at every step down: the *cut* below a level separates the entrants on at least
    that many points from the rest.
odd cut
    A cut with an odd number of entrants above it. Every pairing puts at least one table
    across it, and such a table costs at least ``z``, the squared points step of that cut
    (scaled as the costs are). A table across several cuts pays for all of them: the
    square of a sum is at least the sum of the squares.
dual bound
    ``z`` on every odd cut, and a number ``y[v]`` per vertex with ``y[u] + y[v]`` at most
    the table's *reduced cost* ``cost(u, v) - z`` of the cuts it crosses (likewise for the
    bye edges; the bye vertex lies below every cut). Every perfect matching then costs at
    least ``sum(z) + sum(y)``: Edmonds' odd-set bound for matchings.
gap
    ``found - sum(z) - sum(y)``, for a matching costing ``found``. A matching costing at most
    ``found`` uses only tables with ``reduced cost - y[u] - y[v]`` at most the gap.
reach
    Those tables and bye edges. The minimum over the whole graph is a perfect matching of
    the reach: matching the reach again gives it exactly, and when the sparse graph already
    holds the reach, its matching is the minimum as it stands.

``y[v]`` is half the cheapest reduced cost at ``v``. Nothing costs every pair: a reduced cost
is at least ``scale * (squared points difference)`` minus the odd cuts crossed, which grows
down the ranked line, so each scan stops early. Sums are kept doubled, in exact integers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import gcd

from .costs import CostModel
from .matching import min_cost_perfect_matching

Edge = tuple[int, int, int]


class Cuts:
    """The levels of a field and the ``z`` of its odd cuts, ranked by points (top first)."""

    def __init__(self, model: CostModel) -> None:
        pq = model.field.pq
        self.order = sorted(range(len(pq)), key=lambda i: -pq[i])
        self.scale = model.seat_den  # the objective's unit: squared 0.01 points
        values = sorted(set(pq), reverse=True)
        index = {value: k for k, value in enumerate(values)}
        self.level = [index[p] for p in pq]
        sizes = [0] * len(values)
        for k in self.level:
            sizes[k] += 1
        # above[k]: the z of every odd cut above level k.
        self.above = [0] * (len(values) + 1)
        count = 0
        for k in range(len(values)):
            count += sizes[k]
            step = values[k] - values[k + 1] if k + 1 < len(values) else 0
            z = self.scale * step * step if count % 2 else 0
            self.above[k + 1] = self.above[k] + z
        # By position on the ranked line, for the scans (the hot loops here).
        self.pq_at = [pq[v] for v in self.order]
        self.above_at = [self.above[self.level[v]] for v in self.order]

    @property
    def total(self) -> int:
        return self.above[-1]

    def crossed_at(self, p: int, q: int) -> int:
        """The z of the odd cuts crossed by a table of the entrants at positions ``p`` and
        ``q`` of the ranked line."""
        return abs(self.above_at[q] - self.above_at[p])

    def below(self, c: int) -> int:
        """The z of the odd cuts a bye edge of ``c`` crosses (the bye lies below them all)."""
        return self.total - self.above[self.level[c]]

    def floor_at(self, p: int, q: int) -> int:
        """Least reduced cost a table of the entrants at positions ``p`` and ``q`` can have:
        it grows as ``q`` moves away from ``p``, so a scan along the line may stop."""
        d = self.pq_at[p] - self.pq_at[q]
        return self.scale * d * d - self.crossed_at(p, q)


def primary(cost: int, model: CostModel) -> int:
    """The part of a coarse cost above the tie-breaks: the objective, and the levels the
    model puts above it (seats first, bye order). Every tie-break of a whole pairing
    adds up to less than one unit of it (:class:`pairing.costs.CostModel`)."""
    return cost // model.m_obj


TRIAL_SHARE = 16
"""The first search for tables looks within this share of the gap only (cheap), raises the
bound with them, and searches further only if the bound cannot close the rest."""
SEARCHES = 3
ASCENT_ROUNDS = 12

Slack = tuple[int, int, int, int]
"""An edge as ``(u, v, twice its reduced cost, its coarse cost)``; ``v == n`` for the bye."""


class ReachTooWide(Exception):
    """The reach holds more tables than the caller's ``limit``: the search stopped there."""


def reach(
    model: CostModel, bye_edges: Sequence[Edge], found: int, limit: int | None = None
) -> list[Edge] | None:
    """Every allowed table and bye edge that a perfect matching better than ``found`` in
    :func:`primary` cost can use, or ``None`` when the bound proves that none exists.

    ``model`` is the coarse cost model the sparse matching used; ``bye_edges`` are
    ``(candidate, n, cost)`` with ``n`` the bye vertex (none for an even field); ``found``
    the primary cost of a perfect matching, its bye edge included. With a ``limit``, a
    search that gathers more tables than that raises :class:`ReachTooWide` at once (a field
    seated at random gathers millions: the time and memory are in gathering them).
    """
    cuts = Cuts(model)
    order, n = cuts.order, model.field.n
    bye_reduced = {c: primary(cost, model) - cuts.below(c) for c, _bye, cost in bye_edges}
    vertices = n + (1 if bye_edges else 0)
    twice_y = [0] * vertices  # the bye vertex's last, when there is one
    lift = crowd_lift(model)
    for p, v in enumerate(order):
        twice_y[v] = _cheapest(model, cuts, p, bye_reduced.get(v), lift) + lift[v]
    if bye_edges:
        twice_y[n] = min(2 * r - twice_y[c] for c, r in bye_reduced.items())
    # Every primary cost is a multiple of ``step``: a better matching costs at most
    # found - step (with 26-point scoring a whole squared point, not 0.0001 of one).
    byes = [primary(cost, model) for _c, _bye, cost in bye_edges]
    better = best_better(found, granularity(model), byes)
    gap = 2 * better - 2 * cuts.total - sum(twice_y)
    for search in range(SEARCHES):
        if gap < 0:
            return None
        # Every edge left out of ``slack`` has more slack than ``beyond``.
        beyond = gap if search == SEARCHES - 1 else min(gap, gap // TRIAL_SHARE << 2 * search)
        slack = [
            (c, b, 2 * bye_reduced[c], cost)
            for c, b, cost in bye_edges
            if 2 * bye_reduced[c] - twice_y[c] - twice_y[n] <= beyond
        ]
        slack += _tables_within(model, cuts, twice_y, beyond, limit, lift)
        gap, beyond, slack = _ascend(slack, twice_y, gap, beyond)
        if gap < 0:
            return None
        if beyond >= gap:  # every edge within the gap is in ``slack``
            if len({u for u, *_ in slack} | {e[1] for e in slack}) < vertices:
                return None  # a better matching would need a vertex without a table
            return [(u, v, cost) for u, v, _twice, cost in slack]
    raise AssertionError("the last search keeps every edge within the gap")


def _ascend(
    slack: list[Slack], twice_y: list[int], gap: int, beyond: int
) -> tuple[int, int, list[Slack]]:
    """Rounds of dual ascent on ``slack``: each y rises by half the least slack of its
    edges there (halves, so that two ends rising together keep their table's slack at
    least 0), and by at most half of ``beyond``, so that the edges left out keep theirs.

    Returns the new gap, the new ``beyond`` and the edges still within the gap.
    """
    for _ in range(ASCENT_ROUNDS):
        least = [min(gap, beyond)] * len(twice_y)
        for u, v, twice, _cost in slack:
            spare = twice - twice_y[u] - twice_y[v]
            if spare < least[u]:
                least[u] = spare
            if spare < least[v]:
                least[v] = spare
        rises = [max(0, spare) // 2 for spare in least]
        top, total = max(rises), sum(rises)
        if total == 0:
            break
        for v, rise in enumerate(rises):
            twice_y[v] += rise
        gap -= total
        # An edge left out before lost the rises of its two ends: at most twice the top
        # one, and at most their total (which the gap lost too, so a search that had every
        # edge within the gap still has). One left out here is beyond the gap.
        beyond = min(beyond - min(2 * top, total), gap)
        slack = [e for e in slack if e[2] - twice_y[e[0]] - twice_y[e[1]] <= gap]
        if gap < 0:
            break
    return gap, beyond, slack


def _tables_within(
    model: CostModel,
    cuts: Cuts,
    twice_y: list[int],
    beyond: int,
    limit: int | None = None,
    lift: Sequence[int] = (),
) -> list[Slack]:
    """The allowed tables whose slack (twice the reduced cost less both ends' y) is at most
    ``beyond`` (:class:`ReachTooWide` past ``limit`` of them). The scan bounds the slack
    with the y less ``lift`` (:func:`crowd_lift`): a table of two pairs of the crowded unit
    costs the unit's level more, which pays for both ends' lifts."""
    order, n = cuts.order, model.field.n
    y_at = [twice_y[v] - (lift[v] if lift else 0) for v in order]
    exact_at = [twice_y[v] for v in order]
    # Largest y among the entrants ranked at or below each position: where even that
    # cannot bring a table within reach, none further down the line can.
    lowest = [0] * (n + 1)
    for p in range(n - 1, -1, -1):
        lowest[p] = max(lowest[p + 1], y_at[p])
    found = []
    for p, u in enumerate(order):
        for q in range(p + 1, n):
            floor = 2 * cuts.floor_at(p, q) - y_at[p]
            if floor - lowest[q] > beyond:
                break
            v = order[q]
            if floor - y_at[q] > beyond or model.forbidden(u, v):
                continue
            cost = model.cost(u, v)
            twice = 2 * (primary(cost, model) - cuts.crossed_at(p, q))
            if twice - exact_at[p] - exact_at[q] <= beyond:
                found.append((u, v, twice, cost) if u < v else (v, u, twice, cost))
        if limit is not None and len(found) > limit:
            raise ReachTooWide
    return found


def granularity(model: CostModel) -> int:
    """A number dividing the primary cost of every table: the squared greatest common
    step of the points (scaled) times the seat denominator, with the seat numerator and
    the levels above the objective a table can reach (multiples of ``m_obj``; the seat
    tie-break below it is floored away by :func:`primary`). With 26-point scoring it is a
    whole squared point: a better pairing is cheaper by that much, not by 0.0001 of it."""
    if not model.coarse:
        return 1  # the standings and jitter tie-breaks reach into the primary cost's units
    pq = model.field.pq
    step = 0
    for value in pq:
        step = gcd(step, value - pq[0])
    share = gcd(step * step * model.seat_den, model.seat_num, model.m_first // model.m_obj)
    if model.soft:
        share = gcd(share, model.m_unit // model.m_obj)
    return max(1, share)


def best_better(found: int, step: int, bye_primaries: Sequence[int]) -> int:
    """The most a perfect matching cheaper than ``found`` can cost, when its tables cost
    multiples of ``step`` and its bye edge (when there is one) one of ``bye_primaries``."""
    return max(b + (found - 1 - b) // step * step for b in bye_primaries or [0])


def crowd_lift(model: CostModel) -> list[int]:
    """Twice the part of each pair's y that soft avoidance's one unit of more than half the
    field forces (Tutte's barrier): its pairs beyond the others' number meet each other,
    each such table a unit's level (``m_unit``) more. Half that level up on each of the
    unit's pairs, down on every other pair: a table of the unit keeps its reduced cost at
    least the sum (it costs the level more), any other table loses nothing, and the bound
    gains the level for every table the unit is forced to have. Zeros without such a unit."""
    units = model.field.unit
    counts = Counter(u for u in units if u >= 0)
    if not model.soft or not counts or 2 * counts.most_common(1)[0][1] <= len(units):
        return [0] * len(units)
    crowded, level = counts.most_common(1)[0][0], model.m_unit // model.m_obj
    return [level if u == crowded else -level for u in units]


def _cheapest(
    model: CostModel, cuts: Cuts, p: int, bye_reduced: int | None, lift: Sequence[int]
) -> int:
    """The cheapest reduced cost of a table (or the bye) of the entrant at position ``p``
    of the ranked line, a table of the crowded unit without the unit's level
    (:func:`crowd_lift`); 0 when it has none (then any y up to 0 is a valid bound)."""
    order = cuts.order
    u = order[p]
    best = bye_reduced
    for step in (1, -1):
        q = p + step
        while 0 <= q < len(order):
            v = order[q]
            if best is not None and cuts.floor_at(p, q) >= best:
                break  # down (or up) the line, every later table costs at least this
            if not model.forbidden(u, v):
                reduced = primary(model.cost(u, v), model) - cuts.crossed_at(p, q)
                if lift[u] > 0 and lift[v] > 0:
                    reduced -= lift[u]
                if best is None or reduced < best:
                    best = reduced
            q += step
    return 0 if best is None else best


BAND_REACH_MAX = 20_000
"""The most tables :func:`proved_minimum` hands to a matching of its own; a wider reach (a
score group whose every table could be used) is left to the caller's exact path."""


def proved_minimum(
    model: CostModel, pairs: list[tuple[int, int]], bye: int | None, pool: list[int]
) -> tuple[list[tuple[int, int]], int | None, bool] | None:
    """``(tables, bye, corrected)`` of a minimum over the whole graph, from a pairing found
    on part of it (the band search's: exact only within its limits, a floater must stand
    near the foot of its score group in the line; 1 event in 8 of 2,000 pairs missed the
    minimum by one float): the pairing itself when the bound proves it (``corrected``
    False), else the minimum of the few tables a cheaper one could use, with its coarse
    tie-breaks still to restore. None when those are more than ``BAND_REACH_MAX``.

    ``model`` is the coarse model; ``pool`` the pairs that may have the bye, in the rule's
    order (empty for an even field), ``bye`` the pairing's. The proof costs about a tenth
    of the band's time."""
    n = model.field.n
    bye_edges = [(c, n, model.bye_cost(c, order)) for order, c in enumerate(pool)]
    chosen = [(a, b, model.cost(a, b)) for a, b in pairs]
    if bye is not None:
        chosen.append((bye, n, model.bye_cost(bye, pool.index(bye))))
    found = sum(primary(cost, model) for _a, _b, cost in chosen)
    try:
        wider = reach(model, bye_edges, found, BAND_REACH_MAX)
    except ReachTooWide:
        return None
    if wider is None:
        return pairs, bye, False
    mate = min_cost_perfect_matching(n + (1 if pool else 0), list({*wider, *chosen}))
    tables = [(i, mate[i]) for i in range(n) if i < mate[i] < n]
    return tables, mate[n] if pool else None, True
