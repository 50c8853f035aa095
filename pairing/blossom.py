"""Exact maximum-weight matching on a general graph (Edmonds' blossom algorithm).

This is the exact engine behind the Swiss pairing: small fields are solved on the whole
graph, large fields only when the fast band search (:mod:`pairing.band`) cannot find a
perfect pairing. The primal-dual method is the one of Galil (1986), "Efficient algorithms
for finding maximum matchings in graphs", in the adjacency-list form popularised by
J. van Rantwijk; this is an independent implementation.

Vocabulary
----------
blossom
    An odd cycle of alternating edges shrunk to a single node while searching; blossoms nest.
S / T label
    Outer (S, even distance from a free vertex) and inner (T) nodes of the alternating forest.
dual variable
    One per vertex and per blossom; an edge is *tight* when its slack
    ``dual[i] + dual[j] - 2 * weight`` (plus enclosing blossom duals) is zero.

With integer weights every computation stays integral (weights are doubled internally), so
results are exact; :mod:`pairing.costs` builds integer weights for that reason. The blossom
bookkeeping lives in :mod:`pairing.blossom_tree`; this module has the dual updates, the
warm start and the main loop.
"""

from __future__ import annotations

from collections.abc import Sequence

from .blossom_tree import FREE as _FREE
from .blossom_tree import BlossomForest
from .blossom_tree import S as _S
from .blossom_tree import T as _T
from .cardinality import maximum_matching

Edge = tuple[int, int, int]


def max_weight_matching(
    vertex_count: int, edges: Sequence[Edge], maxcardinality: bool = False
) -> list[int]:
    """Return ``mate`` with ``mate[v]`` the vertex matched to ``v`` or ``-1``.

    ``edges`` are ``(i, j, weight)`` with integer weights and ``i != j``; at most one edge per
    pair of vertices. With ``maxcardinality`` the matching has maximum cardinality and, among
    those, maximum weight.
    """
    if not edges:
        return [-1] * vertex_count
    return _Matcher(vertex_count, edges, maxcardinality).run()


def min_cost_perfect_matching(vertex_count: int, edges: Sequence[Edge]) -> list[int]:
    """Return ``mate`` of a minimum-cost perfect matching, if the graph has one.

    ``edges`` are ``(i, j, cost)`` with integer costs. If no perfect matching exists the
    result is a maximum-cardinality matching (not necessarily of minimum cost).

    Starts warm: vertex duals are raised greedily until each vertex has a tight edge, and
    tight edges are matched greedily, so the blossom stages only have to place the rest.
    This is valid for *perfect* matchings, whose dual has no sign condition on vertices.
    """
    if not edges:
        return [-1] * vertex_count
    top = max(c for _i, _j, c in edges) + 1
    # Weights doubled so that all warm duals share one parity (see _Matcher.warm_start).
    weighted = [(i, j, 2 * (top - c)) for i, j, c in edges]
    matcher = _Matcher(vertex_count, weighted, True)
    matcher.warm_start([c for _i, _j, c in edges], top)
    return matcher.run()


