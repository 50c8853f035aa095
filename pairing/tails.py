"""Prove a pairing minimal (or correct it) when only the ends of the ranked line stop the
odd-cut bound of :mod:`pairing.certificate` from closing.

Vocabulary
----------
deficit
    What a table of the pairing costs above the odd cuts it crosses, and every odd cut
    crossed more than once. With many distinct scores (26-point scoring) the top and the
    foot of the standings hold one or two pairs per score, who have often met: their tables
    cost more than the cuts, while the dense middle meets the cut bound exactly.
tail
    A run of the ranked line from its top (or down to its foot), ending at a *split*: a
    change of points with an even number of entrants above it and no table of the pairing
    across it. A tail holds every deficit of its half of the line, and ``MARGIN`` entrants
    more.
export
    A table from a tail into the rest. Its cost, the squared points difference, is at least
    the square of the part above the split's lower score plus the square of the rest (the
    square of a sum is at least the sum of the squares): the tail pays the first part, the
    rest (where the odd cuts are counted) the others.

Bound: every allowed perfect matching costs at least ``top + cuts + foot``: ``top`` the
minimum over the top tail's allowed tables where any even number of its entrants may
instead export at their own part of the cost (an exact matching on the tail doubled:
:func:`_tail_minimum`), ``foot`` likewise with the bye vertex, ``cuts`` the odd cuts
strictly between the two splits (the extra entrants that exports bring to the middle are
an even number at each split, so the parity of every cut there stays). When the tails'
minima export nothing, the pairing made of them and of the middle's tables costs
``top + foot + middle``; when that is within the bound, it is the minimum.
"""

from __future__ import annotations

from .certificate import Cuts, best_better, granularity, primary
from .costs import CostModel
from .matching import min_cost_perfect_matching

MARGIN = 64
"""Entrants a tail holds beyond its last deficit: room for the tail's minimum to move."""
TAIL_MAX = 600
"""The longest tail matched exactly (its doubled graph: about 0.05 s at this size)."""


def tail_minimum(
    model: CostModel, pairs: list[tuple[int, int]], bye: int | None, pool: list[int]
) -> tuple[list[tuple[int, int]], int | None, bool] | None:
    """``(tables, bye, corrected)`` of a minimum over the whole graph, proved as above, or
    None when the bound does not close (a deficit mid-line, a tail too long, a bye edge
    above the foot that a cheaper pairing could use)."""
    cuts = Cuts(model)
    order, n = cuts.order, model.field.n
    pos = [0] * n
    for p, v in enumerate(order):
        pos[v] = p
    spans = sorted((min(pos[a], pos[b]), max(pos[a], pos[b])) for a, b in pairs)
    cover = [0] * (n + 1)  # tables of the pairing across each place p | p + 1
    for p, q in spans:
        cover[p + 1] += 1
        cover[q + 1] -= 1
    for p in range(1, n + 1):
        cover[p] += cover[p - 1]
    top_end, foot_start = _deficits(model, cuts, spans, cover)
    if top_end is None:
        top_end = -MARGIN
    if pool:
        foot_start = min(foot_start, n)  # the bye vertex stands in the foot tail
    t = _split(cuts, cover, top_end + MARGIN, 1)
    b = _split(cuts, cover, foot_start - MARGIN, -1)
    if t is None or b is None or t > b or t > TAIL_MAX or n - b > TAIL_MAX or t == n or b == 0:
        return None
    found = sum(primary(model.cost(x, y), model) for x, y in pairs)
    byes = {c: primary(model.bye_cost(c, k), model) for k, c in enumerate(pool)}
    if bye is not None:
        found += byes[bye]
    better = best_better(found, granularity(model), list(byes.values()))
    if any(pos[c] < b and cost <= better for c, cost in byes.items()):
        return None
    foot_byes = {c: cost for c, cost in byes.items() if pos[c] >= b}
    pq = model.field.pq
    top = _tail_minimum(model, order[:t], pq[order[t]], {}) if t else (0, [])
    foot = (
        _tail_minimum(model, order[b:], pq[order[b - 1]], foot_byes) if b < n or foot_byes else (0, [])
    )
    if top is None or foot is None:
        return None
    middle = [(x, y) for x, y in pairs if t <= pos[x] < b]
    level = cuts.level
    inner = cuts.above[level[order[b - 1]]] - cuts.above[level[order[t]]] if t < b else 0
    bound = top[0] + inner + foot[0]
    tables = [(x, y) for x, y in top[1] + middle + foot[1] if y < n]
    new_bye = next((x for x, y in foot[1] if y == n), None)
    cost = sum(primary(model.cost(x, y), model) for x, y in tables)
    cost += byes[new_bye] if new_bye is not None else 0
    if 2 * len(tables) + (new_bye is not None) != n:
        return None  # a tail's minimum exports: the bound is not met by a pairing
    if best_better(cost, granularity(model), list(byes.values())) >= bound:
        return None
    return sorted(tables), new_bye, cost < found


