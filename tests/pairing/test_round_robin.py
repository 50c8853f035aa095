"""Round robin (单循环) by Berger tables: everyone meets everyone once, byes, seats."""

from __future__ import annotations

import itertools

import pytest

from pairing import PairingError, errors
from pairing.roundrobin import (
    pair_round_robin_round,
    round_robin_movement,
    round_robin_rounds,
    round_robin_schedule,
)


@pytest.mark.parametrize("n", range(3, 17))
@pytest.mark.parametrize("seating", ["first_ew", "first_ns"])
def test_every_pair_meets_every_other_once_with_seats_within_one(n, seating):
    ids = [f"p{k}" for k in range(1, n + 1)]
    schedule = round_robin_schedule(ids, seating)
    assert len(schedule) == round_robin_rounds(n) == (n - 1 if n % 2 == 0 else n)
    met = []
    balance = dict.fromkeys(ids, 0)
    byes = dict.fromkeys(ids, 0)
    for pairing in schedule:
        placed = [x for t in pairing.tables for x in t.pairs] + [b.entrant for b in pairing.byes]
        assert sorted(placed) == sorted(ids)  # everyone once a round
        assert [t.number for t in pairing.tables] == list(range(1, n // 2 + 1))
        assert len(pairing.byes) == n % 2
        for t in pairing.tables:
            met.append(frozenset(t.pairs))
            balance[t.ew] += 1
            balance[t.ns] -= 1
        for b in pairing.byes:
            byes[b.entrant] += 1
        assert all(abs(v) <= 2 for v in balance.values())  # never far from even on the way
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in itertools.combinations(ids, 2)), key=sorted
    )
    assert all(abs(v) <= 1 for v in balance.values())  # seats within ±1 at the end
    assert set(byes.values()) == ({1} if n % 2 else {0})


def test_round_one_is_the_berger_table():
    """Berger: round 1 is 1–n, 2–(n−1), …; round 2 starts n–(n/2+1)."""
    schedule = round_robin_schedule(list(range(1, 9)))
    assert [t.pairs for t in schedule[0].tables] == [(1, 8), (2, 7), (3, 6), (4, 5)]
    assert schedule[1].tables[0].pairs == (8, 5)


def test_the_seating_option_decides_who_sits_east_west():
    ew = round_robin_schedule([1, 2, 3, 4], "first_ew")
    ns = round_robin_schedule([1, 2, 3, 4], "first_ns")
    for a, b in zip(ew, ns, strict=True):
        assert [(t.ns, t.ew) for t in a.tables] == [(t.ew, t.ns) for t in b.tables]


def test_the_movement_table_lists_each_round_s_tables_and_the_bye():
    movement = round_robin_movement(["a", "b", "c"])
    assert list(movement) == [1, 2, 3]
    assert movement[1] == [(1, "b", "c"), (None, "a", None)]
    assert movement == {
        r: [(t.number, t.ew, t.ns) for t in p.tables] + [(None, b.entrant, None) for b in p.byes]
        for r, p in enumerate(round_robin_schedule(["a", "b", "c"]), start=1)
    }
    assert pair_round_robin_round(["a", "b", "c"], 2) == round_robin_schedule(["a", "b", "c"])[1]


@pytest.mark.parametrize(
    ("ids", "round_index", "code"),
    [
        ([1], 1, errors.TOO_FEW),
        ([1, 1, 2], 1, errors.DUPLICATE),
        ([1, 2, 3], 0, errors.ROUND_ROBIN_ROUND),
        ([1, 2, 3], 4, errors.ROUND_ROBIN_ROUND),
    ],
)
def test_bad_requests_are_user_errors_with_a_code(ids, round_index, code):
    with pytest.raises(PairingError) as error:
        pair_round_robin_round(ids, round_index)
    assert error.value.code == code
