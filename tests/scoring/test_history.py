"""A pair's round-by-round lines for the pair page."""

from __future__ import annotations

from scoring import StandingsRules, pair_history, standings
from tests.scoring.helpers import match

RESULTS = [
    match(1, 1, 2, "A+", "K", ew_fouls=1, ns_fouls=2),
    match(2, 3, 1, "6", "9"),
    match(3, 1, None),
    match(4, 4, 1, None, None, forfeit="NS"),
]


def test_lines_follow_the_team_round_by_round_from_its_own_seat():
    lines = pair_history(RESULTS, StandingsRules("points26"), 1)
    assert [(h.round, h.opponent, h.seat) for h in lines] == [
        (1, 2, "EW"),
        (2, 3, "NS"),
        (3, None, "EW"),
        (4, 4, "NS"),
    ]
    first, second, bye, forfeit = lines
    assert RESULTS[2].is_bye and not RESULTS[0].is_bye
    # R1: passed A against K: 15 : 11, 级差分 +2; the sheet had 1 foul for us, 2 for them.
    assert (first.level, first.opponent_level, first.points, first.opponent_points) == (
        "A+",
        "K",
        15,
        11,
    )
    assert (first.level_points, first.fouls, first.opponent_fouls) == (2, 1, 2)
    # R2 from the NS seat: 9 against 6 at time, d = 3: 16 : 10.
    assert (second.level, second.opponent_level, second.points, second.outcome) == (
        "9",
        "6",
        16,
        "win",
    )
    # R3 bye (default policy: the forfeit win, 18); R4 we forfeited: 0 and -5.
    assert (bye.points, bye.opponent_points, bye.outcome) == (18, None, "win")
    assert (forfeit.points, forfeit.level_points, forfeit.score.forfeit) == (0, -5, "NS")
    assert [h.total for h in lines] == [15, 31, 49, 49]


def test_running_total_matches_the_standings():
    rules = StandingsRules("match_points")
    for pair in (1, 2, 3, 4):
        lines = pair_history(RESULTS, rules, pair)
        row = next(r for r in standings(RESULTS, rules) if r.pair == pair)
        assert lines[-1].total == row.points


def test_lines_are_in_round_order_and_stop_after_round_n():
    shuffled = list(reversed(RESULTS))
    lines = pair_history(shuffled, StandingsRules("points26"), 1, after_round=2)
    assert [h.round for h in lines] == [1, 2]


def test_unknown_team_has_no_history():
    assert pair_history(RESULTS, StandingsRules("points26"), 99) == []
