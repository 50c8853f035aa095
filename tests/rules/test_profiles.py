"""Each competition profile sets every option as its document says (docs/rules.md §13).

Every row names its document by its section of docs/rules.md §14 (which gives the title) and
quotes the line it comes from; docs/rules.md §13 holds the same lines
(tests/test_rules_citations.py checks it).
"""

from __future__ import annotations

import pytest

from rules import RuleError, RuleSet, replay
from rules.profiles import PROFILE_LABELS, PROFILES, profile_options
from rules.ruleset import RuleSet as _RuleSet

# (profile, option, value, document: its section of docs/rules.md, the line of the document)
ROWS = [
    # S-A: 淮安掼蛋比赛规则 (docs/rules.md §13.1)
    (
        "swiss_points26",
        "format",
        "swiss",
        "§14.1",
        "本次比赛采用积分编排制（即瑞士制），共进行10轮",
    ),
    ("swiss_points26", "rounds", 10, "§14.1", "共进行10轮（领导组9轮）比赛，每轮比赛进行1局"),
    ("swiss_points26", "levels", "jiangsu", "§14.1", "如果是双下，赢家升3级。"),
    (
        "swiss_points26",
        "pass_a",
        "partner_not_last",
        "§14.1",
        "如果打到A，必须头家对家非末游才可以最终赢得本局。",
    ),
    ("swiss_points26", "a_fail", "unlimited", "§14.1", "打A没有次数限制。"),
    (
        "swiss_points26",
        "time_limit",
        60,
        "§14.1",
        "每轮比赛时间为60分钟，从2打起，2不必打，A必打。",
    ),
    (
        "swiss_points26",
        "at_time",
        "finish_deal",
        "§14.1",
        "比赛时间终止前，只要开始摸牌，就要将该牌打完。",
    ),
    ("swiss_points26", "scoring", "points26", "§14.1", "级差与得分换算（26分制）"),
    ("swiss_points26", "late_minutes", 15, "§14.1", "一方在比赛开始后超过15分钟未到赛场视为弃权"),
    (
        "swiss_points26",
        "out_of_turn",
        "foul_plus1",
        "§14.1",
        "已出至牌桌判罚一次犯规，给对家加1级，己方不降级",
    ),
    (
        "swiss_points26",
        "two_warnings",
        "gestures_only",
        "§14.1",
        "做出了出牌（压牌）的手势或动作，警告一次，一付牌中一方（包括同伴）受到2次警告，判罚1次犯规",
    ),
    (
        "swiss_points26",
        "three_fouls_defeat",
        False,
        "§14.1",
        "一方选手一局累计出现3次藏牌，视对方胜利（三次犯规判负只在《掼蛋比赛竞赛细则》）",
    ),
    # S-B: 掼蛋比赛竞赛细则 (docs/rules.md §13.2)
    ("swiss_match_points", "format", "swiss", "§14.2", "比賽采用電腦積分編排，共賽四輪"),
    ("swiss_match_points", "rounds", 4, "§14.2", "比賽采用電腦積分編排，共賽四輪"),
    ("swiss_match_points", "avoid_same_unit", "off", "§14.2", "各輪次同單位選手均不回避"),
    ("swiss_match_points", "time_limit", 40, "§14.2", "每輪比賽采用40分鐘計時。"),
    (
        "swiss_match_points",
        "scoring",
        "match_points",
        "§14.2",
        "勝者記2分，負者記0分，打平則雙方各記1分。",
    ),
    (
        "swiss_match_points",
        "time_tie",
        "draw",
        "§14.2",
        "到時以雙方所打級數的高低區分勝負……打平則雙方各記1分",
    ),
    (
        "swiss_match_points",
        "tiebreaks",
        ["points", "level_diff", "opp_points", "fouls", "last_rounds", "lot"],
        "§14.2",
        "如積分相等，依次比較級差分、對手分、犯規。",
    ),
    (
        "swiss_match_points",
        "award_tiers",
        [["一等奖", 1], ["二等奖", 2], ["三等奖", 3]],
        "§14.2",
        "第一名為一等獎；第二、三名為二等獎；第四、五、六名為三等獎。",
    ),
    (
        "swiss_match_points",
        "levels",
        "plus4",
        "§14.2",
        "上游方的對門如為二游(即對方為雙下)時，可升4級",
    ),
    (
        "swiss_match_points",
        "pass_a",
        "double_down",
        "§14.2",
        "過“A”方必須對方雙下，否則需繼續打“A”。",
    ),
    (
        "swiss_match_points",
        "seating",
        "first_ew",
        "§14.2",
        "對陣表上排前者就座東西方位，排后者則就座南北方位。",
    ),
    (
        "swiss_match_points",
        "out_of_turn",
        "stop_trick",
        "§14.2",
        "上家沒有出牌，下家就出牌，稱為越序出牌。應停止本輪出牌。",
    ),
    ("swiss_match_points", "delay", "foul", "§14.2", "若拖延時間則直接記犯規1次。"),
    # The 细则 has no "two warnings make a foul" (that is 淮安's); out of turn stops the trick.
    ("swiss_match_points", "two_warnings", "none", "§14.2", "應停止本輪出牌。"),
    (
        "swiss_match_points",
        "three_fouls_defeat",
        True,
        "§14.2",
        "如某一方選手二人共累計出現三次犯規，則直接判定本輪比賽為負方。",
    ),
    (
        "swiss_match_points",
        "late_minutes",
        5,
        "§14.2",
        "自宣布開賽5分鐘后，一方選手未全部到場並就座參賽則按棄權處理。",
    ),
    # S-C: 扑克牌（掼蛋）比赛规则, 分组三轮移位 (docs/rules.md §13.3)
    ("rotation_hundred", "format", "rotation", "§14.8", "比赛采用分组3轮移位总得分制"),
    ("rotation_hundred", "rounds", 3, "§14.8", "每对选手将与同组的其他选手共进行三轮比赛。"),
    (
        "rotation_hundred",
        "levels",
        "jiangsu",
        "§14.8",
        "一方双下，赢家升3级。 (2)赢家为1、3游升2级。 (3)赢家为1、4游升1级。",
    ),
    ("rotation_hundred", "time_limit", 60, "§14.8", "每轮比赛限时60分钟"),
    (
        "rotation_hundred",
        "at_time",
        "stop_now",
        "§14.8",
        "时间终了立即停止，若双方手中牌未打完，则按上一副牌成绩计算。",
    ),
    ("rotation_hundred", "seating", "first_ns", "§14.8", "按移位表顺序，排前坐南北，排后坐东西"),
    ("rotation_hundred", "late_minutes", 10, "§14.8", "每轮比赛迟到10分钟，作本轮弃权论处"),
    (
        "rotation_hundred",
        "late_disqualify",
        True,
        "§14.8",
        "连续2次以上（不含2次）迟到，则取消比赛资格。",
    ),
    (
        "rotation_hundred",
        "out_of_turn",
        "warning_or_exposed",
        "§14.8",
        "抢先出牌，如上家不压，只作警告",
    ),
    # The rotation rules warn and leave the level penalty to the referee; no two-warnings foul.
    (
        "rotation_hundred",
        "two_warnings",
        "none",
        "§14.8",
        "轻者给予警告，重者罚级直至取消比赛资格。",
    ),
    (
        "rotation_hundred",
        "scoring",
        "hundred_plus",
        "§14.8",
        "每轮比赛先打过A的获胜方可得到100+级差分数（级差分数最大不超过15分）",
    ),
    (
        "rotation_hundred",
        "hundred_at_time",
        "climbed_only",
        "§14.8",
        "输方不扣分，升级时可得分，但得分最高不超过12分。",
    ),
    # S-D: the knockout flyers and 青阳路社区迎新春牌类比赛活动计划 (docs/rules.md §13.4)
    ("knockout", "format", "knockout", "§14.5", "比賽采用淘汰制，每輪比賽采用一局決勝制"),
    ("knockout", "games", 1, "§14.5", "每輪比賽采用一局決勝制"),
    (
        "knockout",
        "levels",
        "jiangsu",
        "§14.5",
        "頭家和尾家升1級，頭家和3家升2級，頭家和2家（稱雙中）升3級",
    ),
    ("knockout", "pass_a", "double_down", "§14.5", "只有獲頭家和2家時方為取勝。"),
    (
        "knockout",
        "a_fail",
        "three_back_to_J",
        "§14.5",
        "獲頭家和尾家時繼續打A（連續三次不過則從J開始再打）",
    ),
    ("knockout", "time_limit", 40, "§14.5", "每場比賽限時40分鐘"),
    (
        "knockout",
        "time_tie",
        "downstage_wins",
        "§14.3",
        "以最先打到A或打到相同數字的在臺下為勝，敗者淘汰",
    ),
]

