"""The tests' exact reference (tests/pairing/exact.py) against networkx on small graphs.

The Swiss tests trust :func:`minimum_perfect_matching` to give the least cost of a perfect
matching; here it must agree with networkx's general weighted matching (exact integer
arithmetic) on random graphs and small Swiss-like fields (odd score groups, where the cuts
matter), with and without an upper bound, and through the integer program alone.
"""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import examples

from .exact import MAX_ROUNDS, minimum_perfect_matching


@st.composite
def graphs(draw, max_n=16):
    """(n, edges, costs in hundredths). Either any edges and costs, or a small Swiss field:
    vertices with points, tables costing the squared points difference, some tables
    missing (rematches); odd groups of equal points make the fractional LP cheat."""
    if draw(st.booleans()):
        n = draw(st.integers(1, max_n))
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
        top = draw(st.sampled_from([2, 60, 10_000]))
        costs = draw(st.lists(st.integers(0, top), min_size=len(edges), max_size=len(edges)))
        return n, edges, costs
    n = 2 * draw(st.integers(1, max_n // 2))  # a field to pair: an even number of pairs
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    points = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    missing = set(draw(st.lists(st.sampled_from(pairs), max_size=n))) if pairs else set()
    edges = [p for p in pairs if p not in missing]
    return n, edges, [100 * (points[i] - points[j]) ** 2 for i, j in edges]


def networkx_minimum(n, edges, costs):
    """The least cost (in hundredths) of a perfect matching by networkx, or None."""
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for (i, j), cost in zip(edges, costs, strict=True):
        graph.add_edge(i, j, weight=-cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != n:
        return None
    return -sum(graph[a][b]["weight"] for a, b in matching)


@settings(max_examples=examples(30), deadline=None)
@given(graphs(), st.sampled_from([MAX_ROUNDS, 0]), st.sampled_from([None, 0, 3]), st.data())
def test_the_reference_agrees_with_networkx(graph, rounds, slack, data):
    """``rounds=0``: the integer program alone. ``slack``: an upper bound that far above
    the minimum (0: the minimum itself, as when our pairing is optimal)."""
    n, edges, costs = graph
    expected = networkx_minimum(n, edges, costs)
    upper = None if expected is None or slack is None else (expected + slack) / 100
    found = minimum_perfect_matching(n, edges, [c / 100 for c in costs], upper=upper, rounds=rounds)
    if expected is None:
        assert found is None
    else:
        assert found is not None and abs(found - expected / 100) <= 1e-9


def test_an_odd_group_of_free_tables_must_send_one_pair_out():
    """Two triangles of free tables joined by tables costing 1 and 5: the fractional
    matching LP covers each triangle by halves at cost 0; only the odd-set cuts make it
    pay the 1 that every real pairing pays."""
    edges = [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3), (0, 5)]
    costs = [0, 0, 0, 0, 0, 0, 5, 1]
    assert minimum_perfect_matching(6, edges, costs) == 1
    assert minimum_perfect_matching(6, edges, costs, upper=5) == 1
