"""Team matches and team standings worked by hand (docs/rules.md §16.3, §16.4).

The event: four teams of two pairs, A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2), scored
by the 26-point table (winner 13 + d, loser 13 − d; a forfeit 18 : 0 with 级差分 ±5). The
tables are laid out as pairing.team_seats does: X North–South at a match's 1st table and
East–West at its 2nd. Level indexes: 5→3, 8→6, 9→7, 10→8, J→9, Q→10, K→11, A+→13.

Round 1, A–B and C–D:
  T1 b1 (EW) K  – a1 (NS) A+   d = 2:  a1 15, b1 11        级差分 a1 +2, b1 −2
  T2 a2 (EW) 8  – b2 (NS) J    d = 3:  b2 16, a2 10        a2 −3, b2 +3
     A 15 + 10 = 25, B 11 + 16 = 27: B wins, 2 : 0; 级差分 A −1, B +1
  T3 d1 (EW) 5  – c1 (NS) A+   d = 10: c1 23, d1 3         c1 +10, d1 −10
  T4 c2 (EW) Q  – d2 (NS) A+   d = 3:  d2 16, c2 10        c2 −3, d2 +3
     C 23 + 10 = 33, D 3 + 16 = 19: C wins, 2 : 0; 级差分 C +7, D −7
Round 2, C–B and A–D:
  T1 b1 (EW) 10 – c1 (NS) 10   d = 0:  13 : 13             0, 0
  T2 c2 (EW) K  – b2 (NS) A+   d = 2:  b2 15, c2 11        c2 −2, b2 +2
     C 13 + 11 = 24, B 13 + 15 = 28: B wins; 级差分 C −2, B +2
  T3 d1 (EW) 9  – a1 (NS) A+   d = 6:  a1 19, d1 7         a1 +6, d1 −6
  T4 a2 (EW)    – d2 (NS) forfeits:    a2 18, d2 0         a2 +5, d2 −5
     A 19 + 18 = 37, D 7 + 0 = 7: A wins; 级差分 A +11, D −11
After two rounds (team match points / total / 级差分):
  A 0 + 2 = 2 / 25 + 37 = 62 / −1 + 11 = 10
  B 2 + 2 = 4 / 27 + 28 = 55 / +1 + 2 = 3
  C 2 + 0 = 2 / 33 + 24 = 57 / +7 − 2 = 5
  D 0 + 0 = 0 / 19 + 7 = 26  / −7 − 11 = −18
Standings: B 4; A and C tied on 2, split by the total (62 > 57); D. By total instead
(team_rank="total"): A 62, C 57, B 55, D 26.
Best pairs (points, then 级差分): c1 23 + 13 = 36, a1 15 + 19 = 34, b2 16 + 15 = 31,
a2 10 + 18 = 28, b1 11 + 13 = 24, c2 10 + 11 = 21, d2 16 + 0 = 16, d1 3 + 7 = 10.
"""

from __future__ import annotations

import pytest

from scoring import (
    ScoringError,
    TeamMatch,
    TeamRules,
    best_pairs,
    score_team_match,
    team_standings,
)
from scoring import errors as codes
from tests.scoring.helpers import match, seed_for_lot_order

EVENT = [
    TeamMatch(
        1, "A", "B", ("a1", "a2"), (match(1, "b1", "a1", "K", "A+"), match(1, "a2", "b2", "8", "J"))
    ),
    TeamMatch(
        1,
        "C",
        "D",
        ("c1", "c2"),
        (match(1, "d1", "c1", "5", "A+"), match(1, "c2", "d2", "Q", "A+")),
    ),
    TeamMatch(
        2,
        "C",
        "B",
        ("c1", "c2"),
        (match(2, "b1", "c1", "10", "10"), match(2, "c2", "b2", "K", "A+")),
    ),
    TeamMatch(
        2,
        "A",
        "D",
        ("a1", "a2"),
        (match(2, "d1", "a1", "9", "A+"), match(2, "a2", "d2", forfeit="NS")),
    ),
]
RULES = TeamRules("points26")