ROW_IDS = [f"{profile}-{option}" for profile, option, *_ in ROWS]


@pytest.mark.parametrize(("profile", "option", "value", "document", "line"), ROWS, ids=ROW_IDS)
def test_profile_sets_the_option_its_document_says(profile, option, value, document, line):
    assert line and document in {"§14.1", "§14.2", "§14.3", "§14.5", "§14.8"}
    assert profile_options(profile)[option] == value
    rules = RuleSet.profile(profile)
    if option in {f for f in rules.to_dict()}:
        assert getattr(rules, option) == value


def test_every_profile_sets_every_option_and_builds_a_rule_set():
    keys = set(PROFILES["swiss_points26"])
    assert set(PROFILE_LABELS) == set(PROFILES)
    for name in PROFILES:
        assert set(PROFILES[name]) == keys
        assert RuleSet.profile(name) == _RuleSet.from_event_options(profile_options(name))
    # every new RuleSet option is one the profiles set
    assert set(RuleSet().to_dict()) - {"time_limit_minutes"} <= keys


def test_only_swiss_match_points_has_the_three_fouls_defeat():
    assert [n for n in PROFILES if RuleSet.profile(n).three_fouls_defeat] == ["swiss_match_points"]


def test_an_unknown_profile_is_refused():
    with pytest.raises(RuleError):
        RuleSet.profile("swiss")


