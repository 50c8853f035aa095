"""The texts of the messages about players across events (选手档案, tournament.people):
merging, unmerging and hiding a person (see :mod:`tournament.text.messages`)."""

from django.utils.translation import gettext_lazy as _

PERSONS = {
    "person_merge_self": _("不能把一位选手与自己合并"),
    "person_merge_numbers": _(
        "%(a)s（会员号 %(na)s）与 %(b)s（会员号 %(nb)s）的会员号不同，不能合并为同一人"
    ),
    "person_merged_already": _("%(name)s 已并入另一位选手，不能再合并（可能刚被别人合并）"),
    "person_unmerge_done": _("这次合并已经撤销过了"),
    "person_unmerge_kept_merged": _("%(name)s 之后又并入了另一位选手：请先撤销那次合并"),
    "person_hidden_same": _("设置没有变化"),
}
