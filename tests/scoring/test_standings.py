"""Standings and tiebreaks, each scenario worked by hand (docs/rules.md §9).

Each tiebreak scenario ends its chain with ``lot`` under a seed that would put the pairs
in the *opposite* order (``seed_for_lot_order``), so a metric that did nothing would let
lot decide and the test would fail.
"""

from __future__ import annotations

import hashlib

import pytest

from scoring import DEFAULT_TIEBREAKS, METRICS, ScoringError, StandingsRules, standings
from scoring import errors as msg
from tests.scoring.helpers import match, order, row_of, seed_for_lot_order


def rules(system: str, *chain: str, seed: int = 0, bye_policy: str = "forfeit_win"):
    return StandingsRules(system, tiebreaks=chain, bye_policy=bye_policy, lot_seed=seed)


def test_default_chain_is_the_one_of_rules_section_9():
    assert DEFAULT_TIEBREAKS == (
        "points",
        "level_diff",
        "opp_points",
        "fouls",
        "last_rounds",
        "lot",
    )
    assert StandingsRules("points26").tiebreaks == DEFAULT_TIEBREAKS
    # A chain read from JSON (a list) is stored as a tuple.
    assert StandingsRules("points26", tiebreaks=["points", "lot"]).tiebreaks == ("points", "lot")


def test_metric_registry_keys():
    assert set(METRICS) == {
        "points",
        "level_diff",
        "opp_points",
        "fouls",
        "wins",
        "levels_climbed",
        "progressive",
        "head_to_head",
        "last_rounds",
        "lot",
    }
    assert METRICS["fouls"].higher_is_better is False
    assert all(m.key == key for key, m in METRICS.items())  # labels: the app's


def test_points_order_and_per_team_aggregates():
    # points26. R1: A passes A against K (15:11), C draws D at 6 (13:13).
    # R2: A beats C at time 9 vs 5 (17:9), B beats D by passing A against 2 (26:0).
    # Totals: A 32, B 37, C 22, D 13.
    results = [
        match(1, "A", "B", "A+", "K", ew_fouls=1),
        match(1, "C", "D", "6", "6"),
        match(2, "A", "C", "9", "5"),
        match(2, "D", "B", "2", "A+", ns_fouls=2),
    ]
    rows = standings(results, StandingsRules("points26"))
    assert order(rows) == ["B", "A", "C", "D"]
    assert [r.points for r in rows] == [37, 32, 22, 13]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert [r.decided_by for r in rows] == [None, "points", "points", "points"]
    a = row_of(rows, "A")
    assert (a.tables, a.wins, a.draws, a.losses, a.fouls, a.level_diff) == (2, 2, 0, 0, 1, 6)
    c = row_of(rows, "C")
    assert (c.wins, c.draws, c.losses) == (0, 1, 1)
    assert row_of(rows, "B").values["fouls"] == 2


def test_level_diff_separates_equal_match_points():
    # match_points. A beats C by 3 (A+ vs Q), B beats D by 5 (A+ vs 10): A and B 2 points.
    # 级差分 A +3, B +5 → B first. Lot alone would put A first.
    results = [match(1, "A", "C", "A+", "Q"), match(1, "B", "D", "A+", "10")]
    seed = seed_for_lot_order("A", "B")
    rows = standings(results, rules("match_points", "points", "level_diff", "lot", seed=seed))
    assert order(rows)[:2] == ["B", "A"]
    assert row_of(rows, "A").decided_by == "level_diff"
    assert row_of(rows, "B").values["level_diff"] == 5
    assert row_of(rows, "A").values["level_diff"] == 3


def test_opponents_points_separates_equal_points():
    # match_points, all wins by 3 so 级差分 is equal too.
    # R1: A beats C, B beats D.      R2: C beats E, D draws F (A and B sit out).
    # Points: A 2, B 2, C 2, D 1, E 0, F 1.
    # 对手分: A met C (2) → 2; B met D (1) → 1. A above B.
    results = [
        match(1, "A", "C", "A+", "Q"),
        match(1, "B", "D", "A+", "Q"),
        match(2, "C", "E", "A+", "Q"),
        match(2, "D", "F", "8", "8"),
    ]
    seed = seed_for_lot_order("B", "A")
    rows = standings(
        results, rules("match_points", "points", "level_diff", "opp_points", "lot", seed=seed)
    )
    assert order(rows)[:3] == ["A", "B", "C"]  # C: 2 points but 级差分 -3 + 3 = 0
    assert row_of(rows, "A").values["opp_points"] == 2
    assert row_of(rows, "B").values["opp_points"] == 1
    assert row_of(rows, "B").decided_by == "opp_points"


