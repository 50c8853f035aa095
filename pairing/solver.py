"""Choose the bye and the tables of a Swiss round for one cost model (:mod:`pairing.costs`).

Three paths, by field size:

1. Up to ``SMALL_FIELD`` pairs: one exact minimum-cost matching on the whole graph, the
   bye being an extra node joined to every pair the bye rule allows. Violations (a
   rematch, ...) are allowed at a cost above everything else, so the result has the fewest
   violations possible, then the bye the rule names first, then the best objective.
2. Up to ``EXACT_LIMIT`` pairs: first an exact proof of whether a pairing without
   violations exists (:func:`feasible`: Dirac's degree bound, else a maximum-cardinality
   matching of the whole compatibility graph). If none exists, path 1's matching runs.
   Otherwise the exact matching (:mod:`pairing.matching`) runs on every allowed table up
   to ``WHOLE_GRAPH_UP_TO`` pairs. Above, it runs first on a sparse graph (each pair joined
   to its nearest compatible pairs along the ranked line, the bye as a node), widened until
   it is perfect; then :mod:`pairing.certificate` either proves that no allowed pairing
   does better (an odd-set dual bound) or names every table a better one could use, and
   the matching runs again on those. Either way the result is the minimum over the whole
   graph, except for a large field (path 3 falling back here) whose certificate names more
   than ``REACH_MAX_EDGES`` tables: its sparse matching (found by segments above
   ``EXACT_LIMIT`` pairs, :mod:`pairing.segments`) stands, not proved minimal. The matching
   sees "coarse" costs without the standings tie-breaks (far fewer dual steps);
   :func:`polish` restores them by exchanges that keep the objective.
3. Larger fields: the band search (:mod:`pairing.band`) on the ranked line without the bye
   candidate; a perfect pairing there has no violation. The band is exact only within its
   limits, so it must be proved minimal over the whole graph (every bye candidate
   included): by :mod:`pairing.tails` (odd cuts, exact windows; path 2 tries them too),
   else :func:`pairing.certificate.proved_minimum`; otherwise, or if the band finds no
   pairing while one without violations exists, path 2 runs (above
   ``EXACT_FALLBACK_LIMIT`` pairs the band's pairing stands, not proved). The band tries
   the first ``MAX_BYE_TRIES`` bye candidates; when none of them can be paired without a
   violation but a later one can (:func:`pairing.feasibility.later_feasible`), path 2
   runs. When no candidate can, path 1's matching minimises the violations over every
   table and bye up to ``FULL_GRAPH_LIMIT`` pairs; above, the band does along the line
   (not proved), the bye to a pair of each group that may not meet itself when it can.

Why the hard rules hold: every path forbids violating tables outright unless the proof
of path 2 (or the exhaustive matching of path 1) shows that no pairing avoids them; then
the lexicographic costs minimise them. The bye is a node of the same matching, so it
moves up the standings only when that removes a violation.
"""

from __future__ import annotations

from dataclasses import dataclass

from .band import band_matching
from .certificate import ReachTooWide, primary, proved_minimum, reach
from .costs import CostModel, Field
from .feasibility import crowds, feasible, forced_tables, later_feasible, unit_crowd
from .matching import min_cost_perfect_matching
from .seats import outside_one_after
from .segments import segmented_matching
from .tails import tail_minimum

SMALL_FIELD = 24
EXACT_LIMIT = 400
"""Up to this many pairs the exact matching decides every round."""
FULL_GRAPH_LIMIT = 400
"""Up to this many pairs, unavoidable violations are minimised over every possible table
(about 0.1 s at 400 pairs; the nearest 48 places, used above, missed the minimum of a
369-pair field: tests/pairing/test_swiss_unavoidable.py)."""
WIDE_ENOUGH = 24
MAX_BYE_TRIES = 6
SPARSE_START = 4
SEGMENT_K = 8
"""Near neighbours per entrant when a large field is matched by segments (4 left 3 % on
the table at 5,000 pairs seated at random; 8 reached the minimum of 64)."""
WHOLE_GRAPH_UP_TO = 64
"""Small fields use every compatible table, larger ones the nearest few along the line."""
REACH_MAX_EDGES = 250_000
"""Above ``EXACT_LIMIT`` pairs, the most tables the certificate's reach may gather (its
second matching takes about 3 s at 2,000 pairs). Wider (5,000 pairs seated at random:
0.7 to 1.5 million tables, minutes), the search stops and the segments' matching stands:
close to the minimum, not proved (``Solution.proved`` is False)."""


