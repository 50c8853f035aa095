"""The texts of the round actions' refusals, by code (``tournament.core.round_actions``: why an
action is impossible on a round now; see :mod:`tournament.text.messages`)."""

from django.utils.translation import gettext_lazy as _

ROUNDS = {
    "round_not_published": _("本轮对阵尚未公布"),
    "round_adjust_published": _("已公布的对阵不能再调整"),
    "round_adjust_fixed": _(
        "淘汰赛、分组三轮移位和单循环的对阵由签表/移位表决定，不能手工调整；可以重新编排"
    ),
    "round_already_published": _("本轮对阵已经公布"),
    "round_start_draft": _("请先公布对阵，再开赛计时"),
    "round_started": _("本轮已经开赛计时"),
    "round_locked": _("本轮已锁定"),
    "round_enter_draft": _("本轮尚未公布，不能录入成绩"),
    "round_enter_locked": _("本轮成绩已锁定，不能修改；如需更正请裁判长先解锁"),
    "round_nothing_entered": _("没有等待确认的成绩"),
    "round_lock_draft": _("本轮对阵尚未公布，不能锁定"),
    "round_lock_earlier": _("第%(n)s轮尚未锁定，请先锁定前面的轮次"),
    "round_unconfirmed": _("还有%(n)s台成绩未确认，不能锁定：%(why)s"),
    "round_tables": _("第%(list)s台"),
    "round_tables_more": _("第%(list)s…等%(n)s台"),
    "round_not_locked": _("本轮尚未锁定"),
    "round_unlock_later": _("之后的第%(n)s轮已锁定，请先解锁后面的轮次"),
    "round_not_stale": _("本轮不需要复核"),
}
