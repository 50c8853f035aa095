"""Event options (赛事设置) and the rules for combining them, as plain Python.

Every option an organizer can set on a tournament is listed here with its allowed values
and Chinese label, so the forms, the command line and the validation share one source.
``validate_options`` returns the list of problems with a combination; an empty list
means the combination can be saved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

FORMATS = {
    "swiss": "积分编排（瑞士制）",
    "rotation": "分组三轮移位",
    "knockout": "淘汰制",
    "round_robin": "单循环（贝格尔编排）",
    "staged": "多阶段（如积分编排后淘汰）",
}
STAGE_KINDS = {k: v for k, v in FORMATS.items() if k != "staged"}
LEVEL_PRESETS = {
    "jiangsu": "江苏规则：双下升3级，1-3升2级，1-4升1级",
    "plus4": "双下升4级，1-3升2级，1-4升1级",
    "plus5": "双下升5级（双戴花），1-3升3级，1-4升1级",
}
PASS_A = {
    "partner_not_last": "过A：头游且同伴非末游（1-2或1-3）",
    "double_down": "过A：只有双下（1-2）",
}
A_FAIL = {
    "unlimited": "打A不限次数",
    "three_back_to_2": "A三次不过回2",
    "three_back_to_J": "A连续三次不过从J开始",
}
AT_TIME = {
    "finish_deal": "到时打完当前一副",
    "stop_now": "到时立即停止，以最后完成的一副为准",
}
SCORING = {
    "points26": "26分制（级差换算）",
    "match_points": "胜2平1负0（级差分）",
    "hundred_plus": "100+级差（分组三轮移位）",
}
BYE_POLICIES = {
    "forfeit_win": "轮空按对方弃权计胜",
    "draw": "轮空按平局计",
    "zero": "轮空不计分",
}
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
DEFAULT_AWARD_TIERS = (("一等奖", 1), ("二等奖", 2), ("三等奖", 3))
LATENESS_MINUTES = (5, 10, 15)


@dataclass(frozen=True)
class OptionProblem:
    """One reason an option combination is refused: the field and a Chinese message."""

    field: str
    message: str


def _choice(problems: list, options: Mapping, field: str, value: object, label: str) -> None:
    if value not in options:
        allowed = "、".join(options)
        problems.append(OptionProblem(field, f"{label}“{value}”无效，可选：{allowed}"))


def validate_options(opts: Mapping[str, object]) -> list[OptionProblem]:
    """Check one tournament's options; return every problem found (empty list: valid).

    >>> validate_options({"format": "rotation", "rounds": 5})[0].message
    '分组三轮移位每组固定打3轮，轮数应为3'
    """
    problems: list[OptionProblem] = []
    get = opts.get
    _choice(problems, FORMATS, "format", get("format", "swiss"), "赛制")
    _choice(problems, LEVEL_PRESETS, "levels", get("levels", "jiangsu"), "升级规则")
    _choice(problems, PASS_A, "pass_a", get("pass_a", "partner_not_last"), "过A条件")
    _choice(problems, A_FAIL, "a_fail", get("a_fail", "unlimited"), "打A失败规则")
    _choice(problems, AT_TIME, "at_time", get("at_time", "finish_deal"), "到时规则")
    _choice(problems, SCORING, "scoring", get("scoring", "points26"), "计分方法")
    _choice(problems, BYE_POLICIES, "bye_policy", get("bye_policy", "forfeit_win"), "轮空计分")
    _choice(problems, SEATING, "seating", get("seating", "first_ew"), "座位规则")
    _choice(problems, SAME_UNIT, "avoid_same_unit", get("avoid_same_unit", "off"), "同单位回避")

    fmt = get("format", "swiss")
    rounds = get("rounds", 1)
    if not isinstance(rounds, int) or rounds < 1 or rounds > 30:
        problems.append(OptionProblem("rounds", "轮数应为1到30之间的整数"))
    elif fmt == "rotation" and rounds != 3:
        problems.append(OptionProblem("rounds", "分组三轮移位每组固定打3轮，轮数应为3"))
    games = get("games", 1)
    if games not in (1, 3):
        problems.append(OptionProblem("games", "每场局数只能是1局或三局两胜"))
    elif games == 3 and fmt not in ("knockout", "staged"):
        problems.append(OptionProblem("games", "三局两胜只用于淘汰赛"))
    time_limit = get("time_limit", 60)
    if not isinstance(time_limit, int) or not 10 <= time_limit <= 240:
        problems.append(OptionProblem("time_limit", "每轮时限应为10到240分钟"))
    late = get("late_minutes", 10)
    if not isinstance(late, int) or not 1 <= late <= 60:
        problems.append(OptionProblem("late_minutes", "迟到判负时限应为1到60分钟"))
    if fmt == "knockout" and get("avoid_same_unit", "off") == "hard":
        problems.append(
            OptionProblem("avoid_same_unit", "淘汰赛无法保证同单位必须回避，请选择“尽量回避”")
        )
    if fmt == "round_robin" and get("avoid_same_unit", "off") != "off":
        problems.append(
            OptionProblem("avoid_same_unit", "单循环中每对组合都要相遇，不能设置同单位回避")
        )
    if fmt == "knockout" and get("scoring", "points26") == "hundred_plus":
        problems.append(OptionProblem("scoring", "100+级差计分用于分组三轮移位，不能用于淘汰赛"))
    problems += _tiebreak_problems(get("tiebreaks", DEFAULT_TIEBREAKS))
    problems += _award_problems(get("award_tiers", DEFAULT_AWARD_TIERS))
    best_k = get("unit_best_k", 2)
    if not isinstance(best_k, int) or best_k < 1:
        problems.append(OptionProblem("unit_best_k", "单位团体计前几名应为正整数"))
    return problems


def _tiebreak_problems(chain: Sequence[str]) -> list[OptionProblem]:
    problems = []
    chain = list(chain)
    unknown = [m for m in chain if m not in TIEBREAK_METRICS]
    if unknown:
        problems.append(OptionProblem("tiebreaks", f"未知的排名依据：{'、'.join(unknown)}"))
    if len(set(chain)) != len(chain):
        problems.append(OptionProblem("tiebreaks", "排名依据不能重复"))
    if not chain or chain[0] != "points":
        problems.append(OptionProblem("tiebreaks", "排名依据第一项必须是积分"))
    if "lot" in chain and chain[-1] != "lot":
        problems.append(OptionProblem("tiebreaks", "抽签只能作为最后一项排名依据"))
    return problems


def _award_problems(tiers: Sequence) -> list[OptionProblem]:
    try:
        pairs = [(str(label), int(count)) for label, count in tiers]
    except (TypeError, ValueError):
        return [OptionProblem("award_tiers", "奖项设置格式应为“名称:名额”")]
    if any(count < 1 or not label.strip() for label, count in pairs):
        return [OptionProblem("award_tiers", "每个奖项都要有名称，名额至少为1")]
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
