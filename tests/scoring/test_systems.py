"""One match scored by each system (docs/rules.md §6, §7, §8)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.levels import LEVELS
from scoring import BYE_POLICIES, SYSTEMS, ScoreOptions, ScoringError, score_match
from scoring import errors as msg
from scoring.system_numbers import (
    HUNDRED_LOSER_CAP,
    HUNDRED_WINNER_CAP,
    hundred_plus_loser_points,
    hundred_plus_winner_points,
)

# The table of 《淮安掼蛋比赛规则》 (级差与得分换算, 26分制, docs/rules.md §6.1), copied as printed, column d = 0 … 13.
SEED_001_WINNER = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]
SEED_001_LOSER = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]


def _pair_with_difference(d: int) -> tuple[str, str]:
    """A finished match (winner past A) with level difference d; d = 0 is a draw at 7."""
    if d == 0:
        return "7", "7"
    return "A+", LEVELS[13 - d]


@pytest.mark.parametrize("d", range(14))
def test_points26_reproduces_the_seed_table_for_every_level_difference(d):
    winner, loser = _pair_with_difference(d)
    s = score_match("points26", ew=winner, ns=loser)
    assert (s.ew_points, s.ns_points) == (SEED_001_WINNER[d], SEED_001_LOSER[d])
    assert (s.ew_level_points, s.ns_level_points) == (d, -d)
    assert s.level_difference == d


@pytest.mark.parametrize("d", range(1, 14))
def test_points26_table_holds_when_ns_wins_at_time(d):
    # d ≤ 12: stopped at time, nobody passed A, the higher level wins by the same table.
    loser, winner = "2", LEVELS[d]
    s = score_match("points26", ew=loser, ns=winner)
    assert (s.ns_points, s.ew_points) == (SEED_001_WINNER[d], SEED_001_LOSER[d])
    assert (s.ew_outcome, s.ns_outcome) == ("loss", "win")
    assert s.ew_level_points == -d


def test_issue_examples():
    s = score_match("points26", ew="A+", ns="K")
    assert (s.ew_points, s.ns_points, s.ew_level_points, s.ns_level_points) == (15, 11, 2, -2)
    s = score_match("match_points", ew="Q", ns="Q")
    assert (s.ew_points, s.ns_points, s.ew_level_points, s.ns_level_points) == (1, 1, 0, 0)
    s = score_match("match_points", ew="9", ns="5", forfeit="NS")
    assert (s.ew_points, s.ns_points, s.ew_level_points, s.ns_level_points) == (2, 0, 10, -10)
    s = score_match("hundred_plus", ew="A+", ns="8")
    assert (s.ew_points, s.ns_points) == (107, 6)
    assert s.level_difference == 7


def test_levels_accept_every_spelling_of_normalize_level():
    s = score_match("points26", ew="过A", ns="ｋ")
    assert (s.ew_level, s.ns_level, s.ew_points) == ("A+", "K", 15)
    assert score_match("points26", ew=10, ns="a+").ns_points == 18  # 10 vs A+: d = 13 - 8


def test_match_points_win_draw_and_level_points():
    s = score_match("match_points", ew="6", ns="A+")
    assert (s.ew_points, s.ns_points) == (0, 2)
    assert (s.ew_level_points, s.ns_level_points) == (-9, 9)
    assert (s.ew_outcome, s.ns_outcome) == ("loss", "win")
    s = score_match("match_points", ew="J", ns="J")
    assert (s.ew_outcome, s.ns_outcome) == ("draw", "draw")


def test_hundred_plus_winner_scores_100_plus_d_loser_its_climbed_levels():
    s = score_match("hundred_plus", ew="A+", ns="2")
    assert (s.ew_points, s.ns_points) == (113, 0)
    s = score_match("hundred_plus", ew="K", ns="A+")  # loser climbed to K: index 11
    assert (s.ew_points, s.ns_points) == (11, 102)
    s = score_match("hundred_plus", ew="J", ns="5")  # at time, nobody past A: climbed only
    assert (s.ew_points, s.ns_points, s.ew_level_points, s.ew_outcome) == (9, 3, 6, "win")
    higher = ScoreOptions(hundred_at_time="higher_wins")
    s = score_match("hundred_plus", ew="J", ns="5", options=higher)  # higher wins, d = 6
    assert (s.ew_points, s.ns_points, s.ew_level_points) == (106, 3, 6)


def test_hundred_plus_draw_at_time_gives_both_their_climbed_levels():
    s = score_match("hundred_plus", ew="9", ns="9")
    assert (s.ew_points, s.ns_points, s.ew_outcome) == (7, 7, "draw")
    s = score_match("hundred_plus", ew="A", ns="A")
    assert (s.ew_points, s.ns_points) == (12, 12)


@pytest.mark.parametrize(("d", "expected"), [(13, 113), (14, 114), (15, 115), (16, 115), (20, 115)])
def test_hundred_plus_winner_difference_is_capped_at_15(d, expected):
    assert HUNDRED_WINNER_CAP == 15
    assert hundred_plus_winner_points(d) == expected


@pytest.mark.parametrize(("index", "expected"), [(0, 0), (11, 11), (12, 12), (13, 12), (20, 12)])
def test_hundred_plus_loser_is_capped_at_12(index, expected):
    assert HUNDRED_LOSER_CAP == 12
    assert hundred_plus_loser_points(index) == expected


def test_hundred_plus_maximum_of_three_rounds_is_345_as_the_seeds_quote():
    assert 3 * hundred_plus_winner_points(99) == 345


@pytest.mark.parametrize(
    ("system", "winner", "level_points"),
    [("points26", 18, 5), ("match_points", 2, 10), ("hundred_plus", 105, 5)],
)
def test_forfeit_scores_of_each_system(system, winner, level_points):
    # Levels written on a forfeited table are kept but do not count.
    s = score_match(system, ew="3", ns="K", forfeit="NS")
    assert (s.ew_points, s.ns_points) == (winner, 0)
    assert (s.ew_level_points, s.ns_level_points) == (level_points, -level_points)
    assert (s.ew_outcome, s.ns_outcome) == ("win", "loss")
    assert s.forfeit == "NS" and s.level_difference == level_points
    s = score_match(system, ew=None, ns=None, forfeit="EW")
    assert (s.ew_points, s.ns_points) == (0, winner)


@pytest.mark.parametrize(
    ("system", "level_points"), [("points26", 5), ("match_points", 10), ("hundred_plus", 5)]
)
def test_both_absent_both_score_the_forfeit_loss(system, level_points):
    s = score_match(system, ew=None, ns=None, forfeit="both")
    assert (s.ew_points, s.ns_points) == (0, 0)
    assert (s.ew_level_points, s.ns_level_points) == (-level_points, -level_points)
    assert (s.ew_outcome, s.ns_outcome) == ("loss", "loss")


@pytest.mark.parametrize(
    ("system", "winner", "level_points"),
    [("points26", 26, 13), ("match_points", 2, 10), ("hundred_plus", 113, 13)],
)
@pytest.mark.parametrize("reason", ["three_fouls", "three_hidden"])
def test_defeat_by_fouls_or_hidden_cards(system, winner, level_points, reason):
    # The offenders (EW) were ahead at A; the defeat overrides the levels (docs/rules.md §6.1).
    s = score_match(system, ew="A", ns="5", defeat=("EW", reason))
    assert (s.ew_points, s.ns_points) == (0, winner)
    assert (s.ew_level_points, s.ns_level_points) == (-level_points, level_points)
    assert (s.ew_outcome, s.ns_outcome) == ("loss", "win")
    assert s.defeat == ("EW", reason)


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_late_arrival_is_scored_as_a_forfeit(system):
    late = score_match(system, ew="4", ns="4", defeat=["NS", "late"])
    forfeit = score_match(system, ew="4", ns="4", forfeit="NS")
    assert (late.ew_points, late.ns_points, late.ew_level_points) == (
        forfeit.ew_points,
        forfeit.ns_points,
        forfeit.ew_level_points,
    )
    assert late.defeat == ("NS", "late") and late.forfeit is None


@pytest.mark.parametrize(
    ("system", "policy", "points", "level_points", "outcome"),
    [
        ("points26", "forfeit_win", 18, 5, "win"),
        ("match_points", "forfeit_win", 2, 10, "win"),
        ("hundred_plus", "forfeit_win", 105, 5, "win"),
        ("points26", "draw", 13, 0, "draw"),
        ("match_points", "draw", 1, 0, "draw"),
        ("hundred_plus", "draw", 0, 0, "draw"),
        ("points26", "zero", 0, 0, "loss"),
        ("match_points", "zero", 0, 0, "loss"),
        ("hundred_plus", "zero", 0, 0, "loss"),
    ],
)
def test_bye_policies(system, policy, points, level_points, outcome):
    s = score_match(system, ew=None, ns=None, bye=True, bye_policy=policy)
    assert (s.ew_points, s.ew_level_points, s.ew_outcome) == (points, level_points, outcome)
    assert s.bye and s.ns_level is None and s.ns_outcome is None and s.ns_points == 0


def test_default_bye_is_the_forfeit_win():
    assert score_match("points26", ew="5", ns=None, bye=True).ew_points == 18


def test_exported_labels():
    assert SYSTEMS == {
        "points26": "26分制（级差换算）",
        "match_points": "胜2平1负0（级差分）",
        "hundred_plus": "100+级差（分组三轮移位）",
    }
    assert set(BYE_POLICIES) == {"forfeit_win", "draw", "zero"}
    assert all(BYE_POLICIES.values())


def test_seat_returns_one_side():
    s = score_match("points26", ew="A+", ns="Q")
    assert s.seat("NS").points == 10 and s.seat("EW").level_points == 3
    with pytest.raises(ScoringError):
        s.seat("E")


def test_match_score_is_frozen():
    s = score_match("points26", ew="A+", ns="Q")
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.ew_points = 26


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"system": "points26", "ew": "A+", "ns": "A+"}, msg.BOTH_PASSED_A),
        ({"system": "points13", "ew": "A+", "ns": "K"}, msg.UNKNOWN_SYSTEM),
        ({"system": "points26", "ew": "Z", "ns": "K"}, msg.BAD_LEVEL),
        ({"system": "points26", "ew": "A+", "ns": None}, msg.LEVELS_REQUIRED),
        ({"system": "points26", "ew": "5", "ns": "6", "forfeit": "E"}, msg.BAD_FORFEIT),
        (
            {"system": "points26", "ew": "5", "ns": "6", "forfeit": "EW", "defeat": ("NS", "late")},
            msg.FORFEIT_AND_DEFEAT,
        ),
        ({"system": "points26", "ew": "5", "ns": "6", "defeat": ("NS", "rude")}, msg.BAD_DEFEAT),
        ({"system": "points26", "ew": "5", "ns": "6", "defeat": ("N", "late")}, msg.BAD_DEFEAT),
        ({"system": "points26", "ew": "5", "ns": "6", "defeat": "NS"}, msg.BAD_DEFEAT),
        ({"system": "points26", "ew": "5", "ns": "6", "bye": True}, msg.BYE_WITH_OPPONENT),
        (
            {"system": "points26", "ew": "5", "ns": None, "bye": True, "forfeit": "EW"},
            msg.BYE_WITH_FORFEIT,
        ),
        (
            {"system": "points26", "ew": "5", "ns": None, "bye": True, "bye_policy": "half"},
            msg.UNKNOWN_BYE_POLICY,
        ),
    ],
)
def test_impossible_input_raises_scoring_error_with_chinese_message(kwargs, message):
    system = kwargs.pop("system")
    with pytest.raises(ScoringError) as caught:
        score_match(system, **kwargs)
    assert caught.value.code == message
    assert isinstance(caught.value, ValueError)
