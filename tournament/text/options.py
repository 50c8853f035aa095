"""Event options (赛事设置) and the rules for combining them, as plain Python.

Every option an organizer can set on a tournament is listed here with its allowed values
and Chinese label, so the forms, the command line and the validation share one source.
``validate_options`` returns the list of problems with a combination; an empty list
means the combination can be saved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.messages import Message
from rules.profiles import PROFILE_LABELS, PROFILES, profile_options
from rules.ruleset import (
    A_FAIL_OPTIONS,
    AT_TIME_OPTIONS,
    DELAY_OPTIONS,
    GAMES_OPTIONS,
    HUNDRED_AT_TIME_OPTIONS,
    OUT_OF_TURN_OPTIONS,
    PASS_A_OPTIONS,
    TIME_TIE_OPTIONS,
    TWO_WARNINGS_OPTIONS,
)
from rules.ruleset import LEVEL_PRESETS as RULE_LEVEL_PRESETS
from rules.steps import FOUL_KINDS
from scoring.individual_ranking import DEFAULT_INDIVIDUAL_TIEBREAKS, INDIVIDUAL_METRICS
from scoring.system_numbers import BYE_POLICIES as SCORING_BYE_POLICIES
from scoring.system_numbers import SYSTEMS
from scoring.team_ranking import DEFAULT_TEAM_TIEBREAKS, TEAM_METRICS, TEAM_RANKS

# What an event registers (docs/rules.md §16.1): pairs, or teams of pairs.
ENTRIES = {
    "pairs": "双人赛（组合）",
    "teams": "团体赛",
    "individuals": "个人赛（每轮换搭档）",
}
# The formats an individual event can be played in: the individual Swiss, or a fixed
# movement for 8, 12 or 16 players (docs/rules.md §17.2, §17.3).
INDIVIDUAL_FORMATS = ("swiss", "movement")
TEAM_PAIRS = (2, 3)
MAX_SUBSTITUTES = 2
# The formats a team event can be played in (the team Swiss, the teams' round robin).
TEAM_FORMATS = ("swiss", "round_robin")
TEAM_RANK_CHOICES = TEAM_RANKS
FORMATS = {
    "swiss": "积分编排（瑞士制）",
    "rotation": "分组三轮移位",
    "knockout": "淘汰制",
    "round_robin": "单循环（贝格尔编排）",
    "staged": "多阶段（如积分编排后淘汰）",
    "movement": "固定轮转（个人赛8、12、16人）",
}
STAGE_KINDS = {k: v for k, v in FORMATS.items() if k != "staged"}
# The labels of rule and scoring options are those of the pure packages (one source).
LEVEL_PRESETS = RULE_LEVEL_PRESETS
PASS_A = PASS_A_OPTIONS
A_FAIL = A_FAIL_OPTIONS
AT_TIME = AT_TIME_OPTIONS
GAMES = GAMES_OPTIONS
SCORING = SYSTEMS
BYE_POLICIES = SCORING_BYE_POLICIES
SEATING = {
    "first_ew": "排在前面的组合坐东西",
    "first_ns": "排在前面的组合坐南北",
}
SAME_UNIT = {
    "off": "同单位不回避",
    "soft": "同单位尽量回避",
    "hard": "同单位必须回避",
}
TIEBREAK_METRICS = {
    "points": "积分",
    "level_diff": "级差分",
    "opp_points": "对手分",
    "fouls": "犯规少者",
    "wins": "胜局数",
    "levels_climbed": "升级数",
    "progressive": "累进分",
    "head_to_head": "相互胜负",
    "last_rounds": "末轮起逐轮比较",
    "lot": "抽签",
}
DEFAULT_TIEBREAKS = ("points", "level_diff", "opp_points", "fouls", "last_rounds", "lot")
# An individual chain's metrics (scoring.individual_ranking.INDIVIDUAL_METRICS).
INDIVIDUAL_TIEBREAK_METRICS = {key: TIEBREAK_METRICS.get(key, key) for key in INDIVIDUAL_METRICS}
# A team chain's metrics (scoring.team_ranking.TEAM_METRICS), labelled as the pairs' ones.
TEAM_TIEBREAK_METRICS = {
    key: {"points": "排名分", "total": "各台得分之和", "match_points": "团体赛积分"}.get(
        key, TIEBREAK_METRICS.get(key, key)
    )
    for key in TEAM_METRICS
}
# Each tiebreak chain option and the metrics it may name: its check, the settings form and
# the overview's words read them here.
CHAIN_METRICS = {
    "tiebreaks": TIEBREAK_METRICS,
    "team_tiebreaks": TEAM_TIEBREAK_METRICS,
    "individual_tiebreaks": INDIVIDUAL_TIEBREAK_METRICS,
}
# The rule options added for the profiles: their labels live in rules (one source).
TWO_WARNINGS = TWO_WARNINGS_OPTIONS
DELAY = DELAY_OPTIONS
OUT_OF_TURN = OUT_OF_TURN_OPTIONS
TIME_TIE = TIME_TIE_OPTIONS
HUNDRED_AT_TIME = HUNDRED_AT_TIME_OPTIONS
PROFILE_CHOICES = PROFILE_LABELS
FOUL_KIND_LABELS = FOUL_KINDS  # listed here so that scripts/i18n_labels.py extracts them
HUNDRED_FORFEIT_RANGE = (100, 115)
DEFAULT_AWARD_TIERS = (("一等奖", 1), ("二等奖", 2), ("三等奖", 3))
LATENESS_MINUTES = (5, 10, 15)


def profile_fields(name: str) -> dict:
    """The event options of profile ``name`` plus ``profile`` itself, for a new event."""
    return profile_options(name) | {"profile": name}


@dataclass(frozen=True)
class OptionProblem:
    """One reason an option combination is refused: the field and a Chinese message."""

    field: str
    message: Message  # rendered by code in the Django layer (tournament.text.messages)


def _choice(problems: list, options: Mapping, field: str, value: object, label: str) -> None:
    if value not in options:
        allowed = list(options)
        problems.append(
            OptionProblem(
                field, Message("opt_choice", {"label": label, "value": value, "allowed": allowed})
            )
        )


def validate_options(opts: Mapping[str, object]) -> list[OptionProblem]:
    """Check one tournament's options; return every problem found (empty list: valid).

    >>> validate_options({"format": "rotation", "rounds": 5})[0].message.code
    'opt_rotation_rounds'
    """
    get = opts.get
    problems = _choice_problems(get) + _range_problems(get)
    fmt = get("format", "swiss")
    if fmt == "knockout" and get("avoid_same_unit", "off") == "hard":
        problems.append(OptionProblem("avoid_same_unit", Message("opt_knockout_apart")))
    if fmt == "round_robin" and get("avoid_same_unit", "off") != "off":
        problems.append(OptionProblem("avoid_same_unit", Message("opt_round_robin_apart")))
    if fmt == "knockout" and get("scoring", "points26") == "hundred_plus":
        problems.append(OptionProblem("scoring", Message("opt_hundred_knockout")))
    problems += _tiebreak_problems(get("tiebreaks", DEFAULT_TIEBREAKS))
    problems += _award_problems(get("award_tiers", DEFAULT_AWARD_TIERS))
    problems += _team_problems(get)
    best_k = get("unit_best_k", 2)
    if not isinstance(best_k, int) or best_k < 1:
        problems.append(OptionProblem("unit_best_k", Message("opt_unit_best_k")))
    return problems


def _choice_problems(get) -> list[OptionProblem]:
    """Options that name one of a fixed set of choices."""
    problems: list[OptionProblem] = []
    _choice(problems, FORMATS, "format", get("format", "swiss"), "赛制")
    _choice(problems, LEVEL_PRESETS, "levels", get("levels", "jiangsu"), "升级规则")
    _choice(problems, PASS_A, "pass_a", get("pass_a", "partner_not_last"), "过A条件")
    _choice(problems, A_FAIL, "a_fail", get("a_fail", "unlimited"), "打A失败规则")
    _choice(problems, AT_TIME, "at_time", get("at_time", "finish_deal"), "到时规则")
    _choice(problems, SCORING, "scoring", get("scoring", "points26"), "计分方法")
    _choice(problems, BYE_POLICIES, "bye_policy", get("bye_policy", "forfeit_win"), "轮空计分")
    _choice(problems, SEATING, "seating", get("seating", "first_ew"), "座位规则")
    _choice(problems, SAME_UNIT, "avoid_same_unit", get("avoid_same_unit", "off"), "同单位回避")
    _choice(
        problems, TWO_WARNINGS, "two_warnings", get("two_warnings", "gestures_only"), "两次警告"
    )
    _choice(problems, DELAY, "delay", get("delay", "warning"), "超时处理")
    _choice(problems, OUT_OF_TURN, "out_of_turn", get("out_of_turn", "foul_plus1"), "越序出牌")
    _choice(problems, TIME_TIE, "time_tie", get("time_tie", "draw"), "到时平级")
    hundred = get("hundred_at_time", "climbed_only")
    _choice(problems, HUNDRED_AT_TIME, "hundred_at_time", hundred, "100+到时计分")
    profile = get("profile", "")
    if profile and profile not in PROFILES:
        _choice(problems, PROFILE_CHOICES, "profile", profile, "赛制模板")
    return problems


def _range_problems(get) -> list[OptionProblem]:
    """Numeric options and their ranges (rounds, games, minutes, the 100+ forfeit score)."""
    problems: list[OptionProblem] = []
    low, high = HUNDRED_FORFEIT_RANGE
    forfeit = get("hundred_forfeit", 105)
    if not isinstance(forfeit, int) or not low <= forfeit <= high:
        problems.append(
            OptionProblem(
                "hundred_forfeit", Message("opt_hundred_forfeit", {"low": low, "high": high})
            )
        )
    fmt = get("format", "swiss")
    rounds = get("rounds", 1)
    if not isinstance(rounds, int) or rounds < 1 or rounds > 30:
        problems.append(OptionProblem("rounds", Message("opt_rounds")))
    elif fmt == "rotation" and rounds != 3:
        problems.append(OptionProblem("rounds", Message("opt_rotation_rounds")))
    games = get("games", 1)
    if games not in (1, 3):
        problems.append(OptionProblem("games", Message("opt_games")))
    elif games == 3 and fmt not in ("knockout", "staged"):
        problems.append(OptionProblem("games", Message("opt_games_stage")))
    time_limit = get("time_limit", 60)
    if not isinstance(time_limit, int) or not 10 <= time_limit <= 240:
        problems.append(OptionProblem("time_limit", Message("opt_time_limit")))
    late = get("late_minutes", 10)
    if not isinstance(late, int) or not 1 <= late <= 60:
        problems.append(OptionProblem("late_minutes", Message("opt_late_minutes")))
    return problems


def _team_problems(get) -> list[OptionProblem]:
    """A team event's options (docs/rules.md §16): entry kind, team size, its formats."""
    problems: list[OptionProblem] = []
    entry = get("entry", "pairs")
    _choice(problems, ENTRIES, "entry", entry, "参赛单位")
    _choice(problems, dict.fromkeys(TEAM_PAIRS), "team_pairs", get("team_pairs", 2), "每队组合数")
    substitutes = get("substitutes", MAX_SUBSTITUTES)
    if not isinstance(substitutes, int) or not 0 <= substitutes <= MAX_SUBSTITUTES:
        problems.append(OptionProblem("substitutes", Message("opt_substitutes")))
    _choice(problems, TEAM_RANKS, "team_rank", get("team_rank", "match_points"), "团体排名")
    problems += _tiebreak_problems(get("team_tiebreaks", DEFAULT_TEAM_TIEBREAKS), "team_tiebreaks")
    if entry == "teams" and get("format", "swiss") not in TEAM_FORMATS:
        problems.append(OptionProblem("format", Message("opt_team_format")))
    fmt = get("format", "swiss")
    if entry == "individuals" and fmt not in INDIVIDUAL_FORMATS:
        problems.append(OptionProblem("format", Message("opt_individual_format")))
    if fmt == "movement" and entry != "individuals":
        problems.append(OptionProblem("format", Message("opt_movement_individuals")))
    problems += _tiebreak_problems(
        get("individual_tiebreaks", DEFAULT_INDIVIDUAL_TIEBREAKS), "individual_tiebreaks"
    )
    return problems