def _deficits(model: CostModel, cuts: Cuts, spans, cover) -> tuple[int | None, int]:
    """``(last place of a deficit in the top half, first place of one in the lower half)``,
    ``(None, n)`` when there is none."""
    n = model.field.n
    order, level = cuts.order, cuts.level
    top_end, foot_start = None, n
    for p, q in spans:
        a, b = order[p], order[q]
        excess = primary(model.cost(a, b), model) - cuts.crossed_at(p, q)
        over = any(
            cover[r + 1] > 1 and level[order[r]] != level[order[r + 1]] for r in range(p, q)
        )
        if excess > 0 or over:
            if p < n // 2:
                top_end = q if top_end is None else max(top_end, q)
            else:
                foot_start = min(foot_start, p)
            if p >= n // 2 and top_end is None:
                top_end = -MARGIN  # a foot deficit alone: an empty top tail
    if foot_start == n and top_end is not None:
        foot_start = n + MARGIN  # a top deficit alone: an empty foot tail
    return top_end, foot_start


def _split(cuts: Cuts, cover: list[int], start: int, step: int) -> int | None:
    """The first split at or beyond place ``start`` (down the line for ``step`` 1, up for
    -1): a change of points at an even place with no table across it."""
    n = len(cuts.order)
    if start <= 0:
        return 0 if step == 1 else None
    if start >= n:
        return n if step == -1 else None
    s = start
    while 0 < s < n:
        if s % 2 == 0 and cover[s] == 0 and cuts.pq_at[s - 1] != cuts.pq_at[s]:
            return s
        s += step
    return s if s in (0, n) else None


def _tail_minimum(
    model: CostModel, members: list[int], split: int, bye_costs: dict[int, int]
) -> tuple[int, list[tuple[int, int]]] | None:
    """``(cost, tables)``: the least cost of the ``members``' allowed tables (and the bye,
    a vertex numbered ``n``, with ``bye_costs``), any even number of them exporting at
    ``seat_den * (points - split) ** 2``. Tables to vertices above ``n`` are exports.

    The doubled graph: every member ``u`` has a twin ``u'`` joined to it at the export
    cost; the twins of a table's two ends are joined at 0, so that the twins of the members
    who stay pair among themselves (a twin left over means an export)."""
    n = model.field.n
    pq, den = model.field.pq, model.seat_den
    vertices = list(members) + ([n] if bye_costs else [])
    index = {v: k for k, v in enumerate(vertices)}
    size = len(vertices)
    export = [den * (pq[v] - split) ** 2 if v < n else None for v in vertices]
    edges = [(k, size + k, export[k]) for k in range(size) if export[k] is not None]
    for x, u in enumerate(members):
        for w in members[x + 1 :]:
            if model.forbidden(u, w):
                continue
            cost = primary(model.cost(u, w), model)
            if cost >= export[index[u]] + export[index[w]]:
                continue  # exporting both is never dearer
            edges.append((index[u], index[w], cost))
            edges.append((size + index[u], size + index[w], 0))
    for c, cost in bye_costs.items():
        edges.append((index[c], index[n], cost))
        edges.append((size + index[c], size + index[n], 0))
    if size % 2:
        return None
    mate = min_cost_perfect_matching(2 * size, edges)
    if -1 in mate:
        return None
    weight = {(i, j): c for i, j, c in edges}
    total = sum(weight[(k, mate[k])] for k in range(size) if k < mate[k])
    tables = []
    for k in range(size):
        m = mate[k]
        if m >= size:
            tables.append((vertices[k], n + 1))  # an export
        elif k < m:
            u, w = vertices[k], vertices[m]
            tables.append((min(u, w), max(u, w)) if w < n else (u, w))
    return total, tables
