"""The labels of the cores' vocabulary that pages, PDFs and exports show, by code (see
:mod:`tournament.text.messages`): the cores hold the codes only.

Vocabulary:

flag
    Why a table of a draft pairing was made so (:mod:`pairing.flags`): a badge on the
    organizer's pairing screen.
defeat
    A table lost by a rule rather than by levels (``Table.defeat_reason``, the codes of
    :data:`scoring.DEFEAT_REASONS`): its reason as the activity log names it, and a table's
    result ended by it.
metric
    A way of comparing pairs in the standings (:data:`scoring.METRICS`): a column of the
    standings page, PDF and spreadsheet, and a step of "名次依据".
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from pairing import flags

FLAG_LABELS = {
    flags.FLAG_FLOAT_UP: _("上浮"),
    flags.FLAG_FLOAT_DOWN: _("下浮"),
    flags.FLAG_REMATCH_AVOIDED: _("避免重复对阵"),
    flags.FLAG_REMATCH: _("重复对阵（无法避免）"),
    flags.FLAG_UNIT_AVOIDED: _("同单位回避"),
    flags.FLAG_SAME_UNIT: _("同单位对阵"),
    flags.FLAG_FORBIDDEN: _("回避对阵（无法避免）"),
    flags.FLAG_SEAT_FORCED: _("座位强制"),
    flags.FLAG_SEAT_LIMIT: _("座位超限"),
    flags.FLAG_BYE: _("轮空"),
    flags.FLAG_SECOND_BYE: _("再次轮空"),
    flags.FLAG_MANUAL: _("人工调整"),
}
"""Flag code → its badge."""

METRIC_LABELS = {
    "points": _("积分"),
    "level_diff": _("级差分"),
    "opp_points": _("对手分"),
    "fouls": _("犯规（少者列前）"),
    "wins": _("胜局数"),
    "levels_climbed": _("升级数"),
    "progressive": _("累进分"),
    "head_to_head": _("相互胜负"),
    "last_rounds": _("末轮成绩倒查"),
    "lot": _("抽签"),
}
"""Metric key → its column heading."""

STAGE_PLACE_LABELS = {
    "bracket": _("淘汰赛名次"),
    "stage": _("晋级阶段"),
}
"""Why a pair of a multi-stage event is placed below the one above when no metric decided it
(:mod:`scoring.stages`): its knockout bracket, or the later stage the pair above reached."""


def flag_label(code: str) -> str:
    """A flag's badge in the active language (an unknown code as it is)."""
    return str(FLAG_LABELS.get(code, code))


def metric_label(key: str) -> str:
    """A metric's heading in the active language (an unknown key as it is)."""
    return str(METRIC_LABELS.get(key, STAGE_PLACE_LABELS.get(key, key)))


DEFEAT_LABELS = {
    "three_fouls": _("犯规3次"),
    "three_hidden": _("藏牌3次"),
    "late": _("迟到"),
}
DEFEAT_RESULTS = {
    "three_fouls": _("犯规3次判负"),
    "three_hidden": _("藏牌3次判负"),
    "": _("判负"),  # late, or a reason not recorded
}

APP_NAME = gettext_noop("掼蛋赛事管理")  # the app's name (a PDF's creator, the phone's app)
