"""The reference the solver's exact paths are held to: a minimum perfect matching over every
possible table of a round (rustworkx on the whole graph, no sparse step, no proof needed)."""

from __future__ import annotations

from pairing.certificate import primary
from pairing.costs import CostModel
from pairing.matching import min_cost_perfect_matching
from pairing.solver import bye_candidates

Edge = tuple[int, int, int]


def whole_graph(model: CostModel, every_pair: bool = False) -> tuple[list[Edge], list[Edge]]:
    """(tables, bye edges) under ``model``'s coarse costs: every allowed table, or with
    ``every_pair`` every pair at its full cost (violations included)."""
    coarse, n = model.coarse_twin(), model.field.n
    pairs = ((i, j) for i in range(n) for j in range(i + 1, n))
    if every_pair:
        tables = [(i, j, coarse.full_cost(i, j)) for i, j in pairs]
    else:
        tables = [(i, j, coarse.cost(i, j)) for i, j in pairs if not coarse.forbidden(i, j)]
    candidates = bye_candidates(model.field, model)
    byes = [(c, n, coarse.bye_cost(c, order)) for order, c in enumerate(candidates)]
    return tables, byes


def minimum(model: CostModel, every_pair: bool = False) -> tuple[int, set[tuple[int, int]]] | None:
    """(primary cost, tables and bye edge) of a minimum perfect matching of the whole graph,
    or None when it has none."""
    tables, byes = whole_graph(model, every_pair)
    edges = tables + byes
    mate = min_cost_perfect_matching(model.field.n + (1 if byes else 0), edges)
    if any(v == -1 for v in mate):
        return None
    chosen = [(i, j, cost) for i, j, cost in edges if mate[i] == j]
    coarse = model.coarse_twin()
    return sum(primary(cost, coarse) for *_ends, cost in chosen), {(i, j) for i, j, _ in chosen}
