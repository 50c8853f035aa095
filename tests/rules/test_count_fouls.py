"""The foul log count (used by the app) agrees with the engine under every option."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RuleSet, replay
from rules.fouls import count_fouls
from rules.ruleset import DELAY_OPTIONS, OUT_OF_TURN_OPTIONS, TWO_WARNINGS_OPTIONS
from tests.budget import examples

RULESETS = [
    RuleSet(two_warnings=tw, delay=d, out_of_turn=o)
    for tw, d, o in itertools.product(TWO_WARNINGS_OPTIONS, DELAY_OPTIONS, OUT_OF_TURN_OPTIONS)
]
KINDS = ["out_of_turn", "wrong_count", "time_delay", "signalling", "other"]
WARNING_KINDS = ["out_of_turn", "time_delay", "signalling", "other"]
entry = st.tuples(st.sampled_from(KINDS), st.sampled_from(["foul", "warning"]), st.integers(1, 3))


def _steps(log: list[tuple[str, str, int]]) -> list[dict]:
    """The sheet of one side's log: deals won by the other side between deal numbers."""
    steps, deal = [], 1
    for kind, severity, number in sorted(log, key=lambda e: e[2]):
        while deal < number:
            steps.append({"win": "EW", "partner": 4})
            deal += 1
        if severity == "warning" and kind in WARNING_KINDS:
            steps.append({"warning": "NS", "kind": kind})
        else:
            steps.append({"foul": "NS", "kind": kind})
    return steps


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from(RULESETS), st.lists(entry, max_size=12))
def test_count_fouls_equals_the_engine(rules, log):
    # A wrong count logged as a warning is still a wrong-count step (the engine decides).
    log = [(k, "foul" if k == "wrong_count" else s, d) for k, s, d in log]
    ordered = sorted(log, key=lambda e: e[2])
    assert count_fouls(rules, ordered) == replay(rules, _steps(log)).fouls["NS"]
