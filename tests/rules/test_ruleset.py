"""Rule sets: presets, validation, JSON round trip and the choice constants."""

import itertools
import json

import pytest

from rules import (
    A_FAIL_OPTIONS,
    AT_TIME_OPTIONS,
    GAMES_OPTIONS,
    LEVEL_PRESETS,
    PASS_A_OPTIONS,
    RuleError,
    RuleSet,
)
from rules.errors import BAD_OPTION, BAD_OPTION_VALUE

ALL_RULESETS = [
    RuleSet.preset(levels, pass_a=p, a_fail=f, at_time=t, games=g)
    for levels, p, f, t, g in itertools.product(
        LEVEL_PRESETS, PASS_A_OPTIONS, A_FAIL_OPTIONS, AT_TIME_OPTIONS, GAMES_OPTIONS
    )
]


def test_defaults_are_the_jiangsu_rules():
    rs = RuleSet()
    assert rs == RuleSet.preset("jiangsu")
    assert rs.to_dict() == {
        "levels": "jiangsu",
        "pass_a": "partner_not_last",
        "a_fail": "unlimited",
        "time_limit_minutes": 60,
        "at_time": "finish_deal",
        "games": 1,
        "three_fouls_defeat": False,
        "two_warnings": "gestures_only",
        "delay": "warning",
        "out_of_turn": "foul_plus1",
        "time_tie": "draw",
        "hundred_at_time": "climbed_only",
        "late_disqualify": False,
    }


def test_preset_with_overrides():
    rs = RuleSet.preset("plus4", pass_a="double_down", a_fail="three_back_to_J", games=3)
    assert (rs.levels, rs.pass_a, rs.a_fail, rs.games) == (
        "plus4",
        "double_down",
        "three_back_to_J",
        3,
    )
    assert rs.wins_needed == 2


@pytest.mark.parametrize(
    "rs", ALL_RULESETS, ids=lambda rs: "-".join(map(str, rs.to_dict().values()))
)
def test_every_combination_round_trips_through_json(rs):
    assert RuleSet.from_dict(json.loads(json.dumps(rs.to_dict()))) == rs


def test_from_dict_fills_in_defaults():
    assert RuleSet.from_dict({"levels": "plus5"}) == RuleSet(levels="plus5")


def test_unknown_preset_is_refused_with_its_name_and_the_presets():
    with pytest.raises(RuleError) as exc:
        RuleSet.preset("beijing")
    err = exc.value
    assert err.code == BAD_OPTION_VALUE
    assert err.msg.params["name"] == "levels" and err.msg.params["value"] == "beijing"
    assert "jiangsu" in err.msg.params["allowed"]


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"pass_a": "one_three"}, "bad_option_value"),
        ({"a_fail": "three_back_to_K"}, "bad_option_value"),
        ({"at_time": "never"}, "bad_option_value"),
        ({"games": 2}, "bad_option_value"),
        ({"games": True}, "bad_option_value"),
        ({"games": "3"}, "bad_option_value"),
        ({"time_limit_minutes": 0}, "bad_option_value"),
        ({"time_limit_minutes": 45.5}, "bad_option_value"),
        ({"time_limit_minutes": True}, "bad_option_value"),
        ({"pass_a": ["double_down"]}, "bad_option_value"),
        ({"tribute": "yes"}, "bad_option"),
        ({"levels": "plus4"}, "bad_option"),  # the preset name already says it
    ],
)
def test_bad_options_are_refused(options, code):
    with pytest.raises(RuleError) as exc:
        RuleSet.preset("jiangsu", **options)
    assert exc.value.code == code


def test_unknown_keys_in_a_stored_dict_are_refused():
    with pytest.raises(RuleError) as exc:
        RuleSet.from_dict({"levels": "jiangsu", "colour": "red"})
    assert exc.value.code == BAD_OPTION


def test_direct_construction_is_validated_too():
    with pytest.raises(RuleError):
        RuleSet(levels="plus6")


def test_choice_constants_have_chinese_labels_for_every_allowed_value():
    for choices in (LEVEL_PRESETS, PASS_A_OPTIONS, A_FAIL_OPTIONS, AT_TIME_OPTIONS, GAMES_OPTIONS):
        for label in choices.values():
            assert any("\u4e00" <= ch <= "\u9fff" for ch in label)
    assert set(LEVEL_PRESETS) == {"jiangsu", "plus4", "plus5"}
    assert set(PASS_A_OPTIONS) == {"partner_not_last", "double_down"}
    assert set(A_FAIL_OPTIONS) == {"unlimited", "three_back_to_2", "three_back_to_J"}
    assert set(AT_TIME_OPTIONS) == {"finish_deal", "stop_now"}
    assert set(GAMES_OPTIONS) == {1, 3}


@pytest.mark.parametrize(
    ("preset", "gains"),
    [("jiangsu", (3, 2, 1)), ("plus4", (4, 2, 1)), ("plus5", (5, 3, 1))],
)
def test_upgrade_tables(preset, gains):
    rs = RuleSet.preset(preset)
    assert tuple(rs.upgrade(p) for p in (2, 3, 4)) == gains
