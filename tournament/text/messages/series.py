"""The texts of the messages of the series (系列赛) services (see :mod:`tournament.text.messages`)."""

from django.utils.translation import gettext_lazy as _

SERIES = {
    "series_slug_taken": _("系列赛网址代号“%(slug)s”已被使用"),
    "series_no_event": _("没有网址代号为“%(slug)s”的赛事"),
    "series_event_twice": _("赛事“%(name)s”已在本系列赛中"),
    "series_event_missing": _("赛事“%(name)s”不在本系列赛中"),
    "series_bad_class": _("未知的赛事级别“%(event_class)s”"),
    "series_config_json": _("积分设置不是有效的JSON：%(e)s"),
    "series_not_yours": _("只有创建者可以修改这个系列赛"),
}
