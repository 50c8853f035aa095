"""Competition profiles (docs/rules.md §13): one per competition system of the documents.

Vocabulary
----------
profile (赛制模板)
    A named set of values for every event option: the rule options of
    :class:`rules.ruleset.RuleSet` and the event options the app keeps beside them (format,
    rounds, scoring system, lateness, forfeit score, seating, same-unit rule, tiebreaks,
    award tiers). The organizer picks one when creating an event and may change any option
    afterwards. Option names are the app's (``time_limit`` in minutes, as on the event).

Plain data only: :meth:`rules.ruleset.RuleSet.profile` builds the rule set of a profile.

>>> profile_options("swiss_match_points")["three_fouls_defeat"]
True
>>> sorted(PROFILES)
['knockout', 'rotation_hundred', 'swiss_match_points', 'swiss_points26']
"""

from __future__ import annotations

from typing import Any

from rules.errors import BAD_OPTION_VALUE, RuleError

PROFILE_LABELS: dict[str, str] = {
    "swiss_points26": "积分编排26分制（S-A，淮安规则）",
    "swiss_match_points": "积分编排胜2平1负0（S-B，竞赛细则）",
    "rotation_hundred": "分组三轮移位100+级差（S-C，分组移位规则）",
    "knockout": "淘汰赛（S-D，淘汰赛策划）",
}
"""The four profiles with their Chinese names, in the order a form offers them."""

# What every profile sets unless it says otherwise: the documents' most common reading.
_BASE: dict[str, Any] = {
    "format": "swiss",
    "rounds": 7,
    "levels": "jiangsu",
    "pass_a": "partner_not_last",
    "a_fail": "unlimited",
    "time_limit": 60,
    "at_time": "finish_deal",
    "games": 1,
    "scoring": "points26",
    "bye_policy": "forfeit_win",
    "late_minutes": 10,
    "hundred_forfeit": 105,
    "seating": "first_ew",
    "avoid_same_unit": "off",
    "tiebreaks": ["points", "level_diff", "opp_points", "fouls", "last_rounds", "lot"],
    "award_tiers": [["一等奖", 1], ["二等奖", 2], ["三等奖", 3]],
    "three_fouls_defeat": False,
    "two_warnings": "gestures_only",
    "delay": "warning",
    "out_of_turn": "foul_plus1",
    "time_tie": "draw",
    "hundred_at_time": "climbed_only",
    "late_disqualify": False,
}

# Each profile lists every option it fixes, even where it equals the base, so that the
# table of docs/rules.md §13 can be read off here line by line.
PROFILES: dict[str, dict[str, Any]] = {
    "swiss_points26": _BASE
    | {
        "format": "swiss",
        "rounds": 10,
        "levels": "jiangsu",
        "pass_a": "partner_not_last",
        "a_fail": "unlimited",
        "time_limit": 60,
        "at_time": "finish_deal",
        "scoring": "points26",
        "late_minutes": 15,
        "three_fouls_defeat": False,
        "out_of_turn": "foul_plus1",
        "two_warnings": "gestures_only",
    },
    "swiss_match_points": _BASE
    | {
        "format": "swiss",
        "rounds": 4,
        "levels": "plus4",
        "pass_a": "double_down",
        "time_limit": 40,
        "at_time": "finish_deal",
        "time_tie": "draw",
        "scoring": "match_points",
        "late_minutes": 5,
        "three_fouls_defeat": True,
        "delay": "foul",
        "out_of_turn": "stop_trick",
        "two_warnings": "none",  # the 细则 has no two-warnings rule (docs/rules.md §7.2)
        "seating": "first_ew",
        "avoid_same_unit": "off",
        "award_tiers": [["一等奖", 1], ["二等奖", 2], ["三等奖", 3]],
    },
    "rotation_hundred": _BASE
    | {
        "format": "rotation",
        "rounds": 3,
        "levels": "jiangsu",
        "time_limit": 60,
        "at_time": "stop_now",
        "scoring": "hundred_plus",
        "late_minutes": 10,
        "late_disqualify": True,
        "seating": "first_ns",
        "out_of_turn": "warning_or_exposed",
        "two_warnings": "none",  # a warning; a level penalty only if serious (§7.2)
        "hundred_at_time": "climbed_only",
    },
    "knockout": _BASE
    | {
        "format": "knockout",
        "rounds": 4,
        "levels": "jiangsu",
        "pass_a": "double_down",
        "a_fail": "three_back_to_J",
        "time_limit": 40,  # knockout plans: 每场比赛限时40分钟 (docs/rules.md §13.4)
        "games": 1,
        "scoring": "match_points",
        "time_tie": "downstage_wins",
    },
}


def profile_options(name: str) -> dict[str, Any]:
    """Every event option of profile ``name`` (a fresh copy the caller may change)."""
    if not isinstance(name, str) or name not in PROFILES:
        raise RuleError(BAD_OPTION_VALUE, name="profile", value=name, allowed=", ".join(PROFILES))
    options = dict(PROFILES[name])
    options["tiebreaks"] = list(options["tiebreaks"])
    options["award_tiers"] = [list(tier) for tier in options["award_tiers"]]
    return options
