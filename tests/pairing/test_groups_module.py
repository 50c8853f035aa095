"""Rotation groups: sizes, serpentine seeding, round robins, seats, movement table."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import errors
from pairing.errors import PairingError
from pairing.groups import group_sizes, movement_table, pair_rotation_round, rotation_groups
from rules.messages import Message
from tests.budget import examples


@pytest.mark.parametrize(
    ("n", "sizes"),
    [(4, [4]), (6, [3, 3]), (7, [4, 3]), (9, [3, 3, 3]), (12, [4, 4, 4]), (13, [4, 3, 3, 3])],
)
def test_group_sizes_use_fours_then_threes(n, sizes):
    assert group_sizes(n) == sizes


@pytest.mark.parametrize("n", [2, 5])
def test_impossible_field_sizes_are_refused_with_the_count(n):
    with pytest.raises(PairingError) as exc:
        group_sizes(n)
    assert exc.value.msg == Message(errors.GROUP_SIZE, {"count": n})


def test_groups_by_draw_numbers_are_consecutive():
    assert rotation_groups(list(range(1, 12))) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]


def test_serpentine_deals_seeds_in_snake_order():
    # 12 seeds, 3 groups: A gets 1, 6, 7, 12; B 2, 5, 8, 11; C 3, 4, 9, 10.
    assert rotation_groups(list(range(1, 13)), method="serpentine") == [
        [1, 6, 7, 12],
        [2, 5, 8, 11],
        [3, 4, 9, 10],
    ]


def test_a_group_of_three_plays_a_round_robin_with_one_bye_a_round():
    group = ["a", "b", "c"]
    met, byes, seats = set(), [], {x: [] for x in group}
    for r in (1, 2, 3):
        p = pair_rotation_round([group], r)
        assert len(p.tables) == 1 and len(p.byes) == 1
        t = p.tables[0]
        met.add(frozenset((t.ew, t.ns)))
        byes.append(p.byes[0].entrant)
        seats[t.ew].append("EW")
        seats[t.ns].append("NS")
    assert met == {frozenset(x) for x in itertools.combinations(group, 2)}
    assert sorted(byes) == group  # each pair sits out once
    assert all(sorted(s) == ["EW", "NS"] for s in seats.values())  # seats alternate


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=3, max_value=60).filter(lambda n: n != 5),
    st.sampled_from(["draw", "serpentine"]),
)
def test_every_pair_meets_its_group_once_and_seats_stay_balanced(n, method):
    groups = rotation_groups(list(range(n)), method=method)
    assert sorted(x for g in groups for x in g) == list(range(n))
    met = set()
    balance = dict.fromkeys(range(n), 0)
    for r in (1, 2, 3):
        p = pair_rotation_round(groups, r)
        placed = [x for t in p.tables for x in (t.ew, t.ns)] + [b.entrant for b in p.byes]
        assert sorted(placed) == list(range(n))
        assert [t.number for t in p.tables] == list(range(1, len(p.tables) + 1))
        for t in p.tables:
            pair = frozenset((t.ew, t.ns))
            assert pair not in met
            met.add(pair)
            balance[t.ew] += 1
            balance[t.ns] -= 1
    expected = {frozenset(pair) for g in groups for pair in itertools.combinations(g, 2)}
    assert met == expected
    assert all(abs(b) <= 1 for b in balance.values())


def test_movement_table_says_where_each_pair_sits():
    seats = movement_table([[1, 2, 3, 4], [5, 6, 7]])
    assert [(s.round, s.table, s.side) for s in seats[1]] == [
        (1, 1, "EW"),
        (2, 1, "NS"),
        (3, 1, "NS"),
    ]
    assert [s.table for s in seats[5]] == [3, 3, None]  # group 2 keeps table 3; a bye in round 3


@pytest.mark.parametrize(("seating", "first_side"), [("first_ew", "EW"), ("first_ns", "NS")])
def test_the_pair_listed_first_sits_as_the_seating_option_says(seating, first_side):
    """docs/rules.md §11.5: "按移位表顺序，排前坐南北，排后坐东西" (first_ns); 竞赛细则 the other way."""
    groups = [[1, 2, 3, 4], [5, 6, 7]]
    first = pair_rotation_round(groups, 1, seating=seating)
    # Round 1 lists 1 before 2 at table 1 and 5 before 6 at table 3.
    assert {t.number: (t.ew, t.ns) for t in first.tables}[1] == (
        (1, 2) if first_side == "EW" else (2, 1)
    )
    default = movement_table(groups)
    seats = movement_table(groups, seating=seating)
    flip = {"EW": "NS", "NS": "EW", None: None}
    for pair, rounds in seats.items():
        expected = [
            s if seating == "first_ew" else flip[s] for s in (x.side for x in default[pair])
        ]
        assert [s.side for s in rounds] == expected
        assert [s.table for s in rounds] == [s.table for s in default[pair]]
    assert seats[1][0].side == first_side and seats[5][0].side == first_side


def test_an_unknown_seating_is_refused():
    with pytest.raises(PairingError):
        pair_rotation_round([[1, 2, 3]], 1, seating="first_south")
