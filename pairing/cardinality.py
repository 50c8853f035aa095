"""Maximum-cardinality matching (Edmonds), used to *prove* that a rematch is unavoidable.

The pairing avoids rematches with cheap searches first; only when those fail does it ask
this module whether the whole compatibility graph (every table allowed by the hard rules)
has a perfect matching. If it has none, no pairing without a violation exists.

Also: :func:`dirac_guarantees_perfect` — when every entrant may meet at least half of the
others, a perfect matching exists (Dirac's theorem gives a Hamiltonian cycle, and every
other edge of an even cycle is a perfect matching). Large Swiss fields always satisfy it,
so the expensive proof is never needed there.
"""

from __future__ import annotations

from collections.abc import Sequence


def dirac_guarantees_perfect(degrees: Sequence[int]) -> bool:
    """True when the degrees alone prove that a perfect matching exists."""
    n = len(degrees)
    if n % 2:
        return False
    if n == 0:
        return True
    return min(degrees) >= max(1, (n + 1) // 2) or (n == 2 and min(degrees) >= 1)


def maximum_matching(adj: Sequence[Sequence[int]]) -> list[int]:
    """Return ``mate`` (``-1`` for unmatched) of a maximum matching of the graph ``adj``."""
    n = len(adj)
    mate = [-1] * n
    for v in range(n):  # greedy start: most vertices are matched before any search
        if mate[v] == -1:
            for u in adj[v]:
                if mate[u] == -1 and u != v:
                    mate[v], mate[u] = u, v
                    break
    for root in range(n):
        if mate[root] == -1:
            end, parent = _augmenting_path(adj, mate, root)
            if end != -1:
                _flip(mate, parent, end)
    return mate


def has_perfect_matching(adj: Sequence[Sequence[int]]) -> bool:
    return len(adj) % 2 == 0 and all(m != -1 for m in maximum_matching(adj))


def _augmenting_path(
    adj: Sequence[Sequence[int]], mate: list[int], root: int
) -> tuple[int, list[int]]:
    """BFS with blossom contraction from ``root``; return a free end vertex (or -1)."""
    n = len(adj)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = [root]
    qi = 0
    while qi < len(queue):
        v = queue[qi]
        qi += 1
        for to in adj[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = _lca(mate, parent, base, v, to)
                in_blossom = [False] * n
                _mark(mate, parent, base, in_blossom, v, cur, to)
                _mark(mate, parent, base, in_blossom, to, cur, v)
                for i in range(n):
                    if in_blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    return to, parent
                used[mate[to]] = True
                queue.append(mate[to])
    return -1, parent


def _lca(mate: list[int], parent: list[int], base: list[int], a: int, b: int) -> int:
    seen = set()
    while True:
        a = base[a]
        seen.add(a)
        if mate[a] == -1:
            break
        a = parent[mate[a]]
    while True:
        b = base[b]
        if b in seen:
            return b
        b = parent[mate[b]]


def _mark(
    mate: list[int],
    parent: list[int],
    base: list[int],
    in_blossom: list[bool],
    v: int,
    b: int,
    child: int,
) -> None:
    while base[v] != b:
        in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]


def _flip(mate: list[int], parent: list[int], end: int) -> None:
    """Swap matched and unmatched edges along the path from ``end`` back to its root."""
    v = end
    while v != -1:
        pv = parent[v]
        ppv = mate[pv]
        mate[v], mate[pv] = pv, v
        v = ppv
