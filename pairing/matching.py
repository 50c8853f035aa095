"""The two matching questions the Swiss solver asks, answered by rustworkx.

Vocabulary
----------
mate
    ``mate[v]`` is the vertex matched to ``v``, or ``-1`` when ``v`` is unmatched.
perfect matching
    A matching that leaves no vertex unmatched: every pair has a table (the bye is a vertex).

Both questions go to ``rustworkx.max_weight_matching(..., max_cardinality=True)``, an exact
general-graph (blossom) matching in compiled code: the pairing keeps no matcher of its own.
rustworkx computes with 128-bit integers and doubles weights internally, so the span of
the costs must stay below :data:`SAFE_SPAN`; :mod:`pairing.costs` keeps the solver's coarse
costs far below it (a 5,000-pair field needs about 100 bits).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import rustworkx as rx

Edge = tuple[int, int, int]
SAFE_SPAN = 2**120
"""Largest span of costs handed to rustworkx (its 128-bit arithmetic doubles weights)."""


def min_cost_perfect_matching(vertex_count: int, edges: Sequence[Edge]) -> list[int]:
    """Return ``mate`` of a minimum-cost perfect matching, if the graph has one.

    ``edges`` are ``(i, j, cost)`` with integer costs, at most one edge per pair of
    vertices. If no perfect matching exists the result is a maximum-cardinality matching.
    The costs become positive weights ``top - cost``: among matchings of maximum
    cardinality the weight is then ``size * top - cost``, largest exactly when the cost is
    smallest.
    """
    mate = [-1] * vertex_count
    if not edges:
        return mate
    top = max(c for _i, _j, c in edges) + 1
    if top - min(c for _i, _j, c in edges) > SAFE_SPAN:
        raise OverflowError("matching costs span more than rustworkx can add exactly")
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(vertex_count))
    graph.add_edges_from([(i, j, top - c) for i, j, c in edges])
    for a, b in rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int):
        mate[a], mate[b] = b, a
    return mate


def has_perfect_matching(vertex_count: int, edges: Iterable[tuple[int, int]]) -> bool:
    """Does the graph on ``range(vertex_count)`` with these ``edges`` have a perfect matching?

    Used to *prove* that a violation (a rematch, two pairs of one unit, ...) is
    unavoidable: if the graph of allowed tables has no perfect matching, no pairing
    without a violation exists.
    """
    if vertex_count % 2:
        return False
    if vertex_count == 0:
        return True
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(vertex_count))
    graph.add_edges_from_no_data(list(edges))
    matching = rx.max_weight_matching(graph, max_cardinality=True)
    return 2 * len(matching) == vertex_count


def dirac_guarantees_perfect(degrees: Sequence[int]) -> bool:
    """True when the degrees alone prove that a perfect matching exists.

    When every vertex is joined to at least half of the others, Dirac's theorem gives a
    Hamiltonian cycle, and every other edge of an even cycle is a perfect matching. Large
    Swiss fields always satisfy it, so the graph is then never built.
    """
    n = len(degrees)
    if n % 2:
        return False
    if n == 0:
        return True
    return min(degrees) >= max(1, (n + 1) // 2) or (n == 2 and min(degrees) >= 1)
