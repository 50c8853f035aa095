"""Steps: accepted spellings, refused steps and the messages a referee reads."""

import pytest

from rules import RuleError, RuleSet, new_match, normalize_step
from rules.errors import BAD_PARTNER, BAD_SIDE, BAD_STEP
from rules.messages import Message

START = new_match(RuleSet())


@pytest.mark.parametrize(
    ("step", "canonical"),
    [
        ({"win": "ew", "partner": 2}, {"win": "EW", "partner": 2}),
        ({"win": "南北", "partner": "3"}, {"win": "NS", "partner": 3}),
        ({"penalty": " ns ", "levels": "-2"}, {"penalty": "NS", "levels": -2}),
        (
            {"foul": "EW", "kind": "Signalling", "levels": -1},
            {"foul": "EW", "kind": "signalling", "levels": -1},
        ),
        ({"warning": "东西", "kind": "out_of_turn"}, {"warning": "EW", "kind": "out_of_turn"}),
        ({"forfeit_by": "NS"}, {"forfeit_by": "NS", "reason": "forfeit"}),
        ({"time": True}, {"time": True}),
    ],
)
def test_accepted_spellings(step, canonical):
    assert normalize_step(step) == canonical


@pytest.mark.parametrize("partner", [1, 5, 0, "x", None, True, 2.0, "12"])
def test_partner_outside_2_3_4_is_refused(partner):
    with pytest.raises(RuleError) as exc:
        START.apply({"win": "EW", "partner": partner})
    assert exc.value.msg == Message(BAD_PARTNER, {"value": partner})


@pytest.mark.parametrize("side", ["E", "EN", "", None, 1, "north"])
def test_unknown_sides_are_refused(side):
    with pytest.raises(RuleError) as exc:
        START.apply({"win": side, "partner": 2})
    assert exc.value.msg == Message(BAD_SIDE, {"value": side})


@pytest.mark.parametrize(
    ("step", "code"),
    [
        ({"deal": "EW"}, BAD_STEP),
        ({}, BAD_STEP),
        ("EW12", BAD_STEP),
        ({"win": "EW", "partner": 2, "levels": 1}, BAD_STEP),
        ({"time": False}, BAD_STEP),
        ({"penalty": "EW"}, "bad_levels"),
        ({"penalty": "EW", "levels": 0}, "bad_levels"),
        ({"penalty": "EW", "levels": 13}, "bad_levels"),
        ({"penalty": "EW", "levels": 1.5}, "bad_levels"),
        ({"foul": "EW", "kind": "rudeness"}, "bad_foul_kind"),
        ({"foul": "EW"}, "bad_foul_kind"),
        ({"warning": "EW", "kind": "wrong_count"}, "bad_warning_kind"),
        ({"forfeit_by": "EW", "reason": "sick"}, "bad_reason"),
        ({"forfeit_by": "EW", "reason": "passed_a"}, "bad_reason"),
    ],
)
def test_bad_steps_are_refused_with_a_code(step, code):
    with pytest.raises(RuleError) as exc:
        START.apply(step)
    assert exc.value.code == code


def test_rule_error_is_a_value_error():
    with pytest.raises(ValueError):
        START.apply({"win": "EW", "partner": 9})