EXACT_FALLBACK_LIMIT = 2_000
"""Up to this many pairs, a band pairing neither the windows nor the certificate prove goes
to the exact path; above, it stands, not proved (20,000 pairs stay under one CPU-second).
Simulated rounds of 1,000 to 20,000 pairs, both scorings, seeds 1-8: all proved but
26-point 20,000 pairs seed 4 (a window longer than ``pairing.tails.TAIL_MAX``)."""


@dataclass
class Solution:
    tables: list[tuple[int, int]]  # (i, j) with i ranked above j
    bye: int | None
    exact: bool  # found by an exact matching on the whole (or a widened) graph
    proved: bool = True  # the minimum of the whole graph (False: REACH_MAX_EDGES bound it)

    def outside_one(self, field: Field) -> int:
        """Pairs ending the round outside ±1 (the 90 % rule counts these)."""
        count = sum(outside_one_after(field.balance[i], field.balance[j]) for i, j in self.tables)
        if self.bye is not None and abs(field.balance[self.bye]) > 1:
            count += 1
        return count


def band_limits(size: int) -> tuple[int, int]:
    """(width, depth) of the band search: wider for smaller fields, where it is cheap."""
    if size <= 1500:
        return 12, 3
    return 8, 2


def bye_candidates(field: Field, model: CostModel | None = None) -> list[int]:
    """Pairs allowed the bye, in the rule's order: fewest byes, then lowest-ranked first
    (only ``model.bye_pool`` when the model fixes it)."""
    if field.n % 2 == 0:
        return []
    if model is not None and model.bye_pool is not None:
        return list(model.bye_pool)
    fewest = min(field.byes)
    return [i for i in range(field.n - 1, -1, -1) if field.byes[i] == fewest]


def build_line(field: Field, model: CostModel) -> list[int]:
    """The ranked line: points first, then rank; within equal points, reordered so that
    neighbours can meet (no rematch, seats and units compatible) — a pure relabelling that
    lets the band search reach good tables with a small depth.
    """
    order = sorted(range(field.n), key=lambda i: (-field.pq[i], i))
    line: list[int] = []
    start = 0
    while start < len(order):
        end = start
        while end < len(order) and field.pq[order[end]] == field.pq[order[start]]:
            end += 1
        line.extend(_interleave(order[start:end], field, model))
        start = end
    return line


def _interleave(group: list[int], field: Field, model: CostModel, lookahead: int = 12) -> list[int]:
    if len(group) < 3:
        return group
    taken = [False] * len(group)
    out: list[int] = []
    for a_pos, a in enumerate(group):
        if taken[a_pos]:
            continue
        taken[a_pos] = True
        out.append(a)
        fallback = -1
        seen = 0
        for b_pos in range(a_pos + 1, len(group)):
            if taken[b_pos]:
                continue
            b = group[b_pos]
            seen += 1
            if seen > lookahead:
                break
            if model.forbidden(a, b):
                continue
            if fallback == -1:
                fallback = b_pos
            if outside_one_after(field.balance[a], field.balance[b]) == 0 and not (
                model.unit_mode != "off" and field.unit[a] >= 0 and field.unit[a] == field.unit[b]
            ):
                fallback = b_pos
                break
        if fallback != -1:
            taken[fallback] = True
            out.append(group[fallback])
    return out


