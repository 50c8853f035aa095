"""The texts of the exchange file's messages (tournament/exchange; see
:mod:`tournament.text.messages`)."""

from django.utils.translation import gettext_lazy as _

EXCHANGE = {
    "exchange_not_document": _("这不是掼蛋成绩交换文件（format 应为 guandan-exchange）"),
    "exchange_version": _("成绩交换文件的版本 %(version)s 太新，本系统只能读取版本 %(supported)s"),
    "exchange_bad_json": _("成绩交换文件不是有效的JSON：%(error)s"),
    "exchange_schema": _("成绩交换文件格式不符（位置 %(where)s）：%(error)s"),
    "exchange_reference": _("成绩交换文件内容不一致（位置 %(where)s）：引用的编号 %(id)s 不存在"),
    "exchange_duplicate": _("成绩交换文件内容不一致（位置 %(where)s）：编号 %(id)s 重复"),
    "exchange_round": _("成绩交换文件内容不一致（位置 %(where)s）：没有第%(number)s轮"),
    "exchange_places": _(
        "成绩交换文件内容不一致：文件中的名次与按文件中各台成绩计算的名次不同（第一处：%(where)s）"
    ),
    "exchange_data": _("成绩交换文件中的数据无效，没有导入任何内容：%(error)s"),
    "exchange_older": _(
        "本系统已有该赛事较新的成绩（版本 %(have)s），文件中的版本 %(got)s 较旧，未导入"
    ),
    "exchange_slug_taken": _(
        "网址代号“%(slug)s”已被本系统的另一赛事使用，请用 --slug 指定新的网址代号"
    ),
    "exchange_unchanged": _("赛事“%(name)s”已是该版本（%(revision)s），没有变化"),
    "exchange_created": _("已导入赛事“%(name)s”（网址代号 %(slug)s，版本 %(revision)s）"),
    "exchange_replaced": _("已更新赛事“%(name)s”（网址代号 %(slug)s）：版本 %(old)s → %(new)s"),
}
