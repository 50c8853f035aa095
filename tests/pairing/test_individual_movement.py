"""Fixed movements of individual events (docs/rules.md §17.3): for 8, 12 and 16 players and
every number of rounds they accept, no two players are partners twice, every player plays
every round, and no two players sit together more often than the figure docs/rules.md
§17.3 states (checked against the simple bound ⌈3R / (n − 1)⌉ too); more rounds than
n − 1 are refused."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pairing import PairingError, individual_movement, movement_rounds
from pairing import errors as codes
from pairing.individual_movement import MOVEMENT_SIZES, cyclic_rounds, meetings

MOST_MEETINGS = {
    8: (1, 2, 2, 2, 3, 3, 3),
    12: (1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3),
    16: (1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3),
}
"""The largest number of rounds two players sit at one table, by size and rounds (1 …
n − 1): the table of docs/rules.md §17.3."""

CASES = [(n, r) for n in MOVEMENT_SIZES for r in range(1, n)]
SLOW = {(16, r) for r in range(6, 15)}


def check(size: int, rounds: int) -> None:
    schedule = individual_movement(size, rounds)
    assert len(schedule) == rounds
    partners: Counter = Counter()
    for tables in schedule:
        assert [t.number for t in tables] == list(range(1, size // 4 + 1))
        assert sorted(p for t in tables for p in t.players) == list(range(1, size + 1))
        partners.update(frozenset(pair) for t in tables for pair in (t.ew, t.ns))
    assert max(partners.values()) == 1  # no two players partners twice
    met = meetings(schedule)
    most = max(met.values())
    assert most == MOST_MEETINGS[size][rounds - 1]
    assert most >= -(-3 * rounds // (size - 1))  # nobody beats the counting bound


@pytest.mark.parametrize(
    ("size", "rounds"),
    [pytest.param(n, r, marks=pytest.mark.slow) if (n, r) in SLOW else (n, r) for n, r in CASES],
)
def test_every_size_and_round_count(size, rounds):
    check(size, rounds)


@pytest.mark.parametrize("size", MOVEMENT_SIZES)
def test_a_complete_movement_seats_every_two_players_together_three_times(size):
    # n − 1 rounds: partners once and opponents twice, for every two players.
    schedule = individual_movement(size, size - 1)
    met = meetings(schedule)
    assert len(met) == size * (size - 1) // 2 and set(met.values()) == {3}
    assert len(cyclic_rounds(size)) == size - 1 == movement_rounds(size)


def test_sixteen_players_meet_nobody_twice_in_five_rounds():
    met = meetings(individual_movement(16, 5))
    assert set(met.values()) == {1} and len(met) == 16 * 15 // 2  # everyone met once


def test_the_same_call_gives_the_same_movement():
    assert individual_movement(12, 4) == individual_movement(12, 4)
    first = individual_movement(8, 1)[0]
    assert [(t.ew, t.ns) for t in first] == [((8, 1), (2, 4)), ((3, 7), (5, 6))]
    pairs = {frozenset(p) for t in first for p in combinations(t.players, 2)}
    assert len(pairs) == 12


@pytest.mark.parametrize(
    ("size", "rounds", "code"),
    [
        (10, 3, codes.MOVEMENT_SIZE),
        ("8", 3, codes.MOVEMENT_SIZE),
        (8, 8, codes.MOVEMENT_ROUNDS),
        (12, 0, codes.MOVEMENT_ROUNDS),
        (16, 16, codes.MOVEMENT_ROUNDS),
        (8, True, codes.MOVEMENT_ROUNDS),
    ],
)
def test_refusals(size, rounds, code):
    with pytest.raises(PairingError) as caught:
        individual_movement(size, rounds)
    assert caught.value.code == code
    if code == codes.MOVEMENT_ROUNDS:
        assert caught.value.params["maximum"] == size - 1