def solve(field: Field, model: CostModel, line: list[int]) -> Solution:
    candidates = bye_candidates(field, model)
    if field.n <= SMALL_FIELD:
        return _with_violations(field, model, candidates)
    if field.n <= EXACT_LIMIT:
        return solve_exact(field, model, line)
    tried = candidates[:MAX_BYE_TRIES] if candidates else [None]
    for start, c in enumerate(tried):
        rest = [x for x in line if x != c]
        pairs = _band(rest, model)
        if pairs is not None:
            # The earlier candidates had no pairing without a violation (below): not theirs.
            coarse, pool = model.coarse_twin(), candidates[start:]
            bye_edges = [(b, field.n, coarse.bye_cost(b, order)) for order, b in enumerate(pool)]
            minimum = tail_minimum(coarse, pairs, c, bye_edges) or proved_minimum(
                coarse, pairs, c, pool
            )
            if minimum is None and field.n > EXACT_FALLBACK_LIMIT:
                return Solution(pairs, c, True, proved=False)  # see EXACT_FALLBACK_LIMIT
            if minimum is None:
                return solve_exact(field, model, line)  # the band may have missed it
            tables, bye, corrected = minimum
            return Solution(polish(tables, model, strict=True) if corrected else tables, bye, True)
        if feasible(field, model, c):
            return solve_exact(field, model, line)  # the band was too narrow
    if later_feasible(field, model, candidates[len(tried) :]):
        return solve_exact(field, model, line)  # a candidate the band did not try avoids them
    # Violations cannot be avoided with any bye (in practice: hard unit avoidance with a
    # unit of more than half the field). Up to FULL_GRAPH_LIMIT pairs the whole graph
    # minimises them, every candidate a bye; above, the unit's tables as soft avoidance
    # would make them, when as few as the unit's size forces; else the band along the
    # line, fast at any size but not proved (its width and depth may force extra ones).
    if field.n <= FULL_GRAPH_LIMIT:
        return _with_violations(field, model, candidates)
    relaxed = _unit_crowd_minimum(field, model, line)
    if relaxed is not None:
        return relaxed
    groups = crowds(field, model)
    c = next((x for x in candidates if all(x in g for g in groups)), (candidates or [None])[0])
    rest = [x for x in line if x != c]
    width, depth = band_limits(len(rest))
    pairs = band_matching(rest, model.full_cost, width, depth)
    if pairs is None:
        return _with_violations(field, model, candidates)
    return Solution([(a, b) if a < b else (b, a) for a, b in pairs], c, False, proved=False)


def solve_exact(field: Field, model: CostModel, line: list[int], segments: bool = True) -> Solution:
    """Minimum-cost matching over every allowed table, the bye a node joined to every
    candidate. First on the ``k`` nearest compatible neighbours along the line (``k``
    doubles until that graph has a perfect matching), then proved or corrected by
    :func:`pairing.certificate.reach`: the matching is solved again on every table a
    cheaper pairing could use, when the sparse graph misses one of them. ``segments``
    False: one matching of the sparse graph even above ``EXACT_LIMIT`` pairs (slower)."""
    candidates = bye_candidates(field, model)
    n = field.n
    if not any(feasible(field, model, c) for c in candidates or [None]):
        # Even the whole compatibility graph has no pairing without a violation.
        return _with_violations(field, model, candidates)
    coarse = model.coarse_twin()
    size = n + (1 if candidates else 0)
    bye_edges = [(c, n, coarse.bye_cost(c, order)) for order, c in enumerate(candidates)]
    k, edges, mate = _sparse_matching(line, coarse, size, bye_edges, segments)
    if candidates:
        # A candidate ranked before the chosen bye that cannot have it (no pairing of the
        # rest without a violation) is in no allowed pairing: its edge only weakens the proof.
        chosen = candidates.index(mate[n])
        bye_edges = [
            edge for edge in bye_edges[:chosen] if feasible(field, model, edge[0])
        ] + bye_edges[chosen:]
    chosen_edges = [(i, j, cost) for i, j, cost in edges + bye_edges if mate[i] == j]
    tables = [(i, mate[i]) for i in range(n) if i < mate[i] < n]
    bye = mate[n] if candidates else None
    windows = tail_minimum(coarse, tables, bye, bye_edges) if n > EXACT_LIMIT else None
    if windows is not None:  # the odd cuts and exact windows prove it (pairing.tails)
        return Solution(polish(windows[0], model, strict=True), windows[1], True)
    found = sum(primary(cost, coarse) for _i, _j, cost in chosen_edges)
    proved = True
    try:
        limit = None if n <= EXACT_LIMIT else REACH_MAX_EDGES
        wider = reach(coarse, bye_edges, found, limit) if k < n else None
    except ReachTooWide:
        # A field too wide to prove (seated at random before): the sparse matching stands.
        wider, proved = None, False
    have = {(i, j) for i, j, _cost in edges} if wider else set()
    if wider is not None and any(j < n and (i, j) not in have for i, j, _cost in wider):
        # A better pairing may use a table the sparse graph lacks: match on the reach.
        mate = min_cost_perfect_matching(size, list({*wider, *chosen_edges}))
    tables = [(i, mate[i]) for i in range(n) if i < mate[i] < n]
    bye = mate[n] if candidates else None
    return Solution(polish(tables, model, strict=True), bye, True, proved)


