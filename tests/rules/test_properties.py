"""Property tests: random step lists under every combination of options."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import (
    A_FAIL_OPTIONS,
    LEVEL_PRESETS,
    LEVELS,
    PASS_A_OPTIONS,
    RuleError,
    RuleSet,
    format_notation,
    new_match,
    opponent,
    replay,
)
from rules.ruleset import (
    DELAY_OPTIONS,
    OUT_OF_TURN_OPTIONS,
    TIME_TIE_OPTIONS,
    TWO_WARNINGS_OPTIONS,
)
from rules.steps import FOUL_KINDS, WARNING_KINDS
from tests.budget import examples

# Every combination of the options the engine reads (864 rule sets).
RULESETS = [
    RuleSet.preset(
        levels,
        pass_a=p,
        a_fail=f,
        three_fouls_defeat=tfd,
        two_warnings=tw,
        delay=d,
        out_of_turn=o,
        time_tie=tt,
    )
    for levels, p, f, tfd, tw, d, o, tt in itertools.product(
        LEVEL_PRESETS,
        PASS_A_OPTIONS,
        A_FAIL_OPTIONS,
        (False, True),
        TWO_WARNINGS_OPTIONS,
        DELAY_OPTIONS,
        OUT_OF_TURN_OPTIONS,
        TIME_TIE_OPTIONS,
    )
]
FOULS = sorted(FOUL_KINDS)
FREE_FOULS = ["time_delay", "signalling", "other"]  # the kinds that take "levels"
WARNINGS = sorted(WARNING_KINDS)
ENDINGS = ["three_fouls", "three_hidden", "forfeit", "late"]


def _make_step(draw: int) -> dict:
    """Turn one random number into a step.

    Generating one integer per step is several times faster than nested strategies, and
    the suite must stay fast. The last two digits pick the kind — mostly deals, so that
    sides reach A and try to pass it; rare fouls and endings, so that matches run long —
    and the rest picks the side, the partner place, the levels and the kind of foul.
    """
    n, rest = draw % 100, draw // 100
    side = ("EW", "NS")[rest % 2]
    partner = 2 + rest // 2 % 3
    levels = (-3, -2, -1, 1, 2, 3)[rest // 6 % 6]
    k = rest // 36
    if n < 78:
        return {"win": side, "partner": partner}
    if n < 84:
        return {"penalty": side, "levels": levels}
    if n < 90:
        return {"foul": side, "kind": FOULS[k % len(FOULS)]}
    if n < 92:
        return {"foul": side, "kind": FREE_FOULS[k % 3], "levels": levels}
    if n < 98:
        return {"warning": side, "kind": WARNINGS[k % len(WARNINGS)]}
    if k % 5 == 4:
        return {"time": True}
    return {"forfeit_by": side, "reason": ENDINGS[k % 5]}


def _make_steps(draws: list[int]) -> list[dict]:
    return [_make_step(d) for d in draws]


step_number = st.integers(0, 100 * 36 * 60 - 1)
step = step_number.map(_make_step)
# Hypothesis favours short lists; long ones are needed to reach A and fail there. The lists
# are drawn as numbers and turned into steps at once: the same draws as a list of mapped
# numbers (the same steps), without hypothesis' bookkeeping of one map per element.
step_lists = st.one_of(
    st.lists(step_number, max_size=10), st.lists(step_number, min_size=30, max_size=100)
).map(_make_steps)


def _walk(rules, steps):
    """Apply steps one by one: yield (before, step, after), and check refused steps."""
    state = new_match(rules)
    for s in steps:
        if state.finished:
            try:
                state.apply(s)
            except RuleError as err:
                assert err.code == "after_end"
            else:
                raise AssertionError("a finished match took another step")
            continue
        after = state.apply(s)
        yield state, s, after
        state = after


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(RULESETS), step_lists)
def test_levels_stay_on_the_scale_and_only_one_side_passes_a(rules, steps):
    for _, s, after in _walk(rules, steps):
        assert after.ew in LEVELS and after.ns in LEVELS
        assert 0 <= after.levels.ew <= 13 and 0 <= after.levels.ns <= 13
        passed = [side for side in ("EW", "NS") if after.level(side) == "A+"]
        assert len(passed) <= 1
        if passed:
            assert after.finished and after.winner == passed[0]
            # A+ comes only from a win meeting the pass_a condition, or three hidden cards.
            if after.end_reason == "passed_a":
                assert s.get("win") == passed[0] and rules.passes_a(s["partner"])
            else:
                assert after.end_reason == "three_hidden"


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(RULESETS), step_lists, step)
def test_a_finished_match_takes_no_more_steps(rules, steps, extra):
    state = new_match(rules)
    for s in steps:
        if state.finished:
            break
        state = state.apply(s)
    if not state.finished:
        state = state.at_time()
    for attempt in (lambda: state.apply(extra), state.at_time):
        try:
            attempt()
        except RuleError as err:
            assert err.code == "after_end"
        else:
            raise AssertionError("a finished match took another step")
    assert state.result().end_reason == state.end_reason


def _allowed_change(before, s, after, side):
    """Why ``side``'s level may differ between ``before`` and ``after`` (docs/rules.md §3–§7)."""
    new_events = after.events[len(before.events) :]
    own = [e.code for e in new_events if e.side == side]
    if "win" in s:
        # Its own win, or its own failed attempt at A sending it back (a_fail option).
        return s["win"] == side or "back_to_level" in own
    if "penalty" in s:
        return s["penalty"] == side
    if "foul" in s:
        # The offender moves on card hiding (−1) or levels given by the referee; its
        # opponents on out-of-turn play and card hiding (+1, or A+ on the third hiding).
        if side == s["foul"]:
            return s["kind"] == "card_hiding" or "levels" in s
        if s["kind"] == "out_of_turn":
            return before.rules.out_of_turn == "foul_plus1"  # the other variants: no level
        return s["kind"] == "card_hiding"
    if "warning" in s:
        return side == opponent(s["warning"])  # two warnings in a deal: opponents +1
    if "forfeit_by" in s:
        return s["reason"] == "three_hidden" and side == opponent(s["forfeit_by"])
    return False  # time changes nothing


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(RULESETS), step_lists)
def test_a_side_moves_only_on_its_own_win_or_a_penalty(rules, steps):
    for before, s, after in _walk(rules, steps):
        for side in ("EW", "NS"):
            if before.levels[side] != after.levels[side]:
                assert _allowed_change(before, s, after, side), (s, side)
        if "penalty" in s:
            assert after.levels[opponent(s["penalty"])] == before.levels[opponent(s["penalty"])]
        if "win" in s and before.levels[opponent(s["win"])] != after.levels[opponent(s["win"])]:
            # The loser moved: only back to the restart level of its third failure.
            assert (
                after.level(opponent(s["win"]))
                == {"three_back_to_2": "2", "three_back_to_J": "J"}[rules.a_fail]
            )


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(RULESETS), step_lists)
def test_bookkeeping_invariants(rules, steps):
    for before, s, after in _walk(rules, steps):
        # The next deal is played at the last winner's level as it stood after the deal.
        if "win" in s and not after.finished:
            assert after.level_played.side == s["win"]
            assert after.level_played.level == after.level(s["win"])
        # A deal played at a side's own A is an attempt: it passes, or the count goes up
        # (or the side is sent back on its last failure) — whoever won it.
        if "win" in s:
            played = before.level_played
            side = played.side
            if played.level == "A" and side and before.level(side) == "A":
                sent_back = after.level(side) in ("2", "J") and after.a_attempts[side] == 0
                counted = after.a_attempts[side] == before.a_attempts[side] + 1
                assert after.level(side) == "A+" or counted or sent_back
            elif after.end_reason != "passed_a":
                assert after.a_attempts == before.a_attempts
        # Failed attempts are counted only for a side at A, and below the limit.
        for side in ("EW", "NS"):
            if after.a_attempts[side]:
                assert after.level(side) == "A"
            if rules.a_fail_limit:
                assert after.a_attempts[side] < rules.a_fail_limit
        # Three hidden cards always end the match; three fouls only under docs/rules.md §7.3.
        assert max(after.hidden.ew, after.hidden.ns) <= 3
        if rules.three_fouls_defeat:
            assert max(after.fouls.ew, after.fouls.ns) <= 3
            if 3 in (after.fouls.ew, after.fouls.ns):
                assert after.finished
        # Equal levels at time: a draw, or 台下 wins under downstage_wins after a deal.
        if "time" in s and after.ew == after.ns:
            downstage = rules.time_tie == "downstage_wins" and before.level_played.side
            expected = opponent(before.level_played.side) if downstage else None
            assert after.winner == expected
        # Every step says what it did.
        assert len(after.events) > len(before.events)
        assert {e.step for e in after.events[len(before.events) :]} == {before.steps}


@settings(max_examples=examples(50), deadline=None)
@given(st.sampled_from(RULESETS), step_lists)
def test_replay_of_the_notation_gives_the_same_state(rules, steps):
    played = [s for _, s, _ in _walk(rules, steps)]
    assert replay(rules, played) == replay(rules, format_notation(played))
