"""The texts of the messages of ratings (等级分): divisions by rating (see
:mod:`tournament.text.messages`; docs/rules.md §19)."""

from django.utils.translation import gettext_lazy as _

# One constant per code: the services raise these, never the code itself.
MSG_DIVISIONS_COUNT = "divisions_count"
MSG_DIVISIONS_STARTED = "divisions_started"
MSG_DIVISIONS_SLUG = "divisions_slug"
MSG_DIVISIONS_CHANGED = "divisions_changed"

RATINGS = {
    MSG_DIVISIONS_COUNT: _("分组数应为 2 到 %(max)s，且每组至少有 %(min)s 个参赛单位"),
    MSG_DIVISIONS_STARTED: _("已开始编排的赛事不能再分组"),
    MSG_DIVISIONS_SLUG: _("网址代号“%(slug)s”已被其他赛事使用，请先改名或删除该赛事"),
    MSG_DIVISIONS_CHANGED: _("报名或等级分已变化，请重新查看分组方案后再确认"),
}
