"""Keeping pairs apart: hard same-unit avoidance in the draw (round 1) and forbidden
pairings (回避) in round 1 and in Swiss rounds, flagged when they cannot be avoided."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing import (
    FLAG_FORBIDDEN,
    FLAG_SAME_UNIT,
    Entrant,
    PairingError,
    errors,
    pair_round_one,
    pair_swiss,
)
from pairing.simulate import SimEvent
from rules.messages import Message
from tests.budget import examples

from .checks import check_round, exact_minimum


def drawn(*units):
    """Entrants with draw numbers 1..n in order and the given units."""
    return [Entrant(id=k, rank=k, unit=u, draw_number=k) for k, u in enumerate(units, start=1)]


def tables_of(pairing):
    return [frozenset((t.ew, t.ns)) for t in pairing.tables]


def same_unit_tables(event, pairing):
    units = {pid: p.unit for pid, p in event.pairs.items()}
    return [t for t in pairing.tables if units[t.ew] is not None and units[t.ew] == units[t.ns]]


def test_201_pairs_of_20_units_never_meet_a_same_unit_pair_round_1_included():
    event = SimEvent(201, seed=3, units=20)
    # Without avoidance the plain draw seats two pairs of one unit together: the case is real.
    assert same_unit_tables(event, event.pair_next(avoid_same_unit="off"))
    for _ in range(9):
        pairing = event.pair_next(avoid_same_unit="hard")
        assert not same_unit_tables(event, pairing), event.rounds_played + 1
        assert not any(FLAG_SAME_UNIT in t.flags for t in pairing.tables)
        event.play(pairing)


def test_the_draw_moves_only_the_tables_where_a_unit_would_meet_itself():
    field = drawn("A", "A", "B", "C", "D", "E", "F", "G")
    assert FLAG_SAME_UNIT not in pair_round_one(field).tables[0].flags  # avoidance off
    for mode in ("soft", "hard"):  # 同单位尽量回避 avoids as the hard rule does
        apart = pair_round_one(field, avoid_same_unit=mode)
        assert {1, 2} not in tables_of(apart)
        # Tables 3 and 4 (5–6, 7–8) are untouched; 1 and 2 swap partners with 3–4.
        assert tables_of(apart)[2:] == [{5, 6}, {7, 8}]
        assert apart.seed is None and not any(t.flags for t in apart.tables)


def test_the_draw_is_unchanged_when_nobody_would_meet_their_own_unit():
    field = drawn("A", "B", "A", "B", "A", "B", None)
    assert pair_round_one(field, avoid_same_unit="hard") == pair_round_one(field)
    assert pair_round_one(field).byes[0].entrant == 7


def test_the_draw_flags_the_same_unit_tables_it_cannot_avoid():
    field = drawn("A", "A", "A", "A", "A", "B")
    pairing = pair_round_one(field, avoid_same_unit="hard")
    flagged = [t for t in pairing.tables if FLAG_SAME_UNIT in t.flags]
    assert len(flagged) == 2  # five of unit A: B takes one, the other four meet in twos
    assert all(FLAG_SAME_UNIT not in t.flags for t in pairing.tables if 6 in t.pairs)


def test_forbidden_pairs_are_kept_apart_in_the_draw_and_flagged_when_they_cannot_be():
    field = drawn(None, None, None, None)
    pairing = pair_round_one(field, forbidden=[(1, 2)])
    assert {1, 2} not in tables_of(pairing)
    forced = pair_round_one(drawn(None, None), forbidden=[(1, 2)])
    assert FLAG_FORBIDDEN in forced.tables[0].flags


def test_forbidden_pairs_are_kept_apart_in_a_swiss_round():
    field = [Entrant(id=k, rank=k, points=10 - k) for k in range(1, 7)]
    assert {1, 2} in tables_of(pair_swiss(field))
    pairing = pair_swiss(field, forbidden=[(1, 2), (3, 99)])  # 99 withdrew: ignored
    assert {1, 2} not in tables_of(pairing)
    check_round(field, pairing, forbidden={frozenset((1, 2))})


@pytest.mark.parametrize("bad", [[(1, 1)], [(1, 2, 3)], [(1,)]])
def test_a_forbidden_pairing_names_two_different_pairs(bad):
    with pytest.raises(PairingError) as error:
        pair_swiss([Entrant(1, 1), Entrant(2, 2)], forbidden=bad)
    assert error.value.msg == Message(errors.BAD_FORBIDDEN, {"item": repr(bad[0])})


@st.composite
def events_with_forbidden_pairs(draw):
    n = draw(st.integers(3, 30))
    pairs = list(itertools.combinations(range(1, n + 1), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=n, unique=True))
    return {
        "n": n,
        "seed": draw(st.integers(0, 10**6)),
        "rounds": draw(st.integers(1, 7)),
        "units": draw(st.sampled_from([0, 3])),
        "forbidden": {frozenset(p) for p in chosen},
    }


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events_with_forbidden_pairs())
def test_forbidden_pairs_never_meet_when_avoidable(params):
    """Every round, round 1 included, has as few forbidden tables (and other violations) as
    any pairing could, so none when avoidable; the objective stays the exact minimum."""
    event = SimEvent(params["n"], params["seed"], units=params["units"])
    forbidden = params["forbidden"]
    mode = "hard" if params["units"] else "off"
    for _ in range(params["rounds"]):
        entrants = event.entrants()
        pairing = (
            event.pair_next(seed=params["seed"], avoid_same_unit=mode, forbidden=forbidden)
            if event.rounds_played
            else event.pair_next(avoid_same_unit=mode, forbidden=forbidden)
        )
        check_round(entrants, pairing, mode, forbidden=forbidden)
        if event.rounds_played:
            result = exact_minimum(entrants, pairing, mode, forbidden=forbidden)
            if result is not None:
                assert abs(result[0] - result[1]) <= 1e-9
        event.play(pairing)