def test_profile_options_are_a_copy():
    profile_options("knockout")["tiebreaks"].append("x")
    assert "x" not in profile_options("knockout")["tiebreaks"]


def test_preset_keeps_working_with_the_new_defaults():
    rs = RuleSet.preset("plus5", a_fail="three_back_to_J")
    assert (rs.three_fouls_defeat, rs.two_warnings, rs.delay) == (False, "gestures_only", "warning")
    assert (rs.out_of_turn, rs.time_tie, rs.hundred_at_time) == (
        "foul_plus1",
        "draw",
        "climbed_only",
    )
    assert rs.late_disqualify is False
    with pytest.raises(RuleError):
        RuleSet(three_fouls_defeat="yes")


# --- the options at work, each with its document line ---------------------------------


def test_003_three_fouls_lose_the_round_only_under_its_profile():
    # docs/rules.md §7.3: "如某一方選手二人共累計出現三次犯規，則直接判定本輪比賽為負方。"
    sheet = "EW12 F:NS:D F:NS:S F:NS:D"
    state = replay(RuleSet.profile("swiss_match_points"), sheet)
    assert (state.finished, state.winner, state.end_reason) == (True, "EW", "three_fouls")
    for name in ("swiss_points26", "rotation_hundred", "knockout"):
        assert not replay(RuleSet.profile(name), sheet).finished


def test_001_two_gesture_warnings_make_a_foul_other_warnings_do_not():
    # 《淮安掼蛋比赛规则》: "做出了出牌（压牌）的手势或动作，警告一次，一付牌中一方（包括同伴）受到2次警告，判罚1次犯规"
    rules = RuleSet.profile("swiss_points26")
    assert replay(rules, "W:NS:O W:NS:O").fouls["NS"] == 1
    assert replay(rules, "W:NS:S W:NS:S").fouls["NS"] == 0
    assert replay(RuleSet(two_warnings="any"), "W:NS:S W:NS:S").fouls["NS"] == 1