def test_one_team_match_adds_its_tables_up():
    s = score_team_match(EVENT[0], "points26")
    assert (s.x.table_points, s.y.table_points) == ((15, 10), (11, 16))
    assert (s.x.total, s.y.total, s.x.level_diff, s.y.level_diff) == (25, 27, -1, 1)
    assert (s.x.points, s.y.points, s.x.outcome, s.y.outcome) == (0, 2, "loss", "win")
    assert (s.x.pairs, s.y.pairs) == (("a1", "a2"), ("b1", "b2"))
    assert s.side("B") is s.y


def test_the_forfeit_of_one_pair_costs_its_own_table_only():
    s = score_team_match(EVENT[3], "points26")
    assert (s.x.table_points, s.y.table_points) == ((19, 18), (7, 0))
    assert (s.x.level_diff, s.y.level_diff) == (11, -11)


def test_the_worked_event_ranks_by_team_match_points_then_the_total():
    rows = team_standings(EVENT, RULES)
    got = [(r.rank, r.team, r.points, r.total, r.level_diff, r.decided_by) for r in rows]
    assert got == [
        (1, "B", 4, 55, 3, None),
        (2, "A", 2, 62, 10, "points"),
        (3, "C", 2, 57, 5, "total"),
        (4, "D", 0, 26, -18, "points"),
    ]
    assert [(r.wins, r.losses, r.matches) for r in rows] == [
        (2, 0, 2),
        (1, 1, 2),
        (1, 1, 2),
        (0, 2, 2),
    ]


def test_team_rank_total_ranks_by_the_sum_of_the_table_scores():
    rows = team_standings(EVENT, TeamRules("points26", team_rank="total"))
    assert [(r.team, r.points, r.match_points) for r in rows] == [
        ("A", 62, 2),
        ("C", 57, 2),
        ("B", 55, 4),
        ("D", 26, 0),
    ]


def test_after_round_one_and_a_team_without_a_match():
    rows = team_standings(EVENT, RULES, teams=["A", "B", "C", "D", "E"], after_round=1)
    assert [(r.team, r.points, r.total) for r in rows] == [
        ("C", 2, 33),
        ("B", 2, 27),
        ("A", 0, 25),
        ("D", 0, 19),
        ("E", 0, 0),
    ]


def test_the_best_pairs_rank_every_pair_across_the_teams():
    rows = best_pairs(EVENT, RULES)
    assert [(r.pair, r.points) for r in rows] == [
        ("c1", 36),
        ("a1", 34),
        ("b2", 31),
        ("a2", 28),
        ("b1", 24),
        ("c2", 21),
        ("d2", 16),
        ("d1", 10),
    ]


def test_a_team_bye_scores_every_table_as_a_forfeit_win():
    # points26: 18 a table, 级差分 +5 a table; the bye is a team match won, 2 points.
    bye = score_team_match(TeamMatch.bye(3, "E", ["e1", "e2"]), "points26")
    assert (bye.x.total, bye.x.level_diff, bye.x.points, bye.y) == (36, 10, 2, None)
    assert score_team_match(TeamMatch.bye(3, "E", ["e1"]), "match_points").x.total == 2
    drawn = score_team_match(TeamMatch.bye(3, "E", ["e1", "e2"]), "points26", "draw")
    assert (drawn.x.total, drawn.x.points) == (26, 1)


def test_equal_totals_draw():
    m = TeamMatch(
        1, "X", "Y", (1, 2), (match(1, 3, 1, "K", "A+"), match(1, 2, 4, "K", "A+"))
    )  # 15 + 11 = 26 each
    s = score_team_match(m, "points26")
    assert (s.x.points, s.y.points, s.x.outcome) == (1, 1, "draw")


