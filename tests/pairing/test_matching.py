"""The matching calls (rustworkx) against networkx, and the band search against brute force."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.band import band_matching
from pairing.matching import (
    SAFE_SPAN,
    dirac_guarantees_perfect,
    has_perfect_matching,
    min_cost_perfect_matching,
)
from tests.budget import examples


@st.composite
def graphs(draw, max_n=14):
    n = draw(st.integers(1, max_n))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    weights = draw(st.lists(st.integers(0, 60), min_size=len(chosen), max_size=len(chosen)))
    return n, [(i, j, w) for (i, j), w in zip(chosen, weights, strict=True)]


def nx_graph(n, edges):
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i, j, w in edges:
        graph.add_edge(i, j, weight=w)
    return graph


def matched(mate):
    return [(v, m) for v, m in enumerate(mate) if m > v]


@settings(max_examples=examples(30), deadline=None)
@given(graphs(max_n=16))
def test_min_cost_perfect_matching_matches_networkx(graph):
    n, edges = graph
    mate = min_cost_perfect_matching(n, edges)
    cost = {(i, j): w for i, j, w in edges}
    assert all(
        mate[m] == v and (min(v, m), max(v, m)) in cost for v, m in enumerate(mate) if m >= 0
    )
    ref = nx.max_weight_matching(
        nx_graph(n, [(i, j, -w) for i, j, w in edges]), maxcardinality=True
    )
    assert len(matched(mate)) == len(ref)
    if 2 * len(ref) == n:
        assert sum(cost[e] for e in matched(mate)) == sum(cost[min(e), max(e)] for e in ref)


@settings(max_examples=examples(30), deadline=None)
@given(graphs(max_n=16))
def test_perfect_matching_test_matches_networkx(graph):
    n, edges = graph
    expected = 2 * len(nx.max_weight_matching(nx_graph(n, edges), maxcardinality=True)) == n
    assert has_perfect_matching(n, [(i, j) for i, j, _w in edges]) == expected


def test_huge_costs_are_exact_and_too_huge_ones_refused():
    # Lexicographic costs are large integers: a matching of cost 2**100 + 2 must beat one
    # of cost 2**100 + 3 (floats would tie them).
    big = 2**100
    edges = [(0, 1, big), (2, 3, 2), (0, 2, big), (1, 3, 3)]
    assert matched(min_cost_perfect_matching(4, edges)) == [(0, 1), (2, 3)]
    with pytest.raises(OverflowError):
        min_cost_perfect_matching(4, [(0, 1, 0), (2, 3, SAFE_SPAN + 1)])


def test_an_empty_graph_matches_nobody():
    assert min_cost_perfect_matching(3, []) == [-1, -1, -1]
    assert has_perfect_matching(0, [])
    assert not has_perfect_matching(3, [(0, 1), (1, 2)])


def test_dirac_bound():
    assert dirac_guarantees_perfect([2, 2, 2, 2])
    assert not dirac_guarantees_perfect([1, 1, 1, 1])  # two disjoint edges need not exist
    assert not dirac_guarantees_perfect([2, 2, 2])  # odd
    assert dirac_guarantees_perfect([1, 1])


def brute_force(line, cost):
    """Cheapest perfect pairing of ``line`` by trying them all."""
    if not line:
        return 0
    first, rest = line[0], line[1:]
    best = None
    for k, other in enumerate(rest):
        c = cost(first, other)
        if c is None:
            continue
        sub = brute_force(rest[:k] + rest[k + 1 :], cost)
        if sub is not None and (best is None or c + sub < best):
            best = c + sub
    return best


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(1, 5), st.data())
def test_band_is_exact_when_the_band_covers_everything(half, data):
    n = 2 * half
    table = {
        pair: data.draw(st.one_of(st.none(), st.integers(0, 30)))
        for pair in itertools.combinations(range(n), 2)
    }

    def cost(a, b):
        return table[min(a, b), max(a, b)]

    pairs = band_matching(list(range(n)), cost, width=n, depth=n)
    best = brute_force(list(range(n)), cost)
    if best is None:
        assert pairs is None
    else:
        assert pairs is not None and sum(cost(a, b) for a, b in pairs) == best
        assert sorted(x for p in pairs for x in p) == list(range(n))


def test_band_respects_its_width():
    # 0 may only meet 3, which is 3 places away: a band of width 2 cannot see it.
    def cost(a, b):
        return 0 if {a, b} in ({0, 3}, {1, 2}) else None

    assert band_matching([0, 1, 2, 3], cost, width=2, depth=2) is None
    assert band_matching([0, 1, 2, 3], cost, width=3, depth=2) == [(1, 2), (0, 3)]
