"""Above ``EXACT_LIMIT`` pairs, a certificate's reach wider than ``REACH_MAX_EDGES`` tables is
not matched whole: 5,000 pairs whose last round was seated at random gave a reach of 1.5
million tables and four minutes of matching (the web server stops a request at three). The
search stops at that bound and the sparse matching stands: a pairing as valid, close to the
minimum, not proved. Shown here on a small field with both limits lowered, and without the
windows of pairing.tails (they prove this field before the reach is searched)."""

from __future__ import annotations

import pytest

from pairing import segments, solver
from pairing.certificate import primary
from pairing.costs import CostModel, Field
from pairing.simulate import SimEvent

from .whole_graph import minimum


@pytest.fixture
def model() -> CostModel:
    """120 pairs after 4 rounds whose sparse matching a cheaper pairing beats (found by a
    search): the certificate's reach has 2,143 tables, the sparse graph 923."""
    event = SimEvent(120, 2, units=8)
    for _ in range(4):
        event.play(event.pair_next())
    return CostModel(Field(event.entrants()), "off", seed=1)


def solved(model: CostModel) -> tuple[solver.Solution, int]:
    field = model.field
    solution = solver.solve_exact(field, model, solver.build_line(field, model))
    coarse = model.coarse_twin()
    cost = sum(primary(coarse.cost(i, j), coarse) for i, j in solution.tables)
    if solution.bye is not None:
        order = solver.bye_candidates(field).index(solution.bye)
        cost += primary(coarse.bye_cost(solution.bye, order), coarse)
    seated = [x for table in solution.tables for x in table] + [solution.bye] * (field.n % 2)
    assert sorted(seated) == list(range(field.n))  # everybody once
    assert not any(model.forbidden(i, j) for i, j in solution.tables)  # no rematch, seats legal
    return solution, cost


def test_a_reach_within_the_bound_is_matched_whole(model, monkeypatch):
    monkeypatch.setattr(solver, "EXACT_LIMIT", 64)
    monkeypatch.setattr(solver, "tail_minimum", lambda *args: None)
    solution, cost = solved(model)
    assert solution.proved and cost == minimum(model)[0]


def test_a_wider_reach_leaves_the_sparse_matching_standing(model, monkeypatch):
    monkeypatch.setattr(solver, "EXACT_LIMIT", 64)
    monkeypatch.setattr(solver, "REACH_MAX_EDGES", 2000)
    monkeypatch.setattr(solver, "tail_minimum", lambda *args: None)
    widths = []
    matching = solver.min_cost_perfect_matching

    def spy(size: int, edges: list) -> list[int]:
        widths.append(len(edges))
        return matching(size, edges)

    monkeypatch.setattr(solver, "min_cost_perfect_matching", spy)
    monkeypatch.setattr(segments, "min_cost_perfect_matching", spy)
    solution, cost = solved(model)
    assert solution.exact and not solution.proved  # an exact matching, on a narrower graph
    # The segments' matching (here one segment: 120 pairs) on the 8 nearest neighbours;
    # the reach's search stops past 2,000 tables, and no matching of the whole reach runs.
    # Not proved, but here the sparse graph holds a minimum of the whole graph.
    assert len(widths) == 1 and widths[0] < 2000
    assert cost == minimum(model)[0]


def test_a_bounded_pairing_is_not_sought_again(model, monkeypatch):
    """The seat rule's search asks the exact path again when the band's pairing misses the
    90 % rule; a pairing the bound left unproved is the exact path's own answer already:
    asking again would repeat its seconds for the same tables."""
    from pairing import swiss

    monkeypatch.setattr(solver, "EXACT_LIMIT", 64)
    monkeypatch.setattr(solver, "REACH_MAX_EDGES", 2000)
    monkeypatch.setattr(solver, "tail_minimum", lambda *args: None)
    monkeypatch.setattr(solver, "_band", lambda rest, model: None)  # as at 5,000 pairs
    calls = []
    exact = solver.solve_exact

    def counted(*args):
        calls.append(args)
        return exact(*args)

    monkeypatch.setattr(solver, "solve_exact", counted)
    monkeypatch.setattr(swiss, "solve_exact", counted)
    field = model.field
    line = solver.build_line(field, model)
    solution, _model = swiss._seats_first(field, "off", 1, line, budget=-1)
    assert len(calls) == 1 and not solution.proved


def test_the_windows_prove_what_the_bounded_reach_leaves_unproved(model, monkeypatch):
    monkeypatch.setattr(solver, "EXACT_LIMIT", 64)
    monkeypatch.setattr(solver, "REACH_MAX_EDGES", 2000)
    solution, cost = solved(model)
    assert solution.proved and cost == minimum(model)[0]
