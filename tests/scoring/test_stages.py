"""The final places of a multi-stage event (scoring.stages, docs/rules.md §11.8)."""

from __future__ import annotations

from scoring import KnockoutStage, final_places
from scoring.standings import StandingRow


def row(rank: int, pair: str, points: int, decided_by: str | None = "points") -> StandingRow:
    return StandingRow(rank, pair, points, 0, {}, decided_by, None, 0, 0, 0, 0, 0)


ROWS = [
    row(1, "a", 8, None),
    row(2, "b", 7),
    row(3, "c", 6),
    row(4, "d", 5),
    row(5, "e", 4),
    row(5, "f", 4, None),
    row(7, "g", 3),
]


def test_a_later_stage_ranks_above_an_earlier_one_and_the_rest_keep_their_ties():
    top4 = KnockoutStage(members={"a", "b", "c", "d"}, order=["d", "b", "a", "c"])
    final = KnockoutStage(members={"d", "b"}, order=["b", "d"])
    out = final_places(ROWS, [top4, final])
    assert [(r.rank, r.pair, r.points) for r in out] == [
        (1, "b", 7),
        (2, "d", 5),
        (3, "a", 8),
        (4, "c", 6),
        (5, "e", 4),
        (5, "f", 4),
        (7, "g", 3),
    ]
    assert [r.decided_by for r in out] == [
        None,
        "bracket",
        "bracket",
        "bracket",
        "stage",
        None,
        "points",
    ]


def test_an_undecided_bracket_keeps_its_pairs_on_top_in_the_standing_order():
    running = KnockoutStage(members={"c", "e", "f", "g"}, order=None)
    out = final_places(ROWS, [running])
    assert [(r.rank, r.pair) for r in out] == [
        (1, "c"),
        (2, "e"),
        (2, "f"),
        (4, "g"),
        (5, "a"),
        (6, "b"),
        (7, "d"),
    ]


def test_without_a_knockout_the_standing_is_the_final_order():
    assert final_places(ROWS, []) == ROWS