def test_opponents_points_count_a_repeat_opponent_twice_and_ignore_byes():
    # points26. A meets B twice (draws at 5: 13 each time), then has a bye (18).
    # B then loses to C by 1 (12). B totals 38, so A's 对手分 is 38 + 38 = 76.
    results = [
        match(1, "A", "B", "5", "5"),
        match(2, "B", "A", "5", "5"),
        match(3, "A", None),
        match(3, "B", "C", "6", "7"),
    ]
    rows = standings(results, StandingsRules("points26"))
    assert row_of(rows, "B").points == 38
    assert row_of(rows, "A").values["opp_points"] == 76
    assert row_of(rows, "A").byes == 1


def test_fewer_fouls_ranks_higher():
    # points26: A and B both win 15:11; A has 2 fouls, B none → B first.
    results = [
        match(1, "A", "C", "A+", "K", ew_fouls=2),
        match(1, "D", "B", "K", "A+", ew_fouls=2),
    ]
    seed = seed_for_lot_order("A", "B")
    rows = standings(results, rules("points26", "points", "fouls", "lot", seed=seed))
    assert order(rows)[:2] == ["B", "A"]
    assert row_of(rows, "A").decided_by == "fouls"
    assert row_of(rows, "A").values["fouls"] == 2


def test_wins_separates_a_win_and_a_loss_from_two_draws():
    # match_points: A wins then loses (2 + 0), B draws twice (1 + 1): both 2 points.
    # Wins: A 1, B 0 → A first.
    results = [
        match(1, "A", "C", "A+", "3"),
        match(1, "B", "D", "4", "4"),
        match(2, "E", "A", "A+", "3"),
        match(2, "B", "F", "7", "7"),
    ]
    seed = seed_for_lot_order("B", "A")
    rows = standings(results, rules("match_points", "points", "wins", "lot", seed=seed))
    top = [r for r in rows if r.pair in ("A", "B")]
    assert order(top) == ["A", "B"]
    assert row_of(rows, "B").decided_by == "wins"
    assert row_of(rows, "A").values["wins"] == 1


def test_levels_climbed_without_lot_leaves_true_ties_sharing_a_rank():
    # points26: A draws C at 9 (index 7), B draws D at 4 (index 2). All score 13.
    # Levels climbed: A 7, C 7, B 2, D 2. No lot in the chain: ranks 1, 1, 3, 3.
    results = [match(1, "A", "C", "9", "9"), match(1, "B", "D", "4", "4")]
    rows = standings(results, rules("points26", "points", "levels_climbed"))
    assert [(r.pair, r.rank) for r in rows] == [("A", 1), ("C", 1), ("B", 3), ("D", 3)]
    assert [r.decided_by for r in rows] == [None, None, "levels_climbed", None]
    assert all(r.lot_draw is None for r in rows)


def test_progressive_score_prefers_points_won_early():
    # points26. A: R1 26 (passes A against 2), R2 0.  B: R1 0, R2 26. Both 26 points.
    # 累进分 after round 2: A 26 + 26 = 52; B 0 + 26 = 26 → A first.
    results = [
        match(1, "A", "C", "A+", "2"),
        match(1, "B", "D", "2", "A+"),
        match(2, "A", "E", "2", "A+"),
        match(2, "B", "F", "A+", "2"),
    ]
    seed = seed_for_lot_order("B", "A")
    rows = standings(results, rules("points26", "points", "progressive", "lot", seed=seed))
    top = [r for r in rows if r.pair in ("A", "B")]
    assert order(top) == ["A", "B"]
    assert (top[0].values["progressive"], top[1].values["progressive"]) == (52, 26)
    # The same event, last round backwards: B scored 26 in round 2, A 0 → B first.
    seed = seed_for_lot_order("A", "B")
    rows = standings(results, rules("points26", "points", "last_rounds", "lot", seed=seed))
    top = [r for r in rows if r.pair in ("A", "B")]
    assert order(top) == ["B", "A"]
    assert top[0].values["last_rounds"] == (26, 0)


def test_head_to_head_between_two_tied_teams():
    # points26. R1: A beats B 15:11 (A+ vs K). R2: A loses to C 11:15, B beats D 15:11.
    # A 26, B 26; 级差分 A +2-2 = 0, B -2+2 = 0. Head-to-head: A scored 15 against B's 11.
    results = [
        match(1, "A", "B", "A+", "K"),
        match(2, "A", "C", "K", "A+"),
        match(2, "B", "D", "A+", "K"),
    ]
    seed = seed_for_lot_order("B", "A")
    chain = ("points", "level_diff", "head_to_head", "lot")
    rows = standings(results, rules("points26", *chain, seed=seed))
    tied = [r for r in rows if r.pair in ("A", "B")]
    assert order(tied) == ["A", "B"]
    assert tied[1].decided_by == "head_to_head"
    assert (tied[0].values["head_to_head"], tied[1].values["head_to_head"]) == (15, 11)
    assert tied[0].lot_draw is None


