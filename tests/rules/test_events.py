"""Events: what each step did, as codes and parameters the score sheet reads back.

Their sentences, in Chinese and English, are the Django layer's (tests/app: the same worked
match read back in both languages)."""

import pytest

from rules.events import ATTEMPT_LIMIT, EVENT_CODES, make_event
from rules.messages import Message

from .helpers import EW_TO_A, play

WORKED = f"{EW_TO_A} NS14 EW14 EW14 NS13 NS12 NS12 NS13 NS12"
"""three_back_to_2: EW reaches A, fails three times (back to 2), NS then reaches A."""


def _limit(n: int) -> Message:
    return Message(ATTEMPT_LIMIT, {"limit": n})


def test_a_worked_match_reads_back_step_by_step():
    state = play(WORKED, a_fail="three_back_to_2")
    ew, ns = {"side": "EW", "opp": "NS"}, {"side": "NS", "opp": "EW"}
    lines = [(e.step, e.code, e.params) for e in state.events]
    assert lines == [
        (0, "upgrade", {"partner": 2, "gain": 3, "level": "5", **ew}),
        (1, "upgrade", {"partner": 2, "gain": 3, "level": "8", **ew}),
        (2, "upgrade", {"partner": 2, "gain": 3, "level": "J", **ew}),
        (3, "upgrade", {"partner": 2, "gain": 3, "level": "A", **ew}),
        (4, "upgrade", {"partner": 4, "gain": 1, "level": "3", **ns}),
        (4, "attempt_failed", {"count": 1, "of_limit": _limit(3), **ew}),
        (5, "stays_at_a", {"partner": 4, **ew}),
        (6, "attempt_failed", {"count": 2, "of_limit": _limit(3), **ew}),
        (7, "upgrade", {"partner": 3, "gain": 2, "level": "5", **ns}),
        (7, "attempt_failed", {"count": 3, "of_limit": _limit(3), **ew}),
        (7, "back_to_level", {"level": "2", **ew}),
        (8, "upgrade", {"partner": 2, "gain": 3, "level": "8", **ns}),
        (9, "upgrade", {"partner": 2, "gain": 3, "level": "J", **ns}),
        (10, "upgrade", {"partner": 3, "gain": 2, "level": "K", **ns}),
        (11, "upgrade_capped", {"partner": 2, "gain": 3, **ns}),
    ]
    assert not state.finished
    passed = state.apply({"win": "NS", "partner": 3})
    assert passed.events[-1].msg == Message("passed_a", {"partner": 3, **ns})


def test_fouls_and_forfeits_carry_the_codes_of_their_kind_and_reason():
    state = play("F:NS:O W:EW:S FF:EW:LATE")
    assert [e.msg for e in state.events] == [
        Message("foul", {"foul_kind": "out_of_turn", "count": 1, "side": "NS", "opp": "EW"}),
        Message("level_change", {"delta": 1, "old": "2", "new": "3", "side": "EW", "opp": "NS"}),
        Message("warning_only", {"foul_kind": "signalling", "side": "EW", "opp": "NS"}),
        Message("forfeit", {"end_reason": "late", "side": "EW", "opp": "NS"}),
    ]


def test_an_attempt_without_a_limit_says_no_limit():
    state = play(f"{EW_TO_A} NS14")  # the default rules count attempts without a limit
    failed = [e for e in state.events if e.code == "attempt_failed"]
    assert [e.params["of_limit"] for e in failed] == [""]


def test_every_event_code_is_listed_and_an_unknown_one_is_a_bug():
    assert "upgrade" in EVENT_CODES and "time" in EVENT_CODES
    with pytest.raises(KeyError):
        make_event(0, "no_such_event", "EW")
