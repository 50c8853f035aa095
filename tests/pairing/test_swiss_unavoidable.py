"""Rounds where no pairing avoids every violation: the fewest violations, then the best
objective, over every possible table (pairing.solver._with_violations).

Up to 400 pairs this path matches on the whole graph. It used to match on the pairs at most
48 places apart above 160 pairs, which a stress run caught costing 2 squared points more
than the minimum on the 369-pair field below (hard same-unit avoidance with one unit of
more than half the field, so same-unit tables cannot all be avoided).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from pairing import Entrant, pair_swiss
from pairing.certificate import primary
from pairing.costs import CostModel, Field
from pairing.flags import FLAG_SAME_UNIT
from pairing.simulate import SimEvent
from pairing.solver import build_line, feasible, solve

from .whole_graph import minimum

FIELD = Path(__file__).resolve().parents[2] / "fixtures" / "swiss_unavoidable_369.json"


def test_a_369_pair_field_with_unavoidable_same_unit_tables_is_paired_at_the_minimum():
    data = json.loads(FIELD.read_text(encoding="utf-8"))
    entrants = [Entrant(**e | {"opponents": frozenset(e["opponents"])}) for e in data["entrants"]]
    model = CostModel(Field(entrants), "hard", data["seed"], seat_num=data["seat_num"])
    field, coarse = model.field, model.coarse_twin()
    assert not feasible(field, model, None), "the case needs unavoidable violations"
    solution = solve(field, model, build_line(field, model))
    ours = sum(primary(coarse.full_cost(i, j), coarse) for i, j in solution.tables)
    assert ours == minimum(model, every_pair=True)[0]


@pytest.mark.parametrize(
    "n", [pytest.param(601, marks=pytest.mark.slow), pytest.param(1501, marks=pytest.mark.slow)]
)
def test_a_large_field_with_one_unit_over_half_has_only_the_forced_same_unit_tables(n):
    """Above ``FULL_GRAPH_LIMIT`` pairs the band along the line minimised unavoidable
    same-unit tables and made far more than forced (601 pairs: 27 where 15 are forced;
    1,501: 60 for 52): its width and depth keep the unit's surplus local. Every pairing has
    at least (unit's pairs - the others) / 2 such tables, the bye going to one of the unit."""
    event = SimEvent(n, 4)
    event.play(event.pair_next())
    rng = random.Random(4)
    entrants = [replace(e, unit="U0" if rng.random() < 0.55 else None) for e in event.entrants()]
    pairing = pair_swiss(entrants, seed=4, avoid_same_unit="hard")
    units = {e.id: e.unit for e in entrants}
    assert [units[b.entrant] for b in pairing.byes] == ["U0"]
    members = sum(unit == "U0" for unit in units.values()) - 1
    others = len(entrants) - 1 - members
    assert members > others, "the case needs unavoidable violations"
    same = sum(FLAG_SAME_UNIT in t.flags for t in pairing.tables)
    assert (same, pairing.rematches) == ((members - others) // 2, 0)