class _Matcher(BlossomForest):
    """State of one run; methods follow the steps of the primal-dual algorithm."""

    def __init__(self, n: int, edges: Sequence[Edge], maxcardinality: bool) -> None:
        self.n = n
        self.edges = edges
        self.maxcardinality = maxcardinality
        # Endpoint p of edge k is endpoint[p], p = 2k or 2k+1; p ^ 1 is the other end.
        self.endpoint = [edges[p >> 1][p & 1] for p in range(2 * len(edges))]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        # Per vertex: (remote endpoint, edge, neighbour, doubled weight) for the hot loop.
        self.neighbours: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n)]
        for k, (i, j, w) in enumerate(edges):
            self.neighbend[i].append(2 * k + 1)
            self.neighbend[j].append(2 * k)
            self.neighbours[i].append((2 * k + 1, k, j, 2 * w))
            self.neighbours[j].append((2 * k, k, i, 2 * w))
        maxweight = max(0, max(w for _i, _j, w in edges))
        self.mate = [-1] * n  # remote endpoint of the matched edge
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int] | None] = [None] * (2 * n)
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.bestedges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.leaf_cache: list[list[int] | None] = [None] * (2 * n)
        self.dual = [maxweight] * n + [0] * n
        self.allowed = [False] * len(edges)
        self.queue: list[int] = []

    def warm_start(self, costs: Sequence[int], top: int) -> None:
        """Greedy duals and matching for a perfect matching (see min_cost_perfect_matching).

        Edge ``k`` has weight ``2 * (top - costs[k])``. In cost terms an edge is feasible
        when ``y[i] + y[j] <= 2 * cost``; with ``dual = 2 * top - 2 * y`` the slack is
        ``2 * (2 * cost - y[i] - y[j])`` and every dual is even.
        """
        n, edges = self.n, self.edges
        cost2 = [2 * c for c in costs]
        y: list[int | None] = [None] * n
        for k, (i, j, _w) in enumerate(edges):
            c = costs[k]
            if y[i] is None or c < y[i]:  # type: ignore[operator]
                y[i] = c
            if y[j] is None or c < y[j]:  # type: ignore[operator]
                y[j] = c
        yv = [v if v is not None else 0 for v in y]
        for v in range(n):
            room = None
            for p in self.neighbend[v]:
                k = p >> 1
                i, j, _w = edges[k]
                r = cost2[k] - yv[i] - yv[j]
                if room is None or r < room:
                    room = r
            if room:
                yv[v] += room
        for v in range(n):
            self.dual[v] = 2 * top - 2 * yv[v]
        # A maximum matching of the tight edges is a valid start for the stages.
        tight_edge: dict[tuple[int, int], int] = {}
        tight: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _w) in enumerate(edges):
            if cost2[k] == yv[i] + yv[j]:
                tight[i].append(j)
                tight[j].append(i)
                tight_edge[(i, j)] = tight_edge[(j, i)] = k
        partner = maximum_matching(tight)
        for v in range(n):
            w = partner[v]
            if w > v:
                k = tight_edge[(v, w)]
                p = 2 * k + 1 if edges[k][0] == v else 2 * k  # remote endpoint seen from v
                self.mate[v] = p
                self.mate[w] = p ^ 1

    # -- main loop --------------------------------------------------------------------------
    def run(self) -> list[int]:
        n = self.n
        for _stage in range(n):
            self.label[:] = [0] * (2 * n)
            self.bestedge[:] = [-1] * (2 * n)
            self.bestedges[n:] = [None] * n
            self.allowed[:] = [False] * len(self.edges)
            self.queue[:] = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.inblossom[v]] == 0:
                    self.assign_label(v, _S, -1)
            if not self._grow_until_augmented():
                break
            # Blossoms with zero dual are expanded between stages to keep nesting shallow.
            for b in range(n, 2 * n):
                if (
                    self.parent[b] == -1
                    and self.base[b] >= 0
                    and self.label[b] == _S
                    and self.dual[b] == 0
                ):
                    self.expand_blossom(b, True)
        return [self.endpoint[p] if p >= 0 else -1 for p in self.mate]

    def _grow_until_augmented(self) -> bool:
        while True:
            if self._scan_queue():
                return True
            if not self._update_duals():
                return False

    def _scan_queue(self) -> bool:
        """Grow the forest from queued S-vertices along tight edges; True on augmentation."""
        inblossom, label, allowed = self.inblossom, self.label, self.allowed
        dual, edges, bestedge, queue = self.dual, self.edges, self.bestedge, self.queue
        while queue:
            v = queue.pop()
            bv = inblossom[v]
            dv = dual[v]
            for p, k, w, w2 in self.neighbours[v]:
                bw = inblossom[w]
                if bv == bw:
                    continue
                kslack = 0
                if not allowed[k]:
                    kslack = dv + dual[w] - w2
                    if kslack <= 0:
                        allowed[k] = True
                if allowed[k]:
                    if label[bw] == _FREE:
                        self.assign_label(w, _T, p ^ 1)
                    elif label[bw] == _S:
                        base = self.scan_blossom(v, w)
                        if base >= 0:
                            self.add_blossom(base, k)
                            bv = inblossom[v]
                        else:
                            self.augment_matching(k)
                            return True
                    elif label[w] == _FREE:
                        # w is inside a T-blossom but not yet reached itself.
                        label[w] = _T
                        self.labelend[w] = p ^ 1
                elif label[bw] == _S:
                    best = bestedge[bv]
                    if best == -1:
                        bestedge[bv] = k
                    else:
                        i, j, wt = edges[best]
                        if kslack < dual[i] + dual[j] - 2 * wt:
                            bestedge[bv] = k
                elif label[w] == _FREE:
                    best = bestedge[w]
                    if best == -1:
                        bestedge[w] = k
                    else:
                        i, j, wt = edges[best]
                        if kslack < dual[i] + dual[j] - 2 * wt:
                            bestedge[w] = k
        return False

    def _update_duals(self) -> bool:
        """Change the duals by the largest safe delta; False when the stage is over."""
        n, label, inblossom, dual = self.n, self.label, self.inblossom, self.dual
        bestedge, edges, parent = self.bestedge, self.edges, self.parent
        top_label = [label[b] for b in inblossom]
        deltatype, delta, deltaedge, deltablossom = -1, 0, -1, -1
        if not self.maxcardinality:
            deltatype, delta = 1, min(dual[:n])
        # delta2: a free vertex next to an S-vertex.
        free_best = [
            (dual[edges[k][0]] + dual[edges[k][1]] - 2 * edges[k][2], k)
            for v, k in enumerate(bestedge[:n])
            if k != -1 and top_label[v] == _FREE
        ]
        if free_best:
            d, k = min(free_best)
            if deltatype == -1 or d < delta:
                deltatype, delta, deltaedge = 2, d, k
        # delta3: two S-blossoms (or vertices) joined by an edge; slack is even.
        blossoms = [b for b in range(n, 2 * n) if self.base[b] >= 0 and parent[b] == -1]
        s_best = [
            ((dual[edges[k][0]] + dual[edges[k][1]] - 2 * edges[k][2]) // 2, k)
            for b in [v for v in range(n) if parent[v] == -1] + blossoms
            if label[b] == _S and (k := bestedge[b]) != -1
        ]
        if s_best:
            d, k = min(s_best)
            if deltatype == -1 or d < delta:
                deltatype, delta, deltaedge = 3, d, k
        # delta4: a T-blossom whose dual reaches zero must be expanded.
        for b in blossoms:
            if label[b] == _T and (deltatype == -1 or dual[b] < delta):
                deltatype, delta, deltablossom = 4, dual[b], b
        if deltatype == -1:
            # Maximum cardinality reached and no progress possible: finish with the
            # vertex-dual step so that the optimum is certified.
            deltatype, delta = 1, max(0, min(dual[:n]))
        if delta:
            dual[:n] = [
                d - delta if t == _S else d + delta if t == _T else d
                for d, t in zip(dual[:n], top_label, strict=True)
            ]
            for b in blossoms:
                if label[b] == _S:
                    dual[b] += delta
                elif label[b] == _T:
                    dual[b] -= delta
        if deltatype == 1:
            return False
        if deltatype == 2:
            self.allowed[deltaedge] = True
            i, j, _w = edges[deltaedge]
            if top_label[i] == _FREE:
                i = j
            self.queue.append(i)
        elif deltatype == 3:
            self.allowed[deltaedge] = True
            self.queue.append(edges[deltaedge][0])
        else:
            self.expand_blossom(deltablossom, False)
        return True
