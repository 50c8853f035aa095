"""Places by finishing time (docs/rules.md §5.5: "按時間決出冠、亞、季軍")."""

from __future__ import annotations

from datetime import time

from scoring.places import Finish, places_by_time


def test_passed_a_first_by_time_then_by_level_then_the_losers():
    finishes = [
        Finish("a", "b", None, 11),  # at time, winner at K
        Finish("c", "d", time(15, 5), 13),
        Finish("e", "f", time(14, 50), 13),
        Finish("g", "h", None, 12),  # at time, winner at A
    ]
    assert places_by_time(finishes) == [
        (1, "e"),
        (2, "c"),
        (3, "g"),
        (4, "a"),
        (5, "f"),
        (6, "d"),
        (7, "h"),
        (8, "b"),
    ]


def test_equal_times_share_a_place():
    finishes = [Finish("a", "b", time(15, 0), 13), Finish("c", "d", time(15, 0), 13)]
    assert places_by_time(finishes) == [(1, "a"), (1, "c"), (3, "b"), (3, "d")]
