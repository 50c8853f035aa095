"""Prove a pairing minimal (or correct it) when only a few places of the ranked line stop
the odd-cut bound of :mod:`pairing.certificate` from closing.

Vocabulary
----------
deficit
    A table of the pairing that costs more than the odd cuts it crosses, or crosses a
    change of points that other tables cross too. With many distinct scores (26-point
    scoring) the top and the foot of the standings hold one or two pairs per score, who
    have often met: their tables cost more than the cuts, while the dense middle meets the
    cut bound exactly.
split
    A place of the ranked line at a change of points, with an even number of entrants
    above it and no table of the pairing across it.
window
    The entrants between two splits around one or more deficits (``MARGIN`` places beyond
    them at least), matched exactly on every allowed table among them.
export
    A table from a window to an entrant outside it. Its cost, the squared points
    difference, is at least the square of the part between the window's entrant and the
    nearest level outside the window on that side, plus the square of the rest (the square
    of a sum is at least the sum of the squares): the window pays the first part, and the
    outside entrant's share is counted as if it met a pair of that nearest level.

Bound: every allowed perfect matching costs at least the sum, over the windows, of the
least cost of the window's allowed tables where any even number of its entrants may
instead export at their own part (an exact matching on the window doubled:
:func:`_tail_minimum`), plus the ``z`` of every odd cut outside the windows. The entrants
exports bring in stand on the levels next to the window (costing nothing more there) and
come in even numbers at each split, so every odd cut outside keeps its parity and is still
crossed. When no window's minimum exports, the windows' minima and the pairing's other
tables make a pairing; when it costs no more than the bound, it is the minimum.
"""

from __future__ import annotations

from .certificate import Cuts, best_better, granularity, primary
from .costs import CostModel
from .matching import min_cost_perfect_matching

MARGIN = 64
"""Entrants a window holds beyond each deficit: room for its minimum to move."""
TAIL_MAX = 160
"""The longest window matched exactly. Its doubled graph is dense where the levels are
(the top 200 places of 20,000 pairs of 26-point scoring: 0.2 CPU-s, 600 places: 9 s);
the windows simulated rounds needed held 72 to 122 places."""
WINDOWS_MAX = 2 * TAIL_MAX
"""The most places all the windows of one proof may hold (a bound on its time)."""


def tail_minimum(
    model: CostModel, pairs: list[tuple[int, int]], bye: int | None, bye_edges: list
) -> tuple[list[tuple[int, int]], int | None, bool] | None:
    """``(tables, bye, corrected)`` of a minimum over the whole graph, proved as above, or
    None when the bound does not close (a window too long, a bye edge above the foot that
    a cheaper pairing could use, a window's minimum that exports).

    ``model`` is the coarse model, ``pairs`` and ``bye`` a perfect pairing without
    violations, ``bye_edges`` the ``(candidate, n, cost)`` a pairing may use (none for an
    even field)."""
    cuts = Cuts(model)
    order, n = cuts.order, model.field.n
    pos = [0] * n
    for p, v in enumerate(order):
        pos[v] = p
    spans = sorted((min(pos[a], pos[b]), max(pos[a], pos[b])) for a, b in pairs)
    cover = [0] * (n + 1)  # cover[p]: tables of the pairing across the place above p
    for p, q in spans:
        cover[p + 1] += 1
        cover[q + 1] -= 1
    for p in range(1, n + 1):
        cover[p] += cover[p - 1]
    windows = _windows(cuts, cover, _deficits(model, cuts, spans, cover), bool(bye_edges))
    if windows is None:
        return None
    found = sum(primary(model.cost(x, y), model) for x, y in pairs)
    byes = {c: primary(cost, model) for c, _bye, cost in bye_edges}
    if bye is not None:
        found += byes[bye]
    step = granularity(model)
    better = best_better(found, step, list(byes.values()))
    foot = windows[-1][0] if bye_edges else n
    if any(pos[c] < foot and cost <= better for c, cost in byes.items()):
        return None
    inside = [False] * n
    for w1, w2 in windows:
        inside[w1:w2] = [True] * (w2 - w1)
    tables = [(x, y) for x, y in pairs if not inside[pos[x]]]
    bound, new_bye, level = cuts.total, None, cuts.level
    for w1, w2 in windows:
        bound -= cuts.above[level[order[w2 - 1]]] - cuts.above[level[order[w1]]]
        foot_byes = {c: cost for c, cost in byes.items() if pos[c] >= w1} if w2 == n else {}
        best = _tail_minimum(model, order[w1:w2], _ports(cuts, w1, w2), foot_byes)
        if best is None:
            return None
        bound += best[0]
        tables += [(x, y) for x, y in best[1] if y < n]
        new_bye = next((x for x, y in best[1] if y == n), new_bye)
    if 2 * len(tables) + (new_bye is not None) != n:
        return None  # a window's minimum exports: no pairing meets the bound
    cost = sum(primary(model.cost(x, y), model) for x, y in tables)
    cost += byes[new_bye] if new_bye is not None else 0
    if best_better(cost, step, list(byes.values())) >= bound:
        return None
    return sorted(tables), new_bye, cost < found


