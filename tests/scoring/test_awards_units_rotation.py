"""Awards, unit ranking and 3-round rotation totals (docs/rules.md §6, §10, §11)."""

from __future__ import annotations

import pytest

from scoring import (
    AWARD_TIER_PRESETS,
    DEFAULT_AWARD_TIERS,
    ScoringError,
    StandingRow,
    StandingsRules,
    awards,
    rotation_totals,
    standings,
    unit_ranking,
)
from scoring import errors as msg
from tests.scoring.helpers import match


def row(rank: int, pair, points: int = 0) -> StandingRow:
    return StandingRow(rank, pair, points, 0, {}, None, None, 0, 0, 0, 0, 0)


def test_default_tiers_are_one_two_three():
    assert DEFAULT_AWARD_TIERS == (("一等奖", 1), ("二等奖", 2), ("三等奖", 3))
    rows = [row(rank, f"t{rank}") for rank in range(1, 9)]
    result = awards(rows)
    assert [(r.pair, label) for r, label in result] == [
        ("t1", "一等奖"),
        ("t2", "二等奖"),
        ("t3", "二等奖"),
        ("t4", "三等奖"),
        ("t5", "三等奖"),
        ("t6", "三等奖"),
    ]


def test_two_four_six_preset_of_seed_000():
    rows = [row(rank, rank) for rank in range(1, 15)]
    labels = [label for _, label in awards(rows, AWARD_TIER_PRESETS["2-4-6"])]
    assert labels == ["一等奖"] * 2 + ["二等奖"] * 4 + ["三等奖"] * 6


def test_teams_sharing_a_rank_on_a_boundary_all_get_the_better_tier():
    # Ranks 1, 2, 3, 3, 5, 6, 7: the two pairs at rank 3 both get 二等奖, so the third tier
    # starts at rank 5 and still ends at place 6.
    rows = [row(r, i) for i, r in enumerate([3, 1, 2, 3, 5, 6, 7])]
    result = awards(rows)
    assert [(r.rank, label) for r, label in result] == [
        (1, "一等奖"),
        (2, "二等奖"),
        (3, "二等奖"),
        (3, "二等奖"),
        (5, "三等奖"),
        (6, "三等奖"),
    ]


@pytest.mark.parametrize("tiers", [[("一等奖", 0)], [("", 1)], [("一等奖",)], [("一等奖", 1.5)]])
def test_bad_tiers_are_refused(tiers):
    with pytest.raises(ScoringError) as caught:
        awards([row(1, 1)], tiers)
    assert caught.value.code == msg.BAD_TIERS


def test_unit_scores_its_best_k_pairs():
    rows = [
        row(1, "a1", 60),
        row(2, "b1", 58),
        row(3, "b2", 50),
        row(4, "a2", 45),
        row(5, "c1", 44),
        row(6, "a3", 44),
        row(7, "x", 40),
    ]
    unit_of = {"a1": "A", "a2": "A", "a3": "A", "b1": "B", "b2": "B", "c1": "C"}
    units = unit_ranking(rows, unit_of, best_k=2)
    # B: 58 + 50 = 108; A: 60 + 45 = 105 (a3 not counted); C has one pair: 44.
    assert [(u.rank, u.unit, u.score, u.pairs) for u in units] == [
        (1, "B", 108, ("b1", "b2")),
        (2, "A", 105, ("a1", "a2")),
        (3, "C", 44, ("c1",)),
    ]
    assert units[1].ranks == (1, 4)


def test_unit_tie_goes_to_the_better_placed_pairs_then_shares():
    # Both units score 90. A's pairs are 1st and 4th (sum 5), B's 2nd and 3rd (sum 5);
    # then the best pair: A's is 1st → A first. C and D are equal in everything: shared.
    rows = [
        row(1, "a1", 50),
        row(2, "b1", 45),
        row(3, "b2", 45),
        row(4, "a2", 40),
        row(5, "c1", 30),
        row(5, "d1", 30),
    ]
    unit_of = {"a1": "A", "a2": "A", "b1": "B", "b2": "B", "c1": "C", "d1": "D"}
    units = unit_ranking(rows, unit_of, best_k=2)
    assert [(u.unit, u.rank) for u in units] == [("A", 1), ("B", 2), ("C", 3), ("D", 3)]


