"""docs/rules.md §4: passing A, and failed attempts at A."""

import pytest

from rules import LevelPlayed
from rules.messages import Message

from .helpers import EW_TO_A, codes, play

# Every row of the pass_a table: EW wins its own A deal with each partner place.
# partner_not_last passes on 1–2 and 1–3 (头游's partner not 末游); double_down only on 1–2.
PASS_A = [
    ("partner_not_last", 2, True),
    ("partner_not_last", 3, True),
    ("partner_not_last", 4, False),
    ("double_down", 2, True),
    ("double_down", 3, False),
    ("double_down", 4, False),
]


@pytest.mark.parametrize(("pass_a", "partner", "passes"), PASS_A)
def test_each_row_of_the_pass_a_table(pass_a, partner, passes):
    state = play(f"{EW_TO_A} EW1{partner}", pass_a=pass_a)
    assert state.finished is passes
    assert state.ew == ("A+" if passes else "A")
    assert state.winner == ("EW" if passes else None)
    assert state.a_attempts["EW"] == (0 if passes else 1)


def test_double_down_refuses_a_1_3_pass():
    # docs/rules.md §4.1: "过A方必须对方双下" — 1–3 at EW's own A is a failed attempt, EW stays at A.
    state = play(f"{EW_TO_A} EW13", pass_a="double_down")
    assert (state.ew, state.finished) == ("A", False)
    assert codes(state)[-1] == "attempt_failed"
    # ... and 1–2 at the next own A deal passes.
    passed = state.apply({"win": "EW", "partner": 2})
    assert (passed.ew, passed.winner, passed.end_reason) == ("A+", "EW", "passed_a")


def test_losing_the_own_a_deal_is_a_failed_attempt():
    state = play(f"{EW_TO_A} NS12")
    assert (state.ew, state.ns) == ("A", "5")
    assert state.a_attempts == state.a_attempts.set("EW", 1)


# The three failures used below, after EW reaches A (next deal: EW's A):
#   NS14  NS wins EW's A deal          -> EW failure 1; NS 2+1 = 3; next deal NS's 3
#   EW14  EW wins NS's deal            -> no attempt, EW stays at A; next deal EW's A
#   EW14  EW wins its own A but 1–4    -> failure 2 (partner last); next deal EW's A
#   NS13  NS wins EW's A deal          -> failure 3; NS 3+2 = 5
THREE_FAILURES = f"{EW_TO_A} NS14 EW14 EW14 NS13"

A_FAIL = [
    ("unlimited", "A", 3, "no limit: 淮安规则 打A没有次数限制"),
    ("three_back_to_2", "2", 0, "third failure returns to 2 (§14.9: A三牌不过返回2)"),
    ("three_back_to_J", "J", 0, "third failure restarts at J (knockout flyers, §14.5)"),
]


@pytest.mark.parametrize(("a_fail", "ew", "attempts", "why"), A_FAIL)
def test_each_row_of_the_a_fail_table(a_fail, ew, attempts, why):
    state = play(THREE_FAILURES, a_fail=a_fail)
    assert (state.ew, state.ns) == (ew, "5"), why
    assert state.a_attempts["EW"] == attempts, why
    assert state.level_played == LevelPlayed("5", "NS")


@pytest.mark.parametrize(("a_fail", "ew"), [("three_back_to_2", "2"), ("three_back_to_J", "J")])
def test_two_failures_keep_the_side_at_a(a_fail, ew):
    state = play(f"{EW_TO_A} NS14 EW14 EW14", a_fail=a_fail)
    assert (state.ew, state.a_attempts["EW"]) == ("A", 2)
    # The third attempt, won 1–4, fails too: the winner goes back and plays that level next.
    third = state.apply({"win": "EW", "partner": 4})
    assert third.ew == ew
    assert third.level_played == LevelPlayed(ew, "EW")
    assert codes(third)[-2:] == ["attempt_failed", "back_to_level"]


def test_the_third_failure_event_says_3_of_3():
    state = play(THREE_FAILURES, a_fail="three_back_to_2")
    failed = [e.params for e in state.events if e.code == "attempt_failed"]
    assert [(p["count"], p["of_limit"].params["limit"]) for p in failed] == [(1, 3), (2, 3), (3, 3)]
    assert state.events[-1].msg == Message(
        "back_to_level", {"level": "2", "side": "EW", "opp": "NS"}
    )


def test_a_deal_at_the_opponents_level_is_no_attempt():
    # EW at A loses NS's deal (NS won the previous one): EW's count does not move.
    state = play(f"{EW_TO_A} NS14 NS14", a_fail="three_back_to_2")
    assert state.a_attempts["EW"] == 1  # only the first NS14 was played at EW's A


def test_leaving_a_by_a_penalty_restarts_the_count():
    # Two failures, then -EW (K: count back to 0) and +EW (A again). The next failure is
    # the first of a new series, so EW stays at A instead of returning to 2.
    state = play(f"{EW_TO_A} NS14 EW14 EW14 -EW +EW NS14", a_fail="three_back_to_2")
    assert state.ew == "A"
    assert state.a_attempts["EW"] == 1


def test_a_penalty_during_the_own_a_deal_cancels_the_attempt():
    # EW's A deal is in progress; EW hides a card (EW K) and then wins 1–2: no pass, because
    # EW is no longer at A; K + 3 stops at A.
    state = play(f"{EW_TO_A} F:EW:H EW12")
    assert (state.ew, state.finished) == ("A", False)


def test_a_penalty_to_a_during_a_k_deal_gives_no_attempt():
    # EW at K plays its K deal; an NS out-of-turn play lifts EW to A; EW then wins 1–2.
    # The deal was dealt at K, so it is no attempt: EW stays at A and plays its A next.
    state = play("EW12 EW12 EW12 EW13 F:NS:O EW12")
    assert (state.ew, state.finished) == ("A", False)
    assert state.level_played == LevelPlayed("A", "EW")


def test_both_sides_at_a():
    # EW reaches A; NS reaches A while EW fails; NS then passes A on its own A deal.
    sheet = f"{EW_TO_A} NS12 NS12 NS12 NS12 NS13"
    state = play(sheet)
    # NS's 4th 1–2 (J → A) was played at NS's level: no attempt. NS13 at NS's own A passes.
    assert (state.ew, state.ns, state.winner) == ("A", "A+", "NS")
    assert state.a_attempts["EW"] == 1  # only the first NS12 was played at EW's A