def _unit_crowd_minimum(field: Field, model: CostModel, line: list[int]) -> Solution | None:
    """The minimum when hard avoidance leaves one unit more than half the field, or None.

    Every pairing has at least ``forced_tables`` tables of that unit, each a violation.
    Soft avoidance minimises exactly those first, then the levels hard avoidance has below
    the violations, over the pairings without another violation: when its pairing has no
    more than that, none has fewer violations, and it is the least of those that have as
    few (exactly the pairings soft avoidance compared). Segments (local) may leave the
    unit's surplus unbalanced: up to ``EXACT_FALLBACK_LIMIT`` pairs one matching retries."""
    crowd = unit_crowd(field, model)
    if crowd is None:
        return None
    options = {"bye_pool": model.bye_pool, **model.options}
    soft = CostModel(field, "soft", model.seed, model.seat_num, model.seat_den, **options)
    least = min(forced_tables(field, crowd, c) for c in bye_candidates(field, model) or [None])
    solution = solve(field, soft, line)
    if _violations(solution, model) != least * model.k and field.n <= EXACT_FALLBACK_LIMIT:
        solution = solve_exact(field, soft, line, segments=False)
    return solution if _violations(solution, model) == least * model.k else None


def _violations(solution: Solution, model: CostModel) -> int:
    return sum(model.violation(i, j) for i, j in solution.tables)


def _sparse_matching(
    line: list[int], coarse: CostModel, size: int, bye_edges: list, segments: bool = True
) -> tuple[int, list, list[int]]:
    """``(k, edges, mate)``: a minimum matching on the ``k`` nearest compatible neighbours
    (``k`` doubled until that graph has a perfect matching). Above ``EXACT_LIMIT`` pairs it
    starts at ``SEGMENT_K`` and is matched by segments (:mod:`pairing.segments`): one
    matching of 5,000 pairs takes seconds, its segments a fraction of one."""
    n = coarse.field.n
    k = n if n <= WHOLE_GRAPH_UP_TO else SPARSE_START if n <= EXACT_LIMIT else SEGMENT_K
    while True:
        edges = _near_edges(line, coarse, k)
        if n > EXACT_LIMIT and segments:
            mate = segmented_matching(line, edges + bye_edges, size)
        else:
            mate = min_cost_perfect_matching(size, edges + bye_edges)
        if all(v != -1 for v in mate):
            return k, edges, mate
        if k >= n:
            raise RuntimeError("no perfect matching although one was proved to exist")
        k *= 2


