"""Fields above ``solver.EXACT_LIMIT`` pairs (the band search, then a proof or the exact
matching) are paired at the exact minimum too.

Found by comparison with the FIDE Dutch engine: at 2,000 pairs the band search
alone floated pairs where a pairing with fewer floats existed (the band lets a floater
come only from near the foot of its score group in the ranked line)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing import pair_swiss, solver
from pairing.simulate import simulate_event
from tests.budget import examples

from .checks import check_round, exact_minimum
from .test_swiss_properties import EXACT, events, play_event


def score_cut_bound(entrants) -> float:
    """A lower bound on the closeness of any pairing without a bye: below every score
    with an odd number of pairs on at least that many points, some table crosses, and it
    costs at least the squared step down to the next score (a table across several such
    steps costs at least the sum of their squares)."""
    values = sorted({e.points for e in entrants}, reverse=True)
    bound = 0.0
    above = 0
    for high, low in zip(values, values[1:], strict=False):
        above += sum(e.points == high for e in entrants)
        if above % 2:
            bound += (high - low) ** 2
    return bound


def test_a_2000_pair_round_the_band_got_wrong_is_paired_at_the_minimum():
    """Round 9 of simulate_event(2000, 8, seed=1): the band alone paired it at closeness
    10, two pairs of one score group floating down; the minimum is 8, the score cuts'
    bound, so it is proved without a reference."""
    entrants = simulate_event(2000, 8, seed=1).entrants()
    pairing = pair_swiss(entrants, seed=1)
    check_round(entrants, pairing)
    points = {e.id: e.points for e in entrants}
    closeness = sum((points[t.ew] - points[t.ns]) ** 2 for t in pairing.tables)
    assert pairing.seat_weight == 0
    assert closeness == score_cut_bound(entrants) == 8


@pytest.mark.slow
@pytest.mark.parametrize(("n", "seed"), [(1000, 3), (2000, 1), (2000, 4)])
def test_large_rounds_equal_the_exact_reference(n, seed):
    entrants = simulate_event(n, 8, seed=seed).entrants()
    pairing = pair_swiss(entrants, seed=seed)
    ours, best = exact_minimum(entrants, pairing, "off")
    assert abs(ours - best) <= EXACT, (ours, best)


@pytest.mark.slow  # about 1 s an example
@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(st.sampled_from(range(25, 81))))
def test_the_large_field_path_reaches_the_exact_minimum_on_small_events(params):
    """The path of large fields, taken from 25 pairs on: never worse than the reference."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "EXACT_LIMIT", solver.SMALL_FIELD)
        play_event(params, closeness_up_to=80)


HARD_UNITS = {
    "scoring": "match_points",
    "units": 2,
    "mode": "hard",
    "seating": "first_ew",
    "withdraw_rate": 0.0,
    "late_entries": 0,
}


@pytest.mark.parametrize(
    ("n", "rounds", "seed"),
    [
        # Round 2: one unit has 14 of 26 pairs, so one same-unit table is unavoidable; the
        # band along the line, which minimised them, made three.
        (26, 2, 5075),
        # Round 6: none of the first MAX_BYE_TRIES bye candidates can be paired without a
        # violation, a later one can; the band's loop stopped at the sixth and made three.
        (25, 6, 1),
    ],
)
def test_the_large_field_path_leaves_no_avoidable_violation(n, rounds, seed):
    """Found by hypothesis (test above) with the large path taken from 25 pairs on."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "EXACT_LIMIT", solver.SMALL_FIELD)
        play_event({"n": n, "rounds": rounds, "seed": seed} | HARD_UNITS, closeness_up_to=80)


def test_above_the_fallback_limit_an_unproved_band_pairing_stands(monkeypatch):
    """Above ``EXACT_FALLBACK_LIMIT`` pairs a band pairing the certificate cannot prove is
    kept, marked not proved, instead of the exact path (whose own reach is too wide there:
    20,000 pairs of 26-point scoring took six times as long for the same pairing)."""
    calls = []
    monkeypatch.setattr(solver, "tail_minimum", lambda *args: None)
    monkeypatch.setattr(solver, "proved_minimum", lambda *args: None)
    monkeypatch.setattr(solver, "solve_exact", lambda *args: calls.append(args))
    entrants = simulate_event(solver.EXACT_FALLBACK_LIMIT + 2, 1, seed=5).entrants()
    pairing = pair_swiss(entrants, seed=5)
    assert calls == [] and len(pairing.tables) == (solver.EXACT_FALLBACK_LIMIT + 2) // 2
