"""The texts of the cores' messages (``rules``, ``scoring``, ``pairing``), by code.

The cores raise errors (and record score-sheet events and pairing conflicts) whose ``.msg``
is a :class:`rules.messages.Message` with a code and no sentence; this module holds the one
text of each code, wrapped in ``gettext_lazy`` so that the English catalogue translates it.
Placeholders are ``%(name)s`` so that a translation can reorder them. The codes are the
cores' constants (``rules.errors``, ``scoring.errors``, ``pairing.errors``,
``rules.events.EVENT_CODES``, ``pairing.conflicts.CONFLICT_CODES``); a test checks that
every one of them has a text here, in Chinese and in English.

Vocabulary
----------
vocabulary parameter
    A parameter of a core message that holds a code of the cores' vocabulary (see
    :mod:`rules.messages`): :data:`LABELS` shows it by its label, through gettext (the
    core's own Chinese label, the catalogue's English one).
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from pairing import errors as pairing_errors
from pairing.conflicts import AT_TABLE, CONFLICT_CODES
from rules import errors as rule_errors
from rules.events import ATTEMPT_LIMIT
from rules.sides import SIDES
from rules.steps import END_REASONS, FOUL_KINDS
from scoring import errors as scoring_errors

RULES = {
    rule_errors.AFTER_END: _("本场比赛已结束（%(end_reason)s），不能再记录。"),
    rule_errors.BAD_STEP: _("无法识别此记录：%(step)r。应为牌局、罚级、犯规、警告、弃权或到时。"),
    rule_errors.BAD_SIDE: _("未知方位“%(value)s”：请用东西（EW）或南北（NS）。"),
    rule_errors.BAD_PARTNER: _("头游对家的名次只能是2、3或4（收到：%(value)s）。"),
    rule_errors.BAD_LEVEL: _("“%(value)s”不是有效级数：请用2–10、J、Q、K、A或A+（过A）。"),
    rule_errors.BAD_LEVELS: _("升降级数必须是-12到12之间的非零整数（收到：%(value)s）。"),
    rule_errors.BAD_FOUL_KIND: _("未知的犯规类型“%(value)s”；可用：%(allowed)s。"),
    rule_errors.BAD_WARNING_KIND: _("未知的警告类型“%(value)s”；可用：%(allowed)s。"),
    rule_errors.LEVELS_NOT_ALLOWED: _("“%(foul_kind)s”的判罚是固定的，不能另给升降级数。"),
    rule_errors.BAD_REASON: _("未知的结束原因“%(value)s”；可用：%(allowed)s。"),
    rule_errors.NOT_FINISHED: _("本场比赛尚未结束：须有一方过A、到时或弃权后才有结果。"),
    rule_errors.BOTH_PASSED_A: _("双方不可能都过A：一方过A时比赛即结束。"),
    rule_errors.NEEDS_TIME: _("双方均未过A（%(ew)s–%(ns)s）：只有到时结束的比赛才能这样记分。"),
    rule_errors.BAD_OPTION: _("未知的规则选项“%(name)s”；可用：%(allowed)s。"),
    rule_errors.BAD_OPTION_VALUE: _("规则选项“%(name)s”不能为%(value)r；可用：%(allowed)s。"),
    rule_errors.BAD_TOKEN: _(
        "第%(position)s项“%(token)s”（第%(column)s列）无法识别；应为如 EW12、NS14、+NS、-2EW、F:NS:O、W:EW:O、FF:NS:LATE 或 T。"
    ),
    rule_errors.GAME_UNFINISHED: _("第%(game)s局尚未结束：须有一方过A、到时（T）或弃权。"),
    rule_errors.TOO_MANY_GAMES: _(
        "第%(game)s局不应进行：%(best_of)s局制比赛在第%(after)s局后已决出胜负。"
    ),
    rule_errors.BAD_DECIDER: _("记录了第%(game)s局的加赛结果，但没有这一局。"),
    rule_errors.DECIDER_NOT_NEEDED: _("第%(game)s局并非到时打平，无需加赛。"),
}

SCORING = {
    scoring_errors.UNKNOWN_SYSTEM: _("未知的计分方法"),
    scoring_errors.BAD_SERIES_CONFIG: _("系列赛积分设置无效：%(detail)s"),
    scoring_errors.UNKNOWN_EVENT_CLASS: _("未知的赛事级别：%(detail)s"),
    scoring_errors.UNKNOWN_BYE_POLICY: _("未知的轮空计分方式"),
    scoring_errors.UNKNOWN_METRIC: _("未知的名次排序指标"),
    scoring_errors.DUPLICATE_METRIC: _("名次排序指标重复"),
    scoring_errors.BAD_LEVEL: _("级数无效"),
    scoring_errors.LEVELS_REQUIRED: _("未弃权、未判负的比赛必须填写双方级数"),
    scoring_errors.BOTH_PASSED_A: _("双方不可能都过A"),
    scoring_errors.BAD_SIDE: _("方位必须是东西(EW)或南北(NS)"),
    scoring_errors.BAD_FORFEIT: _("弃权方必须是东西(EW)、南北(NS)或双方(both)"),
    scoring_errors.BAD_DEFEAT: _("判负须写明负方（EW/NS）与原因（three_fouls/three_hidden/late）"),
    scoring_errors.FORFEIT_AND_DEFEAT: _("同一场比赛不能既弃权又判负"),
    scoring_errors.BYE_WITH_OPPONENT: _("轮空的一方没有对手"),
    scoring_errors.BYE_WITH_FORFEIT: _("轮空不能弃权或判负"),
    scoring_errors.BAD_ROUND: _("轮次必须是正整数"),
    scoring_errors.SELF_MATCH: _("一对选手不能与自己比赛"),
    scoring_errors.PLAYED_TWICE: _("同一轮中一对选手出现了两次"),
    scoring_errors.TEAM_SELF_MATCH: _("一个队不能与本队比赛"),
    scoring_errors.TEAM_TABLES: _("团体对阵的各桌与出场名单不符"),
    scoring_errors.TEAM_PLAYED_TWICE: _("同一轮中一个队出现了两次"),
    scoring_errors.INDIVIDUAL_TABLE: _(
        "个人赛的一桌应是每方两名、共四名不同的选手（轮空一名）；缺席者须是本桌选手，且不能再填级数或弃权"
    ),
    scoring_errors.INDIVIDUAL_METRIC: _(
        "个人赛不提供这项名次排序指标（对手分、相互胜负等）：搭档和对手每轮都换"
    ),
    scoring_errors.BAD_FOULS: _("犯规次数必须是非负整数"),
    scoring_errors.BAD_TIERS: _("奖项设置无效：每个奖项须有名称和正整数名额"),
    scoring_errors.BAD_BEST_K: _("单位团体计分对数必须是正整数"),
    scoring_errors.BAD_LOT_SEED: _("抽签种子必须是整数"),
    scoring_errors.BAD_OPTION: _("计分选项无效"),
    scoring_errors.BAD_PASS_UPGRADE: _("过A一副的升级数必须是1到5的整数，且只能与A+一起填写"),
}

PAIRING = {
    pairing_errors.TOO_FEW: _("至少需要 %(minimum)s 对选手，目前只有 %(count)s 对"),
    pairing_errors.DUPLICATE: _("名单中有重复的组合"),
    pairing_errors.DUPLICATE_ENTRANT: _("选手（组合）%(entrant)s 重复出现"),
    pairing_errors.LINEUP_SIZE: _("%(team)s 的出场名单有 %(size)s 对组合，应为 %(expected)s 对"),
    pairing_errors.TEAM_SELF_MATCH: _("%(team)s 不能与本队对阵"),
    pairing_errors.DUPLICATE_TEAM: _("%(team)s 在本轮对阵表中出现了不止一次"),
    pairing_errors.MOVEMENT_SIZE: _("固定轮转只有 %(allowed)s 人，不能用于 %(size)s 人"),
    pairing_errors.MOVEMENT_ROUNDS: _(
        "%(size)s 人的固定轮转最多 %(maximum)s 轮（再多必然重复搭档），不能排 %(rounds)s 轮"
    ),
    pairing_errors.BAD_POINTS: _("选手（组合）%(entrant)s 的积分无效：%(points)s"),
    pairing_errors.BAD_FORBIDDEN: _("回避设置必须是两对不同的组合：%(item)s"),
    pairing_errors.OPTION: _("选项 %(name)s 的取值无效：%(value)s（可选：%(allowed)s）"),
    pairing_errors.BAD_SEED: _("随机种子必须是整数：%(seed)s"),
    pairing_errors.UNKNOWN_OVERRIDE: _("指定抽签号的选手不存在：%(unknown)s"),
    pairing_errors.BAD_OVERRIDE: _("指定的抽签号必须互不相同且在 1 到 %(n)s 之间"),
    pairing_errors.NO_DRAW: _("以下选手尚未抽签：%(missing)s"),
    pairing_errors.DRAW_CLASH: _("有两对选手的抽签号相同"),
    pairing_errors.GROUP_SIZE: _("%(count)s对无法分成3对或4对一组，请调整参赛组合数"),
    pairing_errors.GROUP_COUNT: _("%(count)s对应分为%(groups)s组，而不是%(asked)s组"),
    pairing_errors.GROUP_MEMBERS: _("每组应为3对或4对"),
    pairing_errors.ROTATION_ROUND: _("分组三轮移位只有第1至3轮"),
    pairing_errors.ROUND_ROBIN_ROUND: _("本单循环只有第1至%(total)s轮"),
    pairing_errors.NO_MATCH: _("没有编号为%(match)s的比赛"),
    pairing_errors.NOT_IN_MATCH: _("获胜方不在比赛%(match)s中"),
    pairing_errors.DECIDED: _("比赛%(match)s已经有胜者"),
}

# What each step of a score sheet did (rules.events.EVENT_CODES), read back to the referee.
EVENTS = {
    "upgrade": _("%(side)s1–%(partner)s胜，升%(gain)s级，打%(level)s"),
    "upgrade_capped": _("%(side)s1–%(partner)s胜，升%(gain)s级止于A（A必打）"),
    "stays_at_a": _("%(side)s1–%(partner)s胜（非己方A级）：仍为A，下一副打己方A"),
    "passed_a": _("%(side)s打A 1–%(partner)s胜：过A，本场获胜"),
    "attempt_failed": _("%(side)s打A未过（第%(count)s次%(of_limit)s）"),
    ATTEMPT_LIMIT: _("，限%(limit)s次"),
    "back_to_level": _("%(side)s打A三次未过，回到%(level)s重打"),
    "level_change": _("%(side)s%(delta)+d级：%(old)s→%(new)s"),
    "level_clamped": _("%(side)s%(delta)+d级：%(old)s→%(new)s（罚级不低于2、不过A）"),
    "foul": _("%(side)s犯规：%(foul_kind)s（本场第%(count)s次）"),
    "warning": _("%(side)s警告：%(foul_kind)s（本副第%(count)s次）"),
    "warning_only": _("%(side)s警告：%(foul_kind)s"),
    "warnings_to_foul": _("%(side)s一副牌中受到2次警告，判罚1次犯规"),
    "wrong_count_warning": _("%(side)s本场首次报牌错误：收回重出，警告一次"),
    "trick_stopped": _("%(side)s越序出牌：停止本轮出牌，不记犯规"),
    "out_of_turn_warning": _("%(side)s越序出牌：警告（上家管上则为明牌）"),
    "time_tie": _("到时级数相同：%(side)s在台下，获胜"),
    "three_fouls": _("%(side)s本场累计三次犯规，判负"),
    "three_hidden": _("%(side)s本场累计三次藏牌，%(opp)s按A+获胜"),
    "forfeit": _("%(side)s弃权（%(end_reason)s）"),
    "time": _("到时：东西%(ew)s，南北%(ns)s，%(outcome)s"),
}

# Conflicts of a draft pairing (pairing.conflicts.CONFLICT_CODES), shown before publishing.
CONFLICTS = {
    CONFLICT_CODES["rematch"]: _("%(a)s 与 %(b)s 已经交过手（重复对阵）"),
    CONFLICT_CODES["same_unit"]: _("%(a)s 与 %(b)s 同单位"),
    CONFLICT_CODES["forbidden"]: _("%(a)s 与 %(b)s 设置了回避，不应对阵"),
    CONFLICT_CODES["seat_imbalance"]: _("%(a)s 的东西/南北座位差将达到 %(n)+d"),
    CONFLICT_CODES["duplicate"]: _("%(a)s 在对阵表中出现了 %(n)s 次"),
    CONFLICT_CODES["missing"]: _("%(a)s 没有被安排（遗漏）"),
    CONFLICT_CODES["unknown"]: _("%(a)s 不是本轮参赛的组合"),
    CONFLICT_CODES["extra_bye"]: _("轮空 %(n)s 个，应为 %(m)s 个"),
    AT_TABLE: _("第%(table)s台：%(conflict)s"),
}

CORES = {**RULES, **SCORING, **PAIRING, **EVENTS, **CONFLICTS}

_OUTCOMES = {"draw": _("平局"), "EW": _("东西胜"), "NS": _("南北胜")}


def _side(code: str) -> str:
    return pgettext("fouls line: side, short", SIDES[code]) if code in SIDES else code


def _label(labels: dict) -> Callable[[str], str]:
    """A core's labels (Chinese, extracted by scripts/i18n_labels.py) through gettext."""
    return lambda code: gettext(str(labels[code])) if code in labels else code


LABELS: dict[str, Callable[[str], str]] = {
    "side": _side,
    "opp": _side,
    "foul_kind": _label(FOUL_KINDS),
    "end_reason": _label(END_REASONS),
    "outcome": _label(_OUTCOMES),
}
"""Vocabulary parameter → its code shown as a label in the active language."""