def _near_edges(line: list[int], model: CostModel, k: int) -> list[tuple[int, int, int]]:
    """Edges from each entrant to the next ``k`` compatible entrants along the line, and
    to the next ``2k`` *clean* ones (no pair ends outside ±1, no same unit under soft
    avoidance): balancing seats or units may need an opponent a little further away.
    """
    field = model.field
    soft = model.unit_mode == "soft"
    edges = []
    m = len(line)
    for x in range(m):
        a = line[x]
        near = clean = 0
        for y in range(x + 1, m):
            b = line[y]
            if model.forbidden(a, b):
                continue
            is_clean = outside_one_after(field.balance[a], field.balance[b]) == 0 and not (
                soft and field.unit[a] >= 0 and field.unit[a] == field.unit[b]
            )
            if near < k or (is_clean and clean < 2 * k):
                edges.append((a, b, model.cost(a, b)))
            near += 1
            clean += is_clean
            if near >= k and clean >= 2 * k:
                break
    return edges


def _band(rest: list[int], model: CostModel) -> list[tuple[int, int]] | None:
    width, depth = band_limits(len(rest))

    pairs = band_matching(rest, None, width, depth, incoming=model.band_rows(rest, width))
    if pairs is None:
        return None
    return [(a, b) if a < b else (b, a) for a, b in pairs]


def _with_violations(field: Field, model: CostModel, candidates: list[int]) -> Solution:
    """Minimum of (violations, bye order, objective) with the bye as a node.

    Exact on the whole graph up to ``FULL_GRAPH_LIMIT`` pairs; above (only when the band
    search found nothing), on the pairs at most ``2 * WIDE_ENOUGH`` places apart in the
    standings, which always has a perfect matching but is not proved minimal.
    """
    n = field.n
    coarse = model.coarse_twin()
    span = n if n <= FULL_GRAPH_LIMIT else 2 * WIDE_ENOUGH
    edges = [
        (i, j, coarse.full_cost(i, j)) for i in range(n) for j in range(i + 1, min(n, i + span + 1))
    ]
    bye_node = n
    for order, c in enumerate(candidates):
        edges.append((c, bye_node, coarse.bye_cost(c, order)))
    mate = min_cost_perfect_matching(n + (1 if candidates else 0), edges)
    tables = [(i, mate[i]) for i in range(n) if i < mate[i] < n]
    bye = next((i for i in range(n) if mate[i] == bye_node), None)
    if 2 * len(tables) + (bye is not None) != n:
        raise RuntimeError("a graph this dense always has a perfect matching")
    return Solution(polish(tables, model, strict=False), bye, exact=True)


POLISH_REACH = 8
"""How many tables further down a table may exchange pairs with when polishing."""


def polish(tables: list[tuple[int, int]], model: CostModel, strict: bool) -> list[tuple[int, int]]:
    """Restore the tie-breaks the coarse matching ignored: exchange pairs between nearby
    tables while the full cost falls. The objective and the violations are levels above
    every tie-break, so an exchange accepted here never worsens them."""
    cost = model.allowed_cost if strict else model.full_cost
    tables = sorted(tables)
    current = [cost(a, b) for a, b in tables]
    improved = True
    while improved:
        improved = False
        for x in range(len(tables)):
            for y in range(x + 1, min(len(tables), x + 1 + POLISH_REACH)):
                (a, b), (c, d) = tables[x], tables[y]
                total = current[x] + current[y]  # type: ignore[operator]
                for p, q, r, s in ((a, c, b, d), (a, d, b, c)):
                    first = cost(p, q)
                    if first is None or first >= total:
                        continue
                    second = cost(r, s)
                    if second is not None and first + second < total:
                        tables[x], tables[y] = (min(p, q), max(p, q)), (min(r, s), max(r, s))
                        current[x], current[y] = first, second
                        improved = True
                        break
        order = sorted(range(len(tables)), key=tables.__getitem__)
        tables = [tables[k] for k in order]
        current = [current[k] for k in order]
    return tables