def test_opponents_points_then_head_to_head_then_lot():
    # Round 1: P beats Q, R beats S, each 2 : 0 by A+ over K (15 : 11) and 10 = 10 (13 : 13),
    # i.e. 28 : 24, 级差分 +2 : −2. Round 2: P–R and Q–S are two drawn tables each (13 : 13),
    # 26 : 26 and 1 : 1. P and R tie on points 3, total 28 + 26 = 54, 级差分 2; Q and S on
    # 1, 50, −2. 对手分: P met Q (1) and R (3) = 4, R met S (1) and P (3) = 4: tied again;
    # head to head P–R is 1 : 1; lot decides. Q and S: 对手分 3 + 1 = 4 each, drew: lot.
    def won(rnd, x, y):
        xs, ys = (x + "1", x + "2"), (y + "1", y + "2")
        tables = (match(rnd, ys[0], xs[0], "K", "A+"), match(rnd, xs[1], ys[1], "10", "10"))
        return TeamMatch(rnd, x, y, xs, tables)

    def drawn(rnd, x, y):
        xs, ys = (x + "1", x + "2"), (y + "1", y + "2")
        tables = (match(rnd, ys[0], xs[0], "J", "J"), match(rnd, xs[1], ys[1], "Q", "Q"))
        return TeamMatch(rnd, x, y, xs, tables)

    event = [won(1, "P", "Q"), won(1, "R", "S"), drawn(2, "P", "R"), drawn(2, "Q", "S")]
    for order in (["P", "R", "Q", "S"], ["R", "P", "S", "Q"]):
        rules = TeamRules("points26", lot_seed=seed_for_lot_order(*order))
        rows = team_standings(event, rules)
        assert [r.team for r in rows] == order
        assert [(r.points, r.total, r.level_diff) for r in rows] == [(3, 54, 2)] * 2 + [
            (1, 50, -2)
        ] * 2
        assert [r.values["opp_points"] for r in rows] == [4, 4, 4, 4]
        assert [r.values["head_to_head"] for r in rows] == [1, 1, 1, 1]
        assert [r.decided_by for r in rows] == [None, "lot", "points", "lot"]


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        (
            TeamMatch(1, "X", "X", (1, 2), (match(1, 3, 1, "2", "2"), match(1, 2, 4, "2", "2"))),
            codes.TEAM_SELF_MATCH,
        ),
        (TeamMatch(1, "X", "Y", (1, 2), (match(1, 3, 1, "2", "2"),)), codes.TEAM_TABLES),
        (
            TeamMatch(1, "X", "Y", (1, 2), (match(1, 3, 1, "2", "2"), match(1, 1, 4, "2", "2"))),
            codes.TEAM_TABLES,
        ),
        (
            TeamMatch(1, "X", "Y", (1, 2), (match(1, 2, 1, "2", "2"), match(1, 3, 4, "2", "2"))),
            codes.TEAM_TABLES,
        ),
        (
            TeamMatch(1, "X", "Y", (1, 2), (match(1, 3, 1, "2", "2"), match(2, 2, 4, "2", "2"))),
            codes.TEAM_TABLES,
        ),
        (
            TeamMatch(1, "X", None, (1, 2), (match(1, 1, None), match(1, 2, 4, "2", "2"))),
            codes.TEAM_TABLES,
        ),
        (
            TeamMatch(1, "X", "Y", (1, 2), (match(1, 3, 1, "2", "2"), match(1, 2, None))),
            codes.TEAM_TABLES,
        ),
    ],
)
def test_tables_that_do_not_fit_the_line_up_are_refused(bad, code):
    with pytest.raises(ScoringError) as caught:
        score_team_match(bad, "points26")
    assert caught.value.code == code


def test_a_team_in_two_matches_of_a_round_is_refused():
    twice = [*EVENT[:2], TeamMatch.bye(1, "A", ["a1", "a2"])]
    with pytest.raises(ScoringError) as caught:
        team_standings(twice, RULES)
    assert caught.value.code == codes.TEAM_PLAYED_TWICE


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"team_rank": "wins"}, codes.BAD_OPTION),
        ({"tiebreaks": ("points", "levels_climbed")}, codes.UNKNOWN_METRIC),
        ({"tiebreaks": ("points", "total", "points")}, codes.DUPLICATE_METRIC),
        ({"pair_tiebreaks": ("points", "total")}, codes.UNKNOWN_METRIC),
    ],
)
def test_team_rules_are_checked(options, code):
    with pytest.raises(ScoringError) as caught:
        TeamRules("points26", **options)
    assert caught.value.code == code
