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
from rules.steps import FOUL_KINDS, WARNING_KINDS

RULESETS = [
    RuleSet.preset(levels, pass_a=p, a_fail=f)
    for levels, p, f in itertools.product(LEVEL_PRESETS, PASS_A_OPTIONS, A_FAIL_OPTIONS)
]
sides = st.sampled_from(["EW", "NS"])
deal = st.builds(lambda s, p: {"win": s, "partner": p}, sides, st.sampled_from([2, 3, 4]))
penalty = st.builds(
    lambda s, n: {"penalty": s, "levels": n}, sides, st.integers(-3, 3).filter(bool)
)
foul = st.builds(lambda s, k: {"foul": s, "kind": k}, sides, st.sampled_from(sorted(FOUL_KINDS)))
foul_with_levels = st.builds(
    lambda s, k, n: {"foul": s, "kind": k, "levels": n},
    sides,
    st.sampled_from(["time_delay", "signalling", "other"]),
    st.integers(-2, 2).filter(bool),
)
warning = st.builds(
    lambda s, k: {"warning": s, "kind": k}, sides, st.sampled_from(sorted(WARNING_KINDS))
)
ending = st.one_of(
    st.builds(
        lambda s, r: {"forfeit_by": s, "reason": r},
        sides,
        st.sampled_from(["three_fouls", "three_hidden", "forfeit", "late"]),
    ),
    st.just({"time": True}),
)
# Mostly deals, so that sides reach A and try to pass it; the rest sprinkled in. The
# percentages keep three fouls and forfeits rare enough for matches to run long.
WEIGHTS = [(78, deal), (6, penalty), (4, foul), (2, foul_with_levels), (8, warning), (2, ending)]


def _pick(n: int) -> st.SearchStrategy:
    for weight, strategy in WEIGHTS:
        if n < weight:
            return strategy
        n -= weight
    raise AssertionError(n)


step = st.integers(0, 99).flatmap(_pick)
step_lists = st.lists(step, max_size=80)


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


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(RULESETS), step_lists)
def test_levels_stay_on_the_scale_and_only_one_side_passes_a(rules, steps):
    for _, _, after in _walk(rules, steps):
        assert after.ew in LEVELS and after.ns in LEVELS
        assert 0 <= after.levels.ew <= 13 and 0 <= after.levels.ns <= 13
        passed = [side for side in ("EW", "NS") if after.level(side) == "A+"]
        assert len(passed) <= 1
        if passed:
            assert after.finished and after.winner == passed[0]


@settings(max_examples=200, deadline=None)
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
    """Why ``side``'s level may differ between ``before`` and ``after`` (RULES.md §3–§7)."""
    new_events = after.events[len(before.events) :]
    own = [e.code for e in new_events if e.side == side]
    if "win" in s:
        # Its own win, or its own failed attempt at A sending it back (a_fail option).
        return s["win"] == side or "back_to_level" in own
    if "penalty" in s:
        return s["penalty"] == side
    if "foul" in s or "warning" in s:
        # A foul moves the offender (card hiding, given levels) or its opponents (+1, A+).
        return True
    if "forfeit_by" in s:
        return s["reason"] == "three_hidden" and side == opponent(s["forfeit_by"])
    return False  # time changes nothing


@settings(max_examples=200, deadline=None)
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


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(RULESETS), step_lists)
def test_bookkeeping_invariants(rules, steps):
    for before, s, after in _walk(rules, steps):
        # The next deal is played at the last winner's level as it stood after the deal.
        if "win" in s and not after.finished:
            assert after.level_played.side == s["win"]
            assert after.level_played.level == after.level(s["win"])
        # Failed attempts are counted only for a side at A, and below the limit.
        for side in ("EW", "NS"):
            if after.a_attempts[side]:
                assert after.level(side) == "A"
            if rules.a_fail_limit:
                assert after.a_attempts[side] < rules.a_fail_limit
        # Fouls: three end the match, so no side ever holds more.
        assert max(after.fouls.ew, after.fouls.ns, after.hidden.ew, after.hidden.ns) <= 3
        if 3 in (after.fouls.ew, after.fouls.ns):
            assert after.finished
        # Every step says what it did.
        assert len(after.events) > len(before.events)
        assert {e.step for e in after.events[len(before.events) :]} == {before.steps}


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(RULESETS), step_lists)
def test_replay_of_the_notation_gives_the_same_state(rules, steps):
    played = [s for _, s, _ in _walk(rules, steps)]
    assert replay(rules, played) == replay(rules, format_notation(played))
