"""Three-round rotation groups (分组三轮移位)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pairing import (
    PairingError,
    movement_table,
    rotation_groups,
    rotation_pairings,
    rotation_schedule,
    rotation_totals,
)
from pairing.rotation import group_sizes


def test_groups_of_four_by_draw():
    groups = rotation_groups(list(range(1, 9)))
    assert [g.members for g in groups] == [(1, 2, 3, 4), (5, 6, 7, 8)]


def test_serpentine_seeding_spreads_the_strong_pairs():
    groups = rotation_groups(list(range(1, 13)), method="serpentine")
    assert [g.members for g in groups] == [(1, 6, 7, 12), (2, 5, 8, 11), (3, 4, 9, 10)]


@pytest.mark.parametrize("n", [3, 4, 6, 7, 8, 9, 10, 11, 13, 22, 101])
def test_counts_that_are_not_multiples_of_four_get_groups_of_three(n):
    sizes = group_sizes(n)
    assert sum(sizes) == n and set(sizes) <= {3, 4}
    for method in ("draw", "serpentine"):
        groups = rotation_groups(list(range(n)), method=method)
        assert sorted(m for g in groups for m in g.members) == list(range(n))


@pytest.mark.parametrize("n", [1, 2, 5])
def test_impossible_counts_are_user_errors(n):
    with pytest.raises(PairingError) as error:
        rotation_groups(list(range(n)))
    assert error.value.code == "group_size"


def test_a_group_of_four_meets_everyone_once_with_seats_alternated():
    rounds = rotation_schedule(["A", "B", "C", "D"])
    met = Counter(frozenset((t.ew, t.ns)) for r in rounds for t in r.tables)
    assert set(met) == {frozenset(p) for p in combinations("ABCD", 2)}
    assert set(met.values()) == {1}
    seats = {p: [] for p in "ABCD"}
    for r in rounds:
        for t in r.tables:
            seats[t.ew].append("EW")
            seats[t.ns].append("NS")
    for row in seats.values():
        assert row[0] != row[1]  # everybody changes seat after round 1
        assert abs(row.count("EW") - row.count("NS")) == 1
    assert seats["A"] == ["EW", "NS", "EW"] and seats["B"] == ["NS", "EW", "NS"]


def test_a_group_of_three_has_one_bye_a_round():
    rounds = rotation_schedule(["A", "B", "C"])
    assert [r.bye for r in rounds] == ["C", "B", "A"]
    met = [frozenset((t.ew, t.ns)) for r in rounds for t in r.tables]
    assert sorted(map(sorted, met)) == [["A", "B"], ["A", "C"], ["B", "C"]]
    balance = Counter()
    for r in rounds:
        for t in r.tables:
            balance[t.ew] += 1
            balance[t.ns] -= 1
    assert all(v == 0 for v in balance.values())


def test_movement_table_and_pairings_number_tables_across_groups():
    groups = rotation_groups(list(range(1, 8)))  # a group of four, then one of three
    pairings = rotation_pairings(groups)
    assert [[t.number for t in p.tables] for p in pairings] == [[1, 2, 3]] * 3
    assert [[b.entrant for b in p.byes] for p in pairings] == [[7], [6], [5]]
    moves = movement_table(groups)
    assert [(m.table, m.seat) for m in moves[1]] == [(1, "EW"), (1, "NS"), (1, "EW")]
    assert moves[7][0].table is None and moves[7][1].opponent == 5
    mirrored = movement_table(groups, seating="first_ns")
    assert mirrored[1][0].seat == "NS"


def test_group_and_overall_totals():
    groups = rotation_groups(list("ABCDEFG"))
    scores = {
        "A": [110, 5, 3],
        "B": [4, 106, 112],
        "C": 200,
        "D": [0, 0, 0],
        "E": [103, 100],
        "F": [7, 9],
        "G": [115, 3],
    }
    totals = rotation_totals(groups, scores)
    assert totals.groups[0][0] == ("B", 222.0)
    assert [row[0] for row in totals.groups[1]] == ["E", "G", "F"]
    assert totals.overall[0] == ("B", 222.0, 1)
    assert len(totals.overall) == 7
