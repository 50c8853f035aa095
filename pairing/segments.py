"""The exact matching of a large field by segments of the ranked line.

Vocabulary
----------
segment
    A run of consecutive entrants of the ranked line (about ``SEGMENT`` of them), matched
    exactly on its own: the near edges (:func:`pairing.solver._near_edges`) with both ends
    inside it. A segment without a perfect matching is merged with the next.
seam
    The place where two segments meet. A window of ``SEGMENT`` entrants centred on each
    seam is matched again (the tables lying wholly inside it, on every near edge among
    their entrants), so that tables across a seam are found; then once more on windows
    shifted by a quarter, and so on while the cost falls.

Why: the matcher's time grows much faster than the field (5,000 pairs on 40,000 near
edges: 6 s; 250 segments of 20 pairs each: far below one), and closeness costs are local,
so a minimum of every window is almost always a minimum of the whole. Each window only
replaces its tables by cheaper ones, so the result is a perfect matching at most as
costly as the segments'. It is *not proved* minimal: the solver hands it to the
certificate (:mod:`pairing.certificate`), which proves it or names the tables a cheaper
pairing could use.
"""

from __future__ import annotations

from collections.abc import Sequence

from .matching import min_cost_perfect_matching

Edge = tuple[int, int, int]
SEGMENT = 256
"""Entrants per segment and per seam window (about 0.02 s of matching each)."""
MAX_PASSES = 4
"""Seam passes at most (each shifted by a quarter of a segment from the last)."""


def segmented_matching(line: Sequence[int], edges: Sequence[Edge], size: int) -> list[int]:
    """``mate`` of a perfect matching of ``size`` vertices on ``edges``, found by segments.

    ``line`` is the ranked line (every vertex but the bye's, which is ``size - 1`` when
    ``size > len(line)``, and joins the last segment with its edges). Returns a mate with
    ``-1`` left when the whole graph has no perfect matching.
    """
    cost = {(i, j) if i < j else (j, i): c for i, j, c in edges}
    neighbours: dict[int, list[int]] = {}
    for i, j in cost:
        neighbours.setdefault(i, []).append(j)
        neighbours.setdefault(j, []).append(i)
    order = list(line) + ([size - 1] if size > len(line) else [])
    mate = [-1] * size
    seams = []
    start = 0
    while start < len(order):
        end = min(len(order), start + SEGMENT)
        while True:
            if len(order) - end < SEGMENT // 2:
                end = len(order)  # no short segment at the end
            if _match(order[start:end], cost, neighbours, mate) or end == len(order):
                break
            end += SEGMENT // 2
        seams.append(end)
        start = end
    total = _total(mate, cost)
    for shift in range(MAX_PASSES):
        offset = shift * SEGMENT // 4
        for seam in seams[:-1]:
            low = max(0, seam + offset - SEGMENT // 2)
            window = order[low : low + SEGMENT]
            inside = set(window)
            _match([v for v in window if mate[v] in inside], cost, neighbours, mate)
        cheaper = _total(mate, cost)
        if cheaper == total:
            break
        total = cheaper
    return mate


def _match(
    vertices: list[int], cost: dict[tuple[int, int], int], neighbours: dict, mate: list[int]
) -> bool:
    """Match ``vertices`` exactly among themselves; write the tables into ``mate`` when
    the matching is perfect (and return True)."""
    index = {v: x for x, v in enumerate(vertices)}
    local = []
    for v in vertices:
        for w in neighbours.get(v, ()):
            if v < w and w in index:
                local.append((index[v], index[w], cost[(v, w)]))
    found = min_cost_perfect_matching(len(vertices), local)
    if -1 in found:
        return False
    for x, y in enumerate(found):
        mate[vertices[x]] = vertices[y]
    return True


def _total(mate: list[int], cost: dict[tuple[int, int], int]) -> int:
    return sum(cost[(v, w)] for v, w in enumerate(mate) if v < w)
