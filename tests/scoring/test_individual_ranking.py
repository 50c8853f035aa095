"""Individual events (docs/rules.md §17.4, §17.5): each player receives the side's score
and 级差分, sit-outs score as byes, an absent player loses by forfeit while the players
present win by forfeit, and the standings' tiebreaks (score, 级差分, tables won, lot) are
worked by hand; opponents' score is refused. A hypothesis property checks every player's
points against the pairs' scoring of the same tables.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import pair_individuals
from scoring import (
    IndividualRecord,
    IndividualRules,
    MatchRecord,
    ScoringError,
    individual_standings,
    score_individual_table,
    standings,
)
from scoring import errors as codes
from scoring.standings import StandingsRules
from tests.budget import examples

R = IndividualRecord


def table(rnd, ew, ns, ew_level=None, ns_level=None, **more):
    return R(rnd, ew=tuple(ew), ns=tuple(ns), ew_level=ew_level, ns_level=ns_level, **more)


def shares(record, system="points26", bye_policy="forfeit_win"):
    return {
        s.player: (s.points, s.level_diff, s.outcome)
        for s in score_individual_table(record, system, bye_policy)
    }


def test_five_players_two_rounds_by_hand():
    # 26-point scoring. Round 1: A+D (A+) beat B+C (K): 15/+2 and 11/−2; E sits out: the
    # forfeit win, 18/+5. Round 2: A+C (J) beat E+B (8) by 3: 16/+3 and 10/−3; D sits out.
    records = [
        table(1, "AD", "BC", "A+", "K"),
        R.sit_out(1, "E"),
        table(2, "EB", "AC", "8", "J"),
        R.sit_out(2, "D"),
    ]
    rows = individual_standings(records, IndividualRules("points26"))
    got = [(r.rank, r.player, r.points, r.level_diff, r.wins, r.sit_outs) for r in rows]
    assert got == [
        (1, "D", 33, 7, 2, 1),
        (2, "A", 31, 5, 2, 0),
        (3, "E", 28, 2, 1, 1),
        (4, "C", 27, 1, 1, 0),
        (5, "B", 21, -5, 0, 0),
    ]
    assert [r.tables for r in rows] == [1, 2, 1, 2, 2]
    after_one = individual_standings(records, IndividualRules("points26"), after_round=1)
    # After round 1, A and D (15, +2, one win each) and B and C are split by the lot.
    assert [r.points for r in after_one] == [18, 15, 15, 11, 11]
    assert after_one[0].player == "E" and after_one[2].decided_by == "lot"


def test_tiebreaks_score_level_difference_tables_won_then_lot():
    # Z +1 +1 (2 wins), X +2 then a draw (1 win), d +2 then a draw: all 28 points, 级差分 +2.
    # Z is first on tables won; X and d need the lot. e (−2, +1: one win) is above b and c
    # (−1, draw: no win), all 25 points, 级差分 −1; b and c need the lot.
    records = [
        table(1, "Za", "bc", "3", "2"),
        table(1, "Xd", "ef", "4", "2"),
        table(2, "Ze", "af", "5", "4"),
        table(2, "Xb", "cd", "7", "7"),
    ]
    rows = individual_standings(records, IndividualRules("points26", lot_seed=7))
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert rows[0].player == "Z" and rows[0].values["wins"] == 2
    assert {rows[1].player, rows[2].player} == {"X", "d"}
    assert rows[1].decided_by == "wins" and rows[2].decided_by == "lot"
    assert rows[1].lot_draw is not None and rows[0].lot_draw is None
    assert rows[3].player == "a" and rows[4].player == "e" and rows[4].decided_by == "points"
    assert {rows[5].player, rows[6].player} == {"b", "c"} and rows[5].decided_by == "wins"
    assert rows[7].player == "f"
    # Without tables won in the chain, e, b and c go to the lot together.
    plain = individual_standings(
        records, IndividualRules("points26", tiebreaks=("points", "level_diff", "lot"))
    )
    assert {r.player for r in plain[4:7]} == {"b", "c", "e"}


def test_an_absent_player_loses_by_forfeit_and_the_players_present_win():
    # A did not come: A loses by forfeit (0, −5), its partner B and both opponents win (18, +5).
    got = shares(table(3, "AB", "CD", absent=("A",)))
    assert got == {
        "A": (0, -5, "loss"),
        "B": (18, 5, "win"),
        "C": (18, 5, "win"),
        "D": (18, 5, "win"),
    }
    both = shares(table(3, "AB", "CD", absent=("A", "C")), system="match_points")
    assert both == {
        "A": (0, -10, "loss"),
        "B": (2, 10, "win"),
        "C": (0, -10, "loss"),
        "D": (2, 10, "win"),
    }
    rows = individual_standings([table(3, "AB", "CD", absent=("A",))], IndividualRules("points26"))
    assert {r.player: r.forfeits for r in rows} == {"A": 1, "B": 0, "C": 0, "D": 0}


def test_a_forfeit_or_defeat_on_the_sheet_is_the_side_s():
    got = shares(table(1, "AB", "CD", forfeit="EW"))
    assert got["A"] == got["B"] == (0, -5, "loss") and got["C"] == got["D"] == (18, 5, "win")
    fouls = score_individual_table(table(1, "AB", "CD", "5", "3", ew_fouls=1), "points26")
    assert [s.fouls for s in fouls] == [1, 1, 0, 0] and fouls[0].partner == "B"
    assert fouls[2].opponents == ("A", "B")


@pytest.mark.parametrize(
    ("policy", "expected"),
    [("forfeit_win", (18, 5, "win")), ("draw", (13, 0, "draw")), ("zero", (0, 0, "loss"))],
)
def test_a_sit_out_scores_by_the_bye_policy(policy, expected):
    assert shares(R.sit_out(1, "E"), bye_policy=policy) == {"E": expected}


@pytest.mark.parametrize("key", ["opp_points", "head_to_head", "levels_climbed"])
def test_opponents_score_is_not_offered(key):
    with pytest.raises(ScoringError) as caught:
        IndividualRules("points26", tiebreaks=("points", key, "lot"))
    assert caught.value.code == codes.INDIVIDUAL_METRIC


@pytest.mark.parametrize(
    ("rules", "code"),
    [
        (dict(tiebreaks=("points", "nope")), codes.UNKNOWN_METRIC),
        (dict(tiebreaks=("points", "points")), codes.DUPLICATE_METRIC),
        (dict(bye_policy="maybe"), codes.UNKNOWN_BYE_POLICY),
        (dict(lot_seed="x"), codes.BAD_LOT_SEED),
    ],
)
def test_bad_rules(rules, code):
    with pytest.raises(ScoringError) as caught:
        IndividualRules("points26", **rules)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("records", "code"),
    [
        ([table(1, "AB", "C", "5", "3")], codes.INDIVIDUAL_TABLE),
        ([table(1, "AB", "BC", "5", "3")], codes.INDIVIDUAL_TABLE),
        ([R(1, ew=("A", "B"))], codes.INDIVIDUAL_TABLE),
        ([table(1, "AB", "CD", absent=("E",))], codes.INDIVIDUAL_TABLE),
        ([table(1, "AB", "CD", "5", "3", absent=("A",))], codes.INDIVIDUAL_TABLE),
        ([table(1, "AB", "CD", "5", "3"), R.sit_out(1, "A")], codes.PLAYED_TWICE),
        ([R.sit_out(0, "A")], codes.BAD_ROUND),
    ],
)
def test_bad_records(records, code):
    with pytest.raises(ScoringError) as caught:
        individual_standings(records, IndividualRules("points26"))
    assert caught.value.code == code


def test_players_listed_without_a_table_are_ranked_too():
    rows = individual_standings(
        [table(1, "AB", "CD", "6", "6")],
        IndividualRules("points26"),
        players=["Q", "A", "B", "C", "D"],
    )
    assert rows[-1].player == "Q" and rows[-1].points == 0 and rows[0].points == 13


LEVELS = ["2", "3", "5", "8", "10", "J", "K", "A", "A+"]


@settings(max_examples=examples(40), deadline=None)
@given(
    n=st.integers(4, 30),
    rounds=st.integers(1, 5),
    system=st.sampled_from(["points26", "match_points", "hundred_plus"]),
    data=st.data(),
)
def test_each_player_scores_what_the_side_would_as_a_pair(n, rounds, system, data):
    # The same tables scored as a pairs event (each partnership a pair of its own) give
    # every player the points, 级差分 and wins of the side; sit-outs are byes.
    records, pair_records, partners = [], [], []
    for rnd in range(1, rounds + 1):
        r = pair_individuals(list(range(n)), partners=partners)
        for t in r.tables:
            ew, ns = data.draw(st.sampled_from(LEVELS)), data.draw(st.sampled_from(LEVELS))
            if ew == ns == "A+":
                ns = "K"
            records.append(table(rnd, t.ew, t.ns, ew, ns))
            pair_records.append(
                MatchRecord(rnd, ew=(rnd, t.ew), ns=(rnd, t.ns), ew_level=ew, ns_level=ns)
            )
            partners += [t.ew, t.ns]
        for p in r.sitting_out:
            records.append(R.sit_out(rnd, p))
            pair_records.append(MatchRecord(rnd, ew=(rnd, (p,)), ns=None))
    rows = individual_standings(records, IndividualRules(system))
    pairs = standings(pair_records, StandingsRules(system))
    expected = {p: [0, 0, 0] for p in range(n)}
    for row in pairs:
        for player in row.pair[1]:
            expected[player][0] += row.points
            expected[player][1] += row.level_diff
            expected[player][2] += row.wins
    assert {r.player: [r.points, r.level_diff, r.wins] for r in rows} == expected
    assert [r.rank for r in rows] == list(range(1, n + 1))  # the lot separates everybody