def _tiebreak_problems(chain: Sequence[str], field: str = "tiebreaks") -> list[OptionProblem]:
    metrics = CHAIN_METRICS[field]
    problems = []
    chain = list(chain)
    unknown = [m for m in chain if m not in metrics]
    if unknown:
        problems.append(OptionProblem(field, Message("opt_tiebreak_unknown", {"names": unknown})))
    if len(set(chain)) != len(chain):
        problems.append(OptionProblem(field, Message("opt_tiebreak_twice")))
    if not chain or chain[0] != "points":
        problems.append(OptionProblem(field, Message("opt_tiebreak_points_first")))
    if "lot" in chain and chain[-1] != "lot":
        problems.append(OptionProblem(field, Message("opt_tiebreak_lot_last")))
    return problems


def _award_problems(tiers: Sequence) -> list[OptionProblem]:
    try:
        pairs = [(str(label), int(count)) for label, count in tiers]
    except (TypeError, ValueError):
        return [OptionProblem("award_tiers", Message("opt_awards_format"))]
    if any(count < 1 or not label.strip() for label, count in pairs):
        return [OptionProblem("award_tiers", Message("opt_awards_count"))]
    return []


def parse_award_tiers(text: str) -> list[tuple[str, int]]:
    """Parse ``一等奖:1, 二等奖:2`` (also with ：，、 or new lines) into (label, count) pairs.

    >>> parse_award_tiers("一等奖：1，二等奖:2")
    [('一等奖', 1), ('二等奖', 2)]
    """
    tiers = []
    for part in text.replace("，", ",").replace("、", ",").replace("\n", ",").split(","):
        if not part.strip():
            continue
        label, sep, count = part.replace("：", ":").partition(":")
        if not sep:
            raise ValueError(part)
        tiers.append((label.strip(), int(count)))
    return tiers


def format_award_tiers(tiers: Sequence) -> str:
    """Inverse of :func:`parse_award_tiers`."""
    return "，".join(f"{label}:{count}" for label, count in tiers)
