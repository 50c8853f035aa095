"""The proof behind the Swiss pairing of 65–400 pairs (pairing.certificate).

The property: whenever a perfect matching costs less than ``found``, ``reach(found)`` is not
``None`` and holds every table and bye edge of it. It is checked against the minimum of
the whole graph (every allowed table, matched by rustworkx), on simulated rounds with
byes, units, withdrawals, seat weights and "seats first", for ``found`` just above the
minimum (the hardest case: the bound must not prove too much) and further above it.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.certificate import primary, reach
from pairing.costs import CostModel, Field
from pairing.simulate import SimEvent
from pairing.solver import WHOLE_GRAPH_UP_TO, build_line, bye_candidates, solve_exact
from tests.budget import examples

from .whole_graph import minimum, whole_graph


@st.composite
def rounds(draw):
    event = SimEvent(
        draw(st.sampled_from(range(20, 131))),
        draw(st.integers(0, 10**6)),
        scoring=draw(st.sampled_from(["match_points", "points26"])),
        units=draw(st.sampled_from([0, 3, 8])),
        withdraw_rate=draw(st.sampled_from([0.0, 0.1])),
    )
    for _ in range(draw(st.sampled_from(range(1, 10)))):
        event.play(event.pair_next())
    mode = draw(st.sampled_from(["off", "soft", "hard"]))
    seat = draw(st.sampled_from([(0, 1), (1, 1), (40000, 1), (1, 3)]))
    model = CostModel(
        Field(event.entrants()),
        mode,
        seed=draw(st.integers(0, 99)),
        seat_num=seat[0],
        seat_den=seat[1],
        seats_first=draw(st.sampled_from([False, False, True])),
    )
    return model, draw(st.sampled_from([1, 2, 17, 10**4, 10**6]))


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds())
def test_every_edge_of_a_cheaper_matching_is_in_the_reach(case):
    model, above = case
    best = minimum(model)
    if best is None:
        return  # violations cannot be avoided: the solver does not ask for a proof then
    cost, edges = best
    wider = reach(model.coarse_twin(), whole_graph(model)[1], cost + above)
    assert wider is not None, "the bound proved a minimum that a cheaper matching beats"
    assert edges <= {(i, j) for i, j, _cost in wider}


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds())
def test_the_solver_reaches_the_minimum_of_the_whole_graph_above_64_pairs(case):
    model, _above = case
    field = model.field
    if field.n <= WHOLE_GRAPH_UP_TO:
        return
    best = minimum(model)
    if best is None:
        return
    coarse = model.coarse_twin()
    solution = solve_exact(field, model, build_line(field, model))
    ours = sum(primary(coarse.cost(i, j), coarse) for i, j in solution.tables)
    if solution.bye is not None:
        order = bye_candidates(field).index(solution.bye)
        ours += primary(coarse.bye_cost(solution.bye, order), coarse)
    assert ours == best[0]