def test_head_to_head_does_not_apply_to_three_tied_teams():
    # Cycle with byes (forfeit win 18): A beats B, B beats C, C beats A, each by 2.
    # Everyone: 15 + 11 + 18 = 44. Head-to-head would loop, so it separates nobody and
    # lot decides all three.
    results = [
        match(1, "A", "B", "A+", "K"),
        match(1, "C", None),
        match(2, "B", "C", "A+", "K"),
        match(2, "A", None),
        match(3, "C", "A", "A+", "K"),
        match(3, "B", None),
    ]
    rows = standings(results, rules("points26", "points", "head_to_head", "lot", seed=3))
    assert [r.points for r in rows] == [44, 44, 44]
    assert [r.decided_by for r in rows] == [None, "lot", "lot"]
    assert all(r.values["head_to_head"] is None for r in rows)
    assert all(r.lot_draw is not None for r in rows)


def test_head_to_head_leaves_teams_that_never_met_tied():
    results = [match(1, "A", "C", "A+", "K"), match(1, "B", "D", "A+", "K")]
    rows = standings(results, rules("points26", "points", "head_to_head"))
    assert [(r.pair, r.rank) for r in rows[:2]] == [("A", 1), ("B", 1)]


# Three-way tie decided by the last round, then the round before (default chain).
# Round robin of four pairs in points26; "+n" is the first-named pair's level difference.
#   R1: A–B 0 (draw 13:13)   C–D +3 (16:10)
#   R2: A–C +1 (14:12)       B–D +2 (15:11)
#   R3: A–D +1 (14:12)       B–C 0 (draw 13:13)
# Totals: A 41, B 41, C 41, D 33. In a round robin 对手分 = 156 - own points, so A, B, C
# also tie on 对手分 (115), and in points26 on 级差分 (+2). Fouls: one each.
# Last round: A 14, B 13, C 13 → A first. Round before: B 15, C 12 → B, then C.
THREE_WAY_LAST_ROUND = [
    match(1, "A", "B", "5", "5", ew_fouls=1),
    match(1, "C", "D", "A+", "Q", ew_fouls=1),
    match(2, "A", "C", "A+", "A"),
    match(2, "B", "D", "A+", "K", ew_fouls=1),
    match(3, "A", "D", "A+", "A", ns_fouls=3),
    match(3, "B", "C", "8", "8"),
]


def test_three_way_tie_goes_to_the_last_round_comparison():
    seed = seed_for_lot_order("C", "B", "A")
    rows = standings(THREE_WAY_LAST_ROUND, StandingsRules("points26", lot_seed=seed))
    assert order(rows) == ["A", "B", "C", "D"]
    assert [r.points for r in rows] == [41, 41, 41, 33]
    for pair in "ABC":
        values = row_of(rows, pair).values
        assert (values["level_diff"], values["opp_points"], values["fouls"]) == (2, 115, 1)
    assert [r.decided_by for r in rows] == [None, "last_rounds", "last_rounds", "points"]
    assert [r.values["last_rounds"] for r in rows[:3]] == [(14, 14, 13), (13, 15, 13), (13, 12, 16)]
    assert all(r.lot_draw is None for r in rows)


def test_after_round_n_ranks_on_the_first_n_rounds_only():
    # After round 2: A 27, B 28, C 28, D 21; round 3 is not counted.
    # B and C tie on 级差分 (+2), 对手分 (48: A + D) and fouls (1); the last round counted
    # is now round 2, where B scored 15 and C 12 → B first.
    rows = standings(THREE_WAY_LAST_ROUND, StandingsRules("points26"), after_round=2)
    assert order(rows) == ["B", "C", "A", "D"]
    assert [r.points for r in rows] == [28, 28, 27, 21]
    assert rows[1].decided_by == "last_rounds"
    assert rows[0].values["last_rounds"] == (15, 13)
    assert rows[0].tables == 2