def test_003_and_004_have_no_two_warnings_foul():
    # docs/rules.md §7.2: the 细则 stops the trick, the rotation rules warn: no foul, no level.
    sheet = "W:NS:O W:NS:O F:NS:D F:NS:D"
    state = replay(RuleSet.profile("swiss_match_points"), sheet)
    assert not state.finished and state.fouls["NS"] == 2
    state = replay(RuleSet.profile("rotation_hundred"), "W:NS:O W:NS:O")
    assert (
        state.fouls["NS"] == 0
        and state.levels == replay(RuleSet.profile("rotation_hundred"), "").levels
    )
    # Switched on again (001's rule), the same sheet ends the match on the third foul.
    on = _RuleSet.from_event_options(
        profile_options("swiss_match_points") | {"two_warnings": "gestures_only"}
    )
    assert replay(on, sheet).end_reason == "three_fouls"


def test_003_a_delay_is_a_foul_straight_away():
    # docs/rules.md §7.1: "若拖延時間則直接記犯規1次。"
    assert replay(RuleSet.profile("swiss_match_points"), "W:NS:D").fouls["NS"] == 1
    assert replay(RuleSet.profile("swiss_points26"), "W:NS:D").fouls["NS"] == 0


def test_out_of_turn_variants():
    # 《淮安掼蛋比赛规则》: "已出至牌桌判罚一次犯规，给对家加1级，己方不降级"
    state = replay(RuleSet.profile("swiss_points26"), "F:NS:O")
    assert (state.fouls["NS"], state.ew) == (1, "3")
    # 《扑克牌（掼蛋）比赛规则》: "抢先出牌，如上家不压，只作警告"
    state = replay(RuleSet.profile("rotation_hundred"), "F:NS:O")
    assert (state.fouls["NS"], state.warnings["NS"], state.ew) == (0, 1, "2")
    # docs/rules.md §7.1: "應停止本輪出牌。"
    state = replay(RuleSet.profile("swiss_match_points"), "F:NS:O")
    assert (state.fouls["NS"], state.warnings["NS"], state.ew) == (0, 0, "2")
    assert state.events[-1].code == "trick_stopped"


def test_000_equal_levels_at_time_the_pair_downstage_wins():
    # docs/rules.md §5.3: "以最先打到A或打到相同數字的在臺下為勝"
    rules = RuleSet.profile("knockout")
    # EW climbs to 5 (1–2), NS then climbs from 2 to 5 (1–2): NS won the last deal, EW 台下.
    state = replay(rules, [*_wins("EW", 2), *_wins("NS", 2), {"time": True}])
    assert (state.ew, state.ns, state.winner) == ("5", "5", "EW")
    assert state.events[-2].code == "time_tie"
    # No deal finished: a draw.
    assert replay(rules, [{"time": True}]).winner is None
    # 《掼蛋比赛竞赛细则》: "打平則雙方各記1分" — the Swiss profile draws.
    swiss = replay(
        RuleSet.profile("swiss_match_points"), [*_wins("EW", 2), *_wins("NS", 2), {"time": True}]
    )
    assert swiss.winner is None


def test_the_deal_that_passes_a_records_its_upgrade():
    # docs/rules.md §6 Decision: a pass counts as A plus the upgrade of the deal that passed it.
    rules = RuleSet.profile("rotation_hundred")
    state = replay(rules, "EW12 EW12 EW12 EW12 EW12")
    assert (state.ew, state.pass_upgrade) == ("A+", 3)
    state = replay(rules, "EW12 EW12 EW12 EW12 EW13")
    assert (state.ew, state.pass_upgrade) == ("A+", 2)
    assert replay(rules, "EW12 T").pass_upgrade is None


def _wins(side: str, partner: int) -> list[dict]:
    return [{"win": side, "partner": partner}]