def test_unit_tie_on_score_goes_to_the_smaller_rank_sum():
    rows = [row(1, "a1", 50), row(2, "b1", 48), row(3, "b2", 42), row(4, "a2", 40)]
    unit_of = {"a1": "A", "a2": "A", "b1": "B", "b2": "B"}
    units = unit_ranking(rows, unit_of, best_k=2)
    assert [(u.unit, u.score) for u in units] == [("A", 90), ("B", 90)]
    rows = [row(1, "a1", 50), row(2, "b1", 48), row(3, "b2", 42), row(4, "c", 41)]
    rows += [row(5, "a2", 40)]
    units = unit_ranking(rows, unit_of, best_k=2)
    # Now A's pairs are 1st and 5th (sum 6), B's 2nd and 3rd (sum 5): B first.
    assert [(u.unit, u.rank) for u in units] == [("B", 1), ("A", 2)]


@pytest.mark.parametrize("k", [0, -1, 1.0, True])
def test_bad_best_k_is_refused(k):
    with pytest.raises(ScoringError) as caught:
        unit_ranking([row(1, "a")], {"a": "A"}, best_k=k)
    assert caught.value.code == msg.BAD_BEST_K


def test_unit_ranking_from_real_standings():
    results = [match(1, 1, 2, "A+", "K"), match(1, 3, 4, "A+", "2")]
    rows = standings(results, StandingsRules("points26"))
    units = unit_ranking(rows, {1: "东", 2: "东", 3: "西", 4: "西"}, best_k=2)
    # Pair 3 scored 26 (1st), 1 15 (2nd), 2 11 (3rd), 4 0 (4th). Both units score 26 with
    # rank sums 1 + 4 = 2 + 3 = 5; 西 has the best pair → 西 first.
    assert [(u.unit, u.score, u.ranks) for u in units] == [("西", 26, (1, 4)), ("东", 26, (2, 3))]


# A group of four in hundred_plus, round robin in three rounds:
#   R1: a–b a passes A against 8 (107 : 6)       c–d c passes A against A (101 : 12)
#   R2: a–c c passes A against 5 (3 : 110)       b–d at time, 9 vs 9 (7 : 7)
#   R3: a–d a passes A against 2 (113 : 0)       b–c b passes A against K (102 : 11)
# Totals: a 223, b 115, c 222, d 19.
GROUP = [
    match(1, "a", "b", "A+", "8"),
    match(1, "c", "d", "A+", "A"),
    match(2, "a", "c", "5", "A+"),
    match(2, "b", "d", "9", "9"),
    match(3, "a", "d", "A+", "2"),
    match(3, "b", "c", "A+", "K"),
]


def test_rotation_totals_sum_three_rounds_and_rank_within_the_group():
    rows = rotation_totals(GROUP, {"a": 1, "b": 1, "c": 1, "d": 1})
    assert [(r.pair, r.rounds, r.total, r.group_rank) for r in rows] == [
        ("a", (107, 3, 113), 223, 1),
        ("c", (101, 110, 11), 222, 2),
        ("b", (6, 7, 102), 115, 3),
        ("d", (12, 7, 0), 19, 4),
    ]


def test_rotation_ranks_overall_across_groups_and_shares_equal_totals():
    second_group = [
        match(1, "p", "q", "A+", "2"),
        match(2, "q", "p", "A+", "2"),
        match(3, "p", "q", "Q", "Q"),
    ]
    groups = {"a": 1, "b": 1, "c": 1, "d": 1, "p": 2, "q": 2, "r": 2}
    rows = rotation_totals(GROUP + second_group, groups)
    by_pair = {r.pair: r for r in rows}
    # p and q: 113 + 0 + 10 = 123 each, sharing 1st in group 2; r never played: 0.
    assert (by_pair["p"].total, by_pair["q"].total) == (123, 123)
    assert (by_pair["p"].group_rank, by_pair["q"].group_rank, by_pair["r"].group_rank) == (1, 1, 3)
    assert [r.pair for r in rows][:4] == ["a", "c", "p", "q"]
    assert (by_pair["p"].overall_rank, by_pair["q"].overall_rank) == (3, 3)
    assert (by_pair["b"].overall_rank, by_pair["d"].overall_rank) == (5, 6)
    assert by_pair["r"].overall_rank == 7 and by_pair["r"].rounds == ()


def test_rotation_totals_can_use_another_system():
    rows = rotation_totals(GROUP, {"a": 1, "b": 1, "c": 1, "d": 1}, system="points26")
    # a: 20 (d 7) + 3 (lost by 10) + 26 (d 13); c: 14 + 23 + 11 = 48.
    assert [(r.pair, r.total) for r in rows[:2]] == [("a", 49), ("c", 48)]
