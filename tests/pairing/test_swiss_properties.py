"""Property tests: random events (2–300 pairs, 1–12 rounds, units, withdrawals, late
entries); every hard rule holds in every round, and the objective equals the exact
minimum under the same constraints (checks.exact_minimum: linear programming with odd-set
cuts, tests/pairing/exact.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing import pair_swiss
from pairing.simulate import SimEvent
from tests.budget import examples

from .checks import check_round, exact_minimum

EXACT = 1e-9
"""Float rounding only: two pairings' objectives differ by far more (points are in 0.01s)."""


@st.composite
def events(draw, sizes):
    units = draw(st.sampled_from([0, 0, 2, 3, 8]))
    return {
        "n": draw(sizes),
        "rounds": draw(st.sampled_from(range(1, 13))),
        "seed": draw(st.integers(0, 10**6)),
        "scoring": draw(st.sampled_from(["match_points", "points26"])),
        "units": units,
        "mode": draw(st.sampled_from(["off", "soft", "hard"])) if units else "off",
        "seating": draw(st.sampled_from(["first_ew", "first_ns"])),
        "withdraw_rate": draw(st.sampled_from([0.0, 0.0, 0.05, 0.15])),
        "late_entries": draw(st.sampled_from([0, 0, 1, 3])),
    }


def play_event(params, closeness_up_to, closeness_rounds=None):
    event = SimEvent(
        params["n"],
        params["seed"],
        scoring=params["scoring"],
        units=params["units"],
        withdraw_rate=params["withdraw_rate"],
        late_entries=params["late_entries"],
    )
    for round_number in range(1, params["rounds"] + 1):
        entrants = event.entrants()
        if len(entrants) < 2:
            break
        if round_number == 1:
            pairing = event.pair_next(seating=params["seating"])
        else:
            pairing = pair_swiss(
                entrants,
                seed=params["seed"],
                avoid_same_unit=params["mode"],
                seating=params["seating"],
            )
            check_round(entrants, pairing, params["mode"], params["seating"])
            wanted = closeness_rounds is None or round_number in closeness_rounds
            if wanted and len(entrants) <= closeness_up_to:
                result = exact_minimum(entrants, pairing, params["mode"])
                if result is not None:
                    ours, best = result
                    assert abs(ours - best) <= EXACT, (round_number, ours, best)
        event.play(pairing)


# sampled_from draws sizes and round counts evenly; integers() would favour the bounds.
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(st.sampled_from(range(2, 41))))
def test_small_events_keep_every_rule_and_closeness(params):
    play_event(params, closeness_up_to=40)


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(st.sampled_from(range(41, 301))))
def test_larger_events_keep_every_rule(params):
    play_event(params, closeness_up_to=80)


@pytest.mark.slow
def test_a_large_field_with_units_and_withdrawals():
    params = {
        "n": 300,
        "rounds": 12,
        "seed": 5,
        "scoring": "match_points",
        "units": 8,
        "mode": "hard",
        "seating": "first_ns",
        "withdraw_rate": 0.05,
        "late_entries": 3,
    }
    play_event(params, closeness_up_to=0)


def test_the_lowest_bye_that_meets_the_seat_rule_is_kept():
    """Found by hypothesis: the first candidate could not meet the 90 % rule, and the bye
    moved to the pair with the fewest pairs outside ±1 rather than to the first later
    candidate that meets the rule."""
    params = {
        "n": 31,
        "rounds": 8,
        "seed": 8470,
        "scoring": "match_points",
        "units": 8,
        "mode": "hard",
        "seating": "first_ns",
        "withdraw_rate": 0.15,
        "late_entries": 0,
    }
    play_event(params, closeness_up_to=40)


def test_a_67_pair_field_found_by_hypothesis_is_paired_at_the_exact_minimum():
    """Found by hypothesis in CI (2026-11-30): round 10 cost 5725 against a minimum of 5721
    when the sparse graph of more than 64 pairs was trusted without a proof
    (pairing.certificate now proves or corrects it)."""
    params = {
        "n": 67,
        "rounds": 10,
        "seed": 43,
        "scoring": "points26",
        "units": 2,
        "mode": "hard",
        "seating": "first_ew",
        "withdraw_rate": 0.0,
        "late_entries": 0,
    }
    play_event(params, closeness_up_to=80, closeness_rounds={10})
