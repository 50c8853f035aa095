"""docs/rules.md §5 and §8: how a match ends, its result, and finals entered without deals."""

import dataclasses

import pytest

from rules import MatchResult, RuleError, RuleSet, validate_final
from rules.errors import AFTER_END, BOTH_PASSED_A, NEEDS_TIME, NOT_FINISHED
from rules.messages import Message

from .helpers import EW_TO_A, play


def test_passing_a_ends_the_match_with_a_result():
    state = play(f"{EW_TO_A} NS14 EW14 EW12")
    assert state.result() == MatchResult(
        ew="A+",
        ns="3",
        winner="EW",
        end_reason="passed_a",
        forfeit_by=None,
        fouls_ew=0,
        fouls_ns=0,
        pass_upgrade=3,  # passed with 1–2 (双下): the jiangsu upgrade of 3
    )
    assert state.result().difference == 12  # A+ (13) − 3 (1)


@pytest.mark.parametrize(
    ("sheet", "winner", "why"),
    [
        ("EW12 NS14 T", "EW", "EW 5 beats NS 3 at time"),
        ("EW12 NS12 T", None, "5 and 5: a draw (竞赛细则: 打平各记1分)"),
        ("T", None, "nobody played: 2 and 2 is a draw"),
        ("NS13 F:NS:H T", None, "NS 2+2=4, hides a card: NS 3, EW 3 — equal, a draw"),
        ("NS13 NS12 T", "NS", "NS 4+3=7 beats EW 2"),
    ],
)
def test_at_time_the_higher_level_wins(sheet, winner, why):
    state = play(sheet)
    result = state.result()
    assert (result.winner, result.end_reason) == (winner, "time"), why
    assert result.is_draw is (winner is None)


def test_at_time_method_ends_the_match():
    state = play("EW12 NS14").at_time()
    assert (state.finished, state.winner, state.end_reason) == (True, "EW", "time")
    assert state.events[-1].msg == Message("time", {"ew": "5", "ns": "3", "outcome": "EW"})


def test_the_time_option_is_kept_for_the_app():
    rs = RuleSet.preset("jiangsu", at_time="stop_now", time_limit_minutes=40)
    assert (rs.at_time, rs.time_limit_minutes) == ("stop_now", 40)


@pytest.mark.parametrize(
    ("sheet", "reason", "ew", "ns"),
    [
        ("FF:NS", "forfeit", "2", "2"),
        ("FF:NS:LATE", "late", "2", "2"),
        ("EW12 FF:NS:3F", "three_fouls", "5", "2"),
        ("EW12 FF:NS:3H", "three_hidden", "A+", "2"),
    ],
)
def test_forfeit_steps_end_the_match_against_a_side(sheet, reason, ew, ns):
    state = play(sheet)
    assert (state.winner, state.forfeit_by, state.end_reason) == ("EW", "NS", reason)
    assert (state.ew, state.ns) == (ew, ns)


@pytest.mark.parametrize(
    "step",
    [
        {"win": "NS", "partner": 2},
        {"penalty": "NS", "levels": 1},
        {"foul": "NS", "kind": "out_of_turn"},
        {"warning": "NS", "kind": "out_of_turn"},
        {"forfeit_by": "NS", "reason": "forfeit"},
        {"time": True},
    ],
)
@pytest.mark.parametrize("ending", [f"{EW_TO_A} EW12", "T", "FF:EW", "F:EW:H F:EW:H F:EW:H"])
def test_a_finished_match_takes_no_more_steps(ending, step):
    state = play(ending)
    with pytest.raises(RuleError) as exc:
        state.apply(step)
    assert exc.value.code == AFTER_END
    assert exc.value.params == {"end_reason": state.end_reason}


def test_at_time_after_the_end_is_refused():
    with pytest.raises(RuleError) as exc:
        play("T").at_time()
    assert exc.value.msg == Message(AFTER_END, {"end_reason": "time"})


def test_no_result_before_the_end():
    with pytest.raises(RuleError) as exc:
        play("EW12").result()
    assert exc.value.msg == Message(NOT_FINISHED)


def test_states_are_immutable():
    state = play("EW12")
    after = state.apply({"win": "NS", "partner": 2})
    assert (state.ew, state.ns, state.deals) == ("5", "2", 1)
    assert (after.ew, after.ns, after.deals) == ("5", "5", 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.finished = True  # type: ignore[misc]


def test_replay_marks_the_refused_step():
    with pytest.raises(RuleError) as exc:
        play("EW12 T EW12")
    assert exc.value.step_index == 2


# --- finals entered without deals -------------------------------------------------------

RS = RuleSet()


@pytest.mark.parametrize(
    ("ew", "ns", "expected"),
    [
        ("A+", "K", ("A+", "K")),
        ("2", "a+", ("2", "A+")),
        (5, "q", ("5", "Q")),
        ("Ａ＋", "１０", ("A+", "10")),
        ("A", "A", ("A", "A")),
    ],
)
def test_valid_finals_are_normalized(ew, ns, expected):
    assert validate_final(RS, ew, ns) == expected


def test_both_sides_past_a_is_impossible():
    with pytest.raises(RuleError) as exc:
        validate_final(RS, "A+", "a+")
    assert exc.value.msg == Message(BOTH_PASSED_A)


def test_a_final_without_a_plus_needs_time():
    with pytest.raises(RuleError) as exc:
        validate_final(RS, "A", "K", at_time=False)
    assert exc.value.msg == Message(NEEDS_TIME, {"ew": "A", "ns": "K"})
    assert validate_final(RS, "A+", "K", at_time=False) == ("A+", "K")


@pytest.mark.parametrize("bad", ["Z", "A++", 14, "", None, "0"])
def test_levels_off_the_scale_are_refused(bad):
    with pytest.raises(RuleError) as exc:
        validate_final(RS, bad, "2")
    assert exc.value.code == "bad_level"
