"""Blossom bookkeeping for :mod:`pairing.blossom`: labels, shrinking and expanding
blossoms, and augmenting along alternating paths.

Split from the main loop only to keep modules small; :class:`BlossomForest` is a mixin
that expects the state set up by ``pairing.blossom._Matcher.__init__``:

``mate[v]``
    the remote endpoint of v's matched edge (endpoint ``p`` of edge ``k`` is ``2k`` or
    ``2k + 1``; ``p ^ 1`` is the other end), or -1;
``label[b]``, ``labelend[b]``
    S/T label of a top-level blossom or vertex, and the endpoint through which it got it;
``inblossom[v]``, ``parent[b]``, ``childs[b]``, ``endps[b]``, ``base[b]``
    the nesting of blossoms (ids ``n … 2n-1``), their sub-blossoms in cycle order, the
    edges between consecutive sub-blossoms, and the base vertex;
``bestedge[b]``, ``bestedges[b]``
    least-slack edges towards other S-blossoms (used to compute the dual step).
"""

from __future__ import annotations

from collections.abc import Sequence

FREE, S, T = 0, 1, 2
BREADCRUMB = 4  # set on S-blossoms while scanning for a common base


class BlossomForest:
    """Operations on the alternating forest and its blossoms."""

    n: int
    edges: Sequence[tuple[int, int, int]]
    endpoint: list[int]
    neighbend: list[list[int]]
    mate: list[int]
    label: list[int]
    labelend: list[int]
    inblossom: list[int]
    parent: list[int]
    childs: list[list[int] | None]
    base: list[int]
    endps: list[list[int] | None]
    bestedge: list[int]
    bestedges: list[list[int] | None]
    unused: list[int]
    leaf_cache: list[list[int] | None]
    dual: list[int]
    allowed: list[bool]
    queue: list[int]

    # -- helpers ---------------------------------------------------------------------------
    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dual[i] + self.dual[j] - 2 * w

    def leaves(self, b: int) -> list[int]:
        """The vertices inside ``b`` (cached: a blossom's members never change)."""
        if b < self.n:
            return [b]
        cached = self.leaf_cache[b]
        if cached is None:
            cached = []
            for t in self.childs[b]:  # type: ignore[union-attr]
                cached.extend(self.leaves(t))
            self.leaf_cache[b] = cached
        return cached

    def assign_label(self, w: int, t: int, p: int) -> None:
        b = self.inblossom[w]
        self.label[w] = self.label[b] = t
        self.labelend[w] = self.labelend[b] = p
        self.bestedge[w] = self.bestedge[b] = -1
        if t == S:
            self.queue.extend(self.leaves(b))
        else:
            # A T-blossom's base is matched; its mate becomes an S-vertex.
            mb = self.mate[self.base[b]]
            self.assign_label(self.endpoint[mb], S, mb ^ 1)

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from ``v`` and ``w``; return the base of a new blossom or -1."""
        label, labelend, endpoint, inblossom = (
            self.label,
            self.labelend,
            self.endpoint,
            self.inblossom,
        )
        path: list[int] = []
        found = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & BREADCRUMB:
                found = self.base[b]
                break
            path.append(b)
            label[b] = S | BREADCRUMB
            if labelend[b] == -1:
                v = -1  # reached the root of this tree
            else:
                v = endpoint[labelend[b]]
                v = endpoint[labelend[inblossom[v]]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = S
        return found

    # -- blossom creation and expansion -------------------------------------------------------
    def add_blossom(self, base: int, k: int) -> None:
        v, w, _wt = self.edges[k]
        inblossom, endpoint, labelend = self.inblossom, self.endpoint, self.labelend
        bb, bv, bw = inblossom[base], inblossom[v], inblossom[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            bv = inblossom[endpoint[labelend[bv]]]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            bw = inblossom[endpoint[labelend[bw]]]
        self.childs[b] = path
        self.endps[b] = endps
        self.label[b] = S
        labelend[b] = labelend[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[inblossom[leaf]] == T:
                # Former T-vertices become S-vertices inside the blossom: scan them.
                self.queue.append(leaf)
            inblossom[leaf] = b
        self._merge_best_edges(b, path)

    def _merge_best_edges(self, b: int, path: list[int]) -> None:
        """Keep, per neighbouring S-blossom, the least-slack edge leaving blossom ``b``."""
        best_to = [-1] * (2 * self.n)
        inblossom, label, edges = self.inblossom, self.label, self.edges
        for bv in path:
            if self.bestedges[bv] is None:
                lists = [[p >> 1 for p in self.neighbend[leaf]] for leaf in self.leaves(bv)]
            else:
                lists = [self.bestedges[bv]]
            for edge_list in lists:
                for k in edge_list:
                    i, j, _w = edges[k]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if (
                        bj != b
                        and label[bj] == S
                        and (best_to[bj] == -1 or self.slack(k) < self.slack(best_to[bj]))
                    ):
                        best_to[bj] = k
            self.bestedges[bv] = None
            self.bestedge[bv] = -1
        merged = [k for k in best_to if k != -1]
        self.bestedges[b] = merged
        best = -1
        for k in merged:
            if best == -1 or self.slack(k) < self.slack(best):
                best = k
        self.bestedge[b] = best

    def expand_blossom(self, b: int, endstage: bool) -> None:
        childs = self.childs[b]
        assert childs is not None
        for s in childs:
            self.parent[s] = -1
            if s < self.n:
                self.inblossom[s] = s
            elif endstage and self.dual[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for leaf in self.leaves(s):
                    self.inblossom[leaf] = s
        if not endstage and self.label[b] == T:
            self._relabel_expanded_t_blossom(b, childs)
        self.label[b] = self.labelend[b] = -1
        self.childs[b] = self.endps[b] = None
        self.leaf_cache[b] = None
        self.base[b] = -1
        self.bestedges[b] = None
        self.bestedge[b] = -1
        self.unused.append(b)

    def _relabel_expanded_t_blossom(self, b: int, childs: list[int]) -> None:
        """Relabel the sub-blossoms of an expanded T-blossom along the even path."""
        endpoint, label, labelend, endps = self.endpoint, self.label, self.labelend, self.endps[b]
        assert endps is not None
        entrychild = self.inblossom[endpoint[labelend[b] ^ 1]]
        j = childs.index(entrychild)
        if j & 1:
            j -= len(childs)
            jstep, trick = 1, 0
        else:
            jstep, trick = -1, 1
        p = labelend[b]
        while j != 0:
            label[endpoint[p ^ 1]] = 0
            label[endpoint[endps[j - trick] ^ trick ^ 1]] = 0
            self.assign_label(endpoint[p ^ 1], T, p)
            self.allowed[endps[j - trick] >> 1] = True
            j += jstep
            p = endps[j - trick] ^ trick
            self.allowed[p >> 1] = True
            j += jstep
        bv = childs[j]
        label[endpoint[p ^ 1]] = label[bv] = T
        labelend[endpoint[p ^ 1]] = labelend[bv] = p
        self.bestedge[bv] = -1
        j += jstep
        while childs[j] != entrychild:
            bv = childs[j]
            if label[bv] == S:
                j += jstep
                continue
            reached = -1
            for leaf in self.leaves(bv):
                if label[leaf] != 0:
                    reached = leaf
                    break
            if reached != -1:
                label[reached] = 0
                label[endpoint[self.mate[self.base[bv]]]] = 0
                self.assign_label(reached, T, labelend[reached])
            j += jstep

    # -- augmentation -----------------------------------------------------------------------
    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges inside ``b`` so that ``v`` becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs, endps, endpoint = self.childs[b], self.endps[b], self.endpoint
        assert childs is not None and endps is not None
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, trick = 1, 0
        else:
            jstep, trick = -1, 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, endpoint[p ^ 1])
            self.mate[endpoint[p]] = p ^ 1
            self.mate[endpoint[p ^ 1]] = p
        self.childs[b] = childs[i:] + childs[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[childs[i]]

    def augment_matching(self, k: int) -> None:
        v, w, _wt = self.edges[k]
        endpoint, inblossom, labelend = self.endpoint, self.inblossom, self.labelend
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if labelend[bs] == -1:
                    break  # reached a free root
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = labelend[bt]
                p = labelend[bt] ^ 1
