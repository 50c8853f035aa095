"""The draw (抽签) and round 1."""

from __future__ import annotations

import pytest

from pairing import Entrant, PairingError, draw_numbers, draw_sheet, errors, pair_round_one
from rules.messages import Message


def test_same_seed_same_draw_whatever_the_order_of_ids():
    ids = list(range(1, 21))
    first = draw_numbers(ids, seed=42)
    assert sorted(first.values()) == list(range(1, 21))
    assert draw_numbers(list(reversed(ids)), seed=42) == first
    assert draw_numbers(ids, seed=43) != first


def test_overrides_fix_numbers_and_the_rest_is_drawn():
    numbers = draw_numbers(["a", "b", "c", "d"], seed=1, overrides={"c": 1})
    assert numbers["c"] == 1
    assert sorted(numbers.values()) == [1, 2, 3, 4]
    assert draw_sheet(numbers)[0] == (1, "c")


@pytest.mark.parametrize(
    ("overrides", "msg"),
    [
        ({"z": 1}, Message(errors.UNKNOWN_OVERRIDE, {"unknown": "['z']"})),
        ({"a": 5}, Message(errors.BAD_OVERRIDE, {"n": 4})),
        ({"a": 1, "b": 1}, Message(errors.BAD_OVERRIDE, {"n": 4})),
        ({"a": 0}, Message(errors.BAD_OVERRIDE, {"n": 4})),
    ],
)
def test_bad_overrides_are_user_errors(overrides, msg):
    with pytest.raises(PairingError) as error:
        draw_numbers(["a", "b", "c", "d"], seed=1, overrides=overrides)
    assert error.value.msg == msg


def entrants_with_draw(n, balances=None):
    return [
        Entrant(id=f"p{k}", rank=1, draw_number=k, seat_balance=(balances or {}).get(k, 0))
        for k in range(n, 0, -1)
    ]


def test_round_one_pairs_adjacent_draw_numbers():
    pairing = pair_round_one(entrants_with_draw(6))
    assert [(t.number, t.ew, t.ns) for t in pairing.tables] == [
        (1, "p1", "p2"),
        (2, "p3", "p4"),
        (3, "p5", "p6"),
    ]
    assert pairing.byes == ()
    flipped = pair_round_one(entrants_with_draw(6), seating="first_ns")
    assert (flipped.tables[0].ew, flipped.tables[0].ns) == ("p2", "p1")


def test_round_one_odd_count_last_draw_number_has_the_bye():
    pairing = pair_round_one(entrants_with_draw(7))
    assert pairing.byes[0].entrant == "p7"


def test_round_one_respects_balances_carried_from_an_earlier_stage():
    pairing = pair_round_one(entrants_with_draw(2, balances={1: 1}))
    assert pairing.tables[0].ew == "p2"
    assert "seat_forced" in pairing.tables[0].flags


def test_round_one_needs_distinct_draw_numbers():
    with pytest.raises(PairingError):
        pair_round_one([Entrant("a", 1), Entrant("b", 2, draw_number=1)])
    with pytest.raises(PairingError):
        pair_round_one([Entrant("a", 1, draw_number=1), Entrant("b", 2, draw_number=1)])