def _deficits(model: CostModel, cuts: Cuts, spans, cover) -> list[tuple[int, int]]:
    """The places ``(p, q)`` of the tables costing more than the odd cuts they cross, or
    crossing a change of points that other tables cross too, in line order."""
    order, level = cuts.order, cuts.level
    found = []
    for p, q in spans:
        excess = primary(model.cost(order[p], order[q]), model) - cuts.crossed_at(p, q)
        if excess > 0 or any(
            cover[r + 1] > 1 and level[order[r]] != level[order[r + 1]] for r in range(p, q)
        ):
            found.append((p, q))
    return found


def _windows(
    cuts: Cuts, cover: list[int], deficits: list[tuple[int, int]], bye: bool
) -> list[tuple[int, int]] | None:
    """The windows, top first: ``MARGIN`` places around each deficit out to the next
    split, merged where they meet; the foot's too when there is a bye (its vertex stands
    there). None when a window is longer than ``TAIL_MAX``, or all of them than
    ``WINDOWS_MAX``."""
    n = len(cuts.order)
    if bye:
        deficits = [*deficits, (n - 1, n - 1)]
    windows: list[tuple[int, int]] = []
    for p, q in deficits:
        w1, w2 = _split(cuts, cover, p - MARGIN, -1), _split(cuts, cover, q + 1 + MARGIN, 1)
        if windows and w1 <= windows[-1][1]:
            w1 = windows.pop()[0]
        if w2 - w1 > TAIL_MAX:
            return None
        windows.append((w1, w2))
    if sum(w2 - w1 for w1, w2 in windows) > WINDOWS_MAX:
        return None
    return windows


def _split(cuts: Cuts, cover: list[int], start: int, step: int) -> int:
    """The first split at or beyond place ``start``, down the line (``step`` 1) or up
    (-1); the line's end (0 or its length) when there is none before it."""
    n = len(cuts.order)
    s = min(max(start, 0), n)
    while 0 < s < n:
        if s % 2 == 0 and cover[s] == 0 and cuts.pq_at[s - 1] != cuts.pq_at[s]:
            return s
        s += step
    return s


def _ports(cuts: Cuts, w1: int, w2: int) -> tuple[int | None, int | None]:
    """The points of the level just above a window and just below it (None at an end)."""
    n = len(cuts.order)
    return (cuts.pq_at[w1 - 1] if w1 else None, cuts.pq_at[w2] if w2 < n else None)


def _tail_minimum(
    model: CostModel,
    members: list[int],
    ports: tuple[int | None, int | None],
    bye_costs: dict[int, int],
) -> tuple[int, list[tuple[int, int]]] | None:
    """``(cost, tables)``: the least cost of the ``members``' allowed tables (and the bye,
    a vertex numbered ``n``, with ``bye_costs``), any even number of them exporting at
    ``seat_den`` times the squared distance to the nearer of the ``ports`` (the points just
    above and below them). An export is a table ``(member, n + 1)``.

    The doubled graph: every member ``u`` has a twin ``u'`` joined to it at the export
    cost; the twins of a table's two ends are joined at 0, so that the twins of the members
    who stay pair among themselves (a twin left over means an export). A table dearer than
    exporting both its ends is left out: exporting them is never dearer."""
    n = model.field.n
    pq, den = model.field.pq, model.seat_den
    vertices = list(members) + ([n] if bye_costs else [])
    size = len(vertices)
    if size % 2:
        return None
    export: list[int | None] = []
    for v in vertices:
        parts = [den * (pq[v] - port) ** 2 for port in ports if port is not None and v < n]
        export.append(min(parts) if parts else None)
    edges = [(k, size + k, e) for k, e in enumerate(export) if e is not None]
    for x, u in enumerate(members):
        for y in range(x + 1, len(members)):
            w = members[y]
            if model.forbidden(u, w):
                continue
            cost = primary(model.cost(u, w), model)
            ex, ey = export[x], export[y]
            if ex is not None and ey is not None and cost >= ex + ey:
                continue
            edges += [(x, y, cost), (size + x, size + y, 0)]
    for c, cost in bye_costs.items():
        x = members.index(c)
        edges += [(x, size - 1, cost), (size + x, 2 * size - 1, 0)]
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
            tables.append((vertices[k], vertices[m]))
    return total, tables
