"""Rounds where no pairing avoids every violation: the fewest violations, then the best
objective, over every possible table (pairing.solver._with_violations).

Up to 400 pairs this path matches on the whole graph. It used to match on the pairs at most
48 places apart above 160 pairs, which a stress run caught costing 2 squared points more
than the minimum on the 369-pair field below (hard same-unit avoidance with one unit of
more than half the field, so same-unit tables cannot all be avoided).
"""

from __future__ import annotations

import json
from pathlib import Path

from pairing import Entrant
from pairing.certificate import primary
from pairing.costs import CostModel, Field
from pairing.matching import min_cost_perfect_matching
from pairing.solver import build_line, bye_candidates, feasible, solve

FIELD = Path(__file__).resolve().parents[2] / "fixtures" / "swiss_unavoidable_369.json"


def whole_graph_minimum(model: CostModel) -> int:
    """Primary cost of the minimum over every pair of the field, violations included."""
    coarse, n = model.coarse_twin(), model.field.n
    edges = [(i, j, coarse.full_cost(i, j)) for i in range(n) for j in range(i + 1, n)]
    byes = bye_candidates(model.field, model)
    edges += [(c, n, coarse.bye_cost(c, order)) for order, c in enumerate(byes)]
    mate = min_cost_perfect_matching(n + (1 if byes else 0), edges)
    return sum(primary(cost, coarse) for i, j, cost in edges if mate[i] == j)


def test_a_369_pair_field_with_unavoidable_same_unit_tables_is_paired_at_the_minimum():
    data = json.loads(FIELD.read_text(encoding="utf-8"))
    entrants = [Entrant(**e | {"opponents": frozenset(e["opponents"])}) for e in data["entrants"]]
    model = CostModel(Field(entrants), "hard", data["seed"], seat_num=data["seat_num"])
    field, coarse = model.field, model.coarse_twin()
    assert not feasible(field, model, None), "the case needs unavoidable violations"
    solution = solve(field, model, build_line(field, model))
    ours = sum(primary(coarse.full_cost(i, j), coarse) for i, j in solution.tables)
    assert ours == whole_graph_minimum(model)