def test_three_way_tie_that_goes_to_lot():
    # A, B, C each beat one of X, Y, Z in each round by 2 (15:11), crosswise:
    #   R1: A–X, B–Y, C–Z      R2: A–Y, B–Z, C–X
    # A, B, C: 30 points, 级差分 +4, 对手分 22 + 22 = 44, no fouls, rounds (15, 15).
    # Nothing separates them: lot does, from the stored seed.
    results = [
        match(1, "A", "X", "A+", "K"),
        match(1, "B", "Y", "A+", "K"),
        match(1, "C", "Z", "A+", "K"),
        match(2, "A", "Y", "A+", "K"),
        match(2, "B", "Z", "A+", "K"),
        match(2, "C", "X", "A+", "K"),
    ]
    seed = 20240501
    rows = standings(results, StandingsRules("points26", lot_seed=seed))
    top = rows[:3]
    assert {r.pair for r in top} == {"A", "B", "C"}
    assert [r.decided_by for r in top] == [None, "lot", "lot"]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6]

    # The lot is recorded and can be redrawn by anyone from the seed: BLAKE2b, 4 bytes.
    def redraw(pair):
        digest = hashlib.blake2b(f"{seed}:{pair!r}".encode(), digest_size=4).digest()
        return int.from_bytes(digest, "big")

    assert [r.lot_draw for r in top] == sorted(redraw(t) for t in "ABC")
    assert order(top) == sorted("ABC", key=redraw)
    # Same seed, same order; a seed favouring the reverse order reverses it.
    again = standings(list(reversed(results)), StandingsRules("points26", lot_seed=seed))
    assert order(again) == order(rows)
    reverse_seed = seed_for_lot_order(*reversed(order(top)))
    flipped = standings(results, StandingsRules("points26", lot_seed=reverse_seed))
    assert order(flipped)[:3] == list(reversed(order(top)))


def test_teams_without_matches_still_appear():
    results = [match(1, 1, 2, "A+", "K")]
    rows = standings(results, StandingsRules("points26"), pairs=[3, 1, 2])
    assert order(rows) == [1, 2, 3]
    assert (rows[2].points, rows[2].tables, rows[2].values["last_rounds"]) == (0, 0, (0,))


def test_listed_teams_only_are_ranked_but_others_count_as_opponents():
    results = [match(1, 1, 2, "A+", "K"), match(2, 1, 3, "5", "5")]
    rows = standings(results, StandingsRules("points26"), pairs=[1, 3])
    assert order(rows) == [1, 3]
    assert rows[0].values["opp_points"] == 11 + 13


def test_empty_event_has_no_rows_and_lists_teams_at_zero():
    assert standings([], StandingsRules("points26")) == []
    rows = standings([], StandingsRules("points26", tiebreaks=("points",)), pairs=[1, 2])
    assert [(r.pair, r.rank) for r in rows] == [(1, 1), (2, 1)]


def test_bye_policy_changes_the_standings():
    results = [match(1, "A", None), match(1, "B", "C", "7", "7")]
    forfeit = standings(results, rules("points26", "points"))
    assert order(forfeit)[0] == "A" and forfeit[0].points == 18
    zero = standings(results, rules("points26", "points", bye_policy="zero"))
    assert order(zero)[-1] == "A" and zero[-1].losses == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"system": "points99"}, msg.UNKNOWN_SYSTEM),
        ({"system": "points26", "tiebreaks": ("points", "goals")}, msg.UNKNOWN_METRIC),
        ({"system": "points26", "tiebreaks": ("points", "points")}, msg.DUPLICATE_METRIC),
        ({"system": "points26", "bye_policy": "half"}, msg.UNKNOWN_BYE_POLICY),
        ({"system": "points26", "lot_seed": "abc"}, msg.BAD_LOT_SEED),
    ],
)
def test_bad_rules_are_refused(kwargs, message):
    with pytest.raises(ScoringError) as caught:
        StandingsRules(**kwargs)
    assert caught.value.code == message


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ([match(1, "A", "B", "5", "5"), match(1, "A", "C", "5", "5")], msg.PLAYED_TWICE),
        ([match(1, "A", "B", "5", "5"), match(1, "C", "A", "5", "5")], msg.PLAYED_TWICE),
        ([match(1, "A", "B", "5", "5"), match(1, "A", None)], msg.PLAYED_TWICE),
        ([match(1, "A", "A", "5", "5")], msg.SELF_MATCH),
        ([match(0, "A", "B", "5", "5")], msg.BAD_ROUND),
        ([match(1, "A", "B", "5", "5", ew_fouls=-1)], msg.BAD_FOULS),
        ([match(1, "A", "B", "A+", "A+")], msg.BOTH_PASSED_A),
    ],
)
def test_bad_records_are_refused(results, message):
    with pytest.raises(ScoringError) as caught:
        standings(results, StandingsRules("points26"))
    assert caught.value.code == message


def test_decided_by_stays_with_the_place_when_a_later_metric_reorders_the_group():
    # Found by the property test. Pair 3 has a bye (18); 1 and 2 draw at 2 (13 each), and
    # 1 had a foul. Points put 3 first and {1, 2} below it ("points"); fouls then put 2
    # above 1. Row 2 (pair 2) was separated from row 1 by points, row 3 from row 2 by fouls.
    results = [match(1, 3, None), match(1, 1, 2, "2", "2", ew_fouls=1)]
    rows = standings(results, StandingsRules("points26"))
    assert [(r.pair, r.decided_by) for r in rows] == [(3, None), (2, "points"), (1, "fouls")]
