"""The texts of the activity log's summaries, by code (see :mod:`tournament.text.messages`), and
the references they are built from.

Vocabulary
----------
summary
    One line saying what an audit entry did ("锁定第3轮"). It is stored twice by
    :func:`tournament.core.audit.log_action`: as its Chinese sentence in
    ``AuditEntry.summary`` (search, the admin, older entries) and as a message in
    ``AuditEntry.summary_message``, which the pages render in the reader's language.
reference
    A parameter that is itself worded: a round, a match, a label of ours (a state, a kind
    of foul, a role). It is a nested :class:`~rules.messages.Message`; a list parameter is
    joined with the language's list mark.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from rules.messages import Message

# One constant per code: the services write these, never the code itself.
MSG_AUDIT_ROUND = "audit_round"
MSG_AUDIT_TABLE = "audit_match"
MSG_AUDIT_BYE = "audit_bye"
MSG_AUDIT_CREATE_EVENT = "audit_create_event"
MSG_AUDIT_SETTINGS = "audit_settings"
MSG_AUDIT_ADD_STAGE = "audit_add_stage"
MSG_AUDIT_SERIES_ADD = "audit_series_add"
MSG_AUDIT_SERIES_REMOVE = "audit_series_remove"
MSG_AUDIT_SERIES_EDIT = "audit_series_edit"
MSG_AUDIT_REGISTER = "audit_register"
MSG_AUDIT_EDIT_PAIR = "audit_edit_team"
MSG_AUDIT_PAIR_STATUS = "audit_team_status"
MSG_AUDIT_IMPORT_PAIRS = "audit_import_teams"
MSG_AUDIT_IMPORT_ARCHIVE = "audit_import_archive"
MSG_AUDIT_EXCHANGE_IMPORT = "audit_exchange_import"
MSG_AUDIT_EXCHANGE_REPLACE = "audit_exchange_replace"
MSG_AUDIT_KEEP_APART = "audit_keep_apart"
MSG_AUDIT_KEEP_APART_OFF = "audit_keep_apart_off"
MSG_AUDIT_LATE_OUT = "audit_late_out"
MSG_AUDIT_DRAW = "audit_draw"
MSG_AUDIT_DRAW_RATED = "audit_draw_rated"
MSG_AUDIT_DIVISIONS = "audit_divisions"
MSG_AUDIT_DIVISION_OF = "audit_division_of"
MSG_AUDIT_DRAW_NUMBER = "audit_draw_number"
MSG_AUDIT_DRAW_NUMBER_SWAP = "audit_draw_number_swap"
MSG_AUDIT_PAIR = "audit_pair"
MSG_AUDIT_REPAIR = "audit_repair"
MSG_AUDIT_SWAP = "audit_swap"
MSG_AUDIT_GIVE_BYE = "audit_give_bye"
MSG_AUDIT_TAKE_BYE = "audit_take_bye"
MSG_AUDIT_RENUMBER = "audit_renumber"
MSG_AUDIT_PUBLISH = "audit_publish"
MSG_AUDIT_START = "audit_start"
MSG_AUDIT_LOCK = "audit_lock"
MSG_AUDIT_UNLOCK = "audit_unlock"
MSG_AUDIT_REVIEWED = "audit_reviewed"
MSG_AUDIT_PLAYOFF = "audit_playoff"
MSG_AUDIT_PLAYOFF_WON = "audit_playoff_won"
MSG_AUDIT_IMPORT_RESULTS = "audit_import_results"
MSG_AUDIT_ENTERED = "audit_entered"
MSG_AUDIT_DISPUTED = "audit_disputed"
MSG_AUDIT_KEPT_LATE = "audit_kept_late"
MSG_AUDIT_KEPT_AGAIN = "audit_kept_again"
MSG_AUDIT_CONFIRMED = "audit_confirmed"
MSG_AUDIT_RULED = "audit_ruled"
MSG_AUDIT_SHEET_STEP = "audit_sheet_step"
MSG_AUDIT_PASSED_AT = "audit_passed_at"
MSG_AUDIT_FOUL = "audit_foul"
MSG_AUDIT_FOUL_COUNTS = "audit_foul_counts"
MSG_AUDIT_TIME_EARLY = "audit_time_early"
MSG_AUDIT_PHOTO = "audit_photo"
MSG_AUDIT_STAFF = "audit_staff"
MSG_AUDIT_STAFF_NEW = "audit_staff_new"
MSG_AUDIT_STAFF_REMOVED = "audit_staff_removed"
MSG_AUDIT_PASSWORD_RESET = "audit_password_reset"
MSG_AUDIT_UNLOCK_ACCOUNT = "audit_unlock_account"
MSG_AUDIT_ADMIN = "audit_admin"
MSG_AUDIT_TOKEN_NEW = "audit_token_new"
MSG_AUDIT_TOKEN_OFF = "audit_token_off"
MSG_AUDIT_CHECKED_IN = "audit_checked_in"
MSG_AUDIT_CHECK_IN_UNDONE = "audit_check_in_undone"
MSG_AUDIT_ABSENT = "audit_absent"
MSG_AUDIT_ABSENT_ROUND = "audit_absent_round"
MSG_AUDIT_ABSENT_LOST = "audit_absent_lost"
MSG_AUDIT_FEE = "audit_fee"
MSG_AUDIT_SIGNUP_SETTINGS = "audit_signup_settings"
MSG_AUDIT_SIGNUP = "audit_signup"
MSG_AUDIT_SIGNUP_EDIT = "audit_signup_edit"
MSG_AUDIT_SIGNUP_PROMOTED = "audit_signup_promoted"
MSG_AUDIT_SIGNUP_WITHDRAWN = "audit_signup_withdrawn"
MSG_AUDIT_SIGNUP_APPROVED = "audit_signup_approved"
MSG_AUDIT_SIGNUP_REJECTED = "audit_signup_rejected"
MSG_AUDIT_SLIP_REVOKED = "audit_slip_revoked"
MSG_AUDIT_SIGNUP_CONFIRMED = "audit_signup_confirmed"
MSG_AUDIT_SIGNUP_REJECTED_MANY = "audit_signup_rejected_many"
MSG_AUDIT_PERSON_MERGE = "audit_person_merge"
MSG_AUDIT_PERSON_UNMERGE = "audit_person_unmerge"
MSG_AUDIT_PERSON_HIDE = "audit_person_hide"
MSG_AUDIT_PERSON_SHOW = "audit_person_show"

AUDIT = {
    # references
    MSG_AUDIT_ROUND: _("第%(n)s轮"),
    MSG_AUDIT_TABLE: _("%(round)s 第%(table)s台 %(ew)s - %(ns)s"),
    MSG_AUDIT_BYE: _("%(round)s 轮空 %(ew)s"),
    # the event, its stages and pairs
    MSG_AUDIT_CREATE_EVENT: _("创建赛事 %(name)s"),
    MSG_AUDIT_SETTINGS: _("修改赛事设置：%(fields)s"),
    MSG_AUDIT_ADD_STAGE: _("添加阶段 %(stage)s"),
    MSG_AUDIT_SERIES_ADD: _("加入系列赛 %(series)s（%(event_class)s）"),
    MSG_AUDIT_SERIES_REMOVE: _("移出系列赛 %(series)s"),
    MSG_AUDIT_SERIES_EDIT: _("系列赛 %(series)s 的积分设置改动：%(fields)s"),
    MSG_AUDIT_REGISTER: _("报名 %(team)s"),
    MSG_AUDIT_EDIT_PAIR: _("修改 %(team)s"),
    MSG_AUDIT_PAIR_STATUS: _("%(team)s：%(before)s → %(after)s"),
    MSG_AUDIT_IMPORT_PAIRS: _("从“%(file)s”导入%(count)s个组合"),
    MSG_AUDIT_IMPORT_ARCHIVE: _("从存档导入赛事（原网址代号 %(slug)s）"),
    MSG_AUDIT_EXCHANGE_IMPORT: _(
        "从成绩交换文件导入赛事（原网址代号 %(slug)s，版本 %(revision)s）"
    ),
    MSG_AUDIT_EXCHANGE_REPLACE: _(
        "以较新的成绩交换文件更新赛事（原网址代号 %(slug)s）：版本 %(old)s → %(new)s"
    ),
    MSG_AUDIT_KEEP_APART: _("回避：%(a)s – %(b)s"),
    MSG_AUDIT_KEEP_APART_OFF: _("取消回避：%(a)s – %(b)s"),
    MSG_AUDIT_LATE_OUT: _("%(team)s 连续%(rounds)s轮迟到，取消资格"),
    # draw, pairing and rounds
    MSG_AUDIT_DRAW: _("抽签（随机码 %(seed)s）"),
    MSG_AUDIT_DRAW_RATED: _("按等级分排定抽签号（同分随机码 %(seed)s）"),
    MSG_AUDIT_DIVISIONS: _("按等级分分为%(n)s组：%(events)s"),
    MSG_AUDIT_DIVISION_OF: _("由“%(name)s”按等级分分组而来（%(letter)s组，%(n)s个参赛单位）"),
    MSG_AUDIT_DRAW_NUMBER: _("%(team)s 抽签号 %(old)s → %(new)s"),
    MSG_AUDIT_DRAW_NUMBER_SWAP: _("%(team)s 抽签号 %(old)s → %(new)s（%(holder)s → %(old)s）"),
    MSG_AUDIT_PAIR: _("编排%(round)s（%(stage)s，随机码 %(seed)s）"),
    MSG_AUDIT_REPAIR: _("重新编排%(round)s（随机码 %(seed)s）"),
    MSG_AUDIT_SWAP: _("调换组合 %(a)s ↔ %(b)s"),
    MSG_AUDIT_GIVE_BYE: _("给组合 %(team)s 轮空"),
    MSG_AUDIT_TAKE_BYE: _("取消轮空：%(a)s 对 %(b)s"),
    MSG_AUDIT_RENUMBER: _("重新排列台号"),
    MSG_AUDIT_PUBLISH: _("公布%(round)s对阵"),
    MSG_AUDIT_START: _("%(round)s开赛"),
    MSG_AUDIT_LOCK: _("锁定%(round)s"),
    MSG_AUDIT_UNLOCK: _("解锁%(round)s"),
    MSG_AUDIT_REVIEWED: _("%(round)s已复核"),
    MSG_AUDIT_PLAYOFF: _("%(stage)s：安排晋级加赛%(count)s台"),
    MSG_AUDIT_PLAYOFF_WON: _("%(stage)s：加赛第%(table)s台 %(team)s 胜"),
    # results and fouls
    MSG_AUDIT_IMPORT_RESULTS: _("从“%(file)s”导入%(round)s成绩%(count)s台"),
    MSG_AUDIT_ENTERED: _("%(match)s：录入成绩"),
    MSG_AUDIT_DISPUTED: _("%(match)s：与先前录入的成绩不一致，已标记为争议，请裁判长裁决"),
    MSG_AUDIT_KEPT_LATE: _("%(match)s：确认后到达的录入，已保留，成绩未改动"),
    MSG_AUDIT_KEPT_AGAIN: _("%(match)s：争议中再次送达的录入，已保留，未另行提交"),
    MSG_AUDIT_CONFIRMED: _("%(match)s：确认成绩"),
    MSG_AUDIT_RULED: _("%(match)s：裁判长裁定"),
    MSG_AUDIT_SHEET_STEP: _("%(match)s：记录第%(n)s条"),
    MSG_AUDIT_PASSED_AT: _("%(match)s：过A时间 %(time)s"),
    MSG_AUDIT_FOUL: _("%(match)s：%(team)s %(kind)s（%(severity)s）"),
    MSG_AUDIT_FOUL_COUNTS: _("%(match)s：犯规次数更新"),
    MSG_AUDIT_TIME_EARLY: _("%(match)s：比赛时间还剩%(n)s分钟时按到时录入，原因：%(reason)s"),
    MSG_AUDIT_PHOTO: _("第%(table)s台上传记录表照片"),
    # staff, accounts and tokens
    MSG_AUDIT_STAFF: _("%(name)s：%(role)s"),
    MSG_AUDIT_STAFF_NEW: _("%(name)s：%(role)s（新账号 %(u)s）"),
    MSG_AUDIT_STAFF_REMOVED: _("移除 %(name)s"),
    MSG_AUDIT_PASSWORD_RESET: _("重置 %(name)s 的密码"),
    MSG_AUDIT_UNLOCK_ACCOUNT: _("解锁账号 %(u)s"),
    MSG_AUDIT_ADMIN: _("管理后台：%(model)s %(obj)s"),
    MSG_AUDIT_TOKEN_NEW: _("新建接口令牌“%(name)s”（%(prefix)s…）"),
    MSG_AUDIT_TOKEN_OFF: _("停用接口令牌“%(name)s”（%(prefix)s…）"),
    # check-in and sign-up
    MSG_AUDIT_CHECKED_IN: _("%(name)s 检录"),
    MSG_AUDIT_CHECK_IN_UNDONE: _("%(name)s 撤销检录"),
    MSG_AUDIT_ABSENT: _("未检录组合%(label)s：%(names)s"),
    MSG_AUDIT_ABSENT_ROUND: _("第%(n)s轮缺席（判负）"),
    MSG_AUDIT_ABSENT_LOST: _("%(round)s 缺席判负：第%(tables)s台"),
    MSG_AUDIT_FEE: _("%(name)s 报名费：%(before)s → %(after)s"),
    MSG_AUDIT_SIGNUP_SETTINGS: _("修改报名设置"),
    MSG_AUDIT_SIGNUP: _("网上报名 %(name)s：%(state)s"),
    MSG_AUDIT_SIGNUP_EDIT: _("修改报名 %(name)s"),
    MSG_AUDIT_SIGNUP_PROMOTED: _("%(name)s 由候补递补"),
    MSG_AUDIT_SIGNUP_WITHDRAWN: _("%(name)s 退出报名"),
    MSG_AUDIT_SIGNUP_APPROVED: _("通过报名 %(name)s"),
    MSG_AUDIT_SIGNUP_REJECTED: _("未通过 %(name)s：%(reason)s"),
    MSG_AUDIT_SLIP_REVOKED: _("作废第%(table)s台%(side)s纸条（新链接和PIN）"),
    MSG_AUDIT_SIGNUP_CONFIRMED: _("%(name)s 确认邮箱"),
    MSG_AUDIT_SIGNUP_REJECTED_MANY: _("批量未通过%(n)s个报名（%(which)s）：%(reason)s"),
    # players across events (tournament.people)
    MSG_AUDIT_PERSON_MERGE: _(
        "合并选手：%(absorbed)s（#%(absorbed_id)s）并入 %(kept)s（#%(kept_id)s）"
    ),
    MSG_AUDIT_PERSON_UNMERGE: _(
        "撤销合并：%(absorbed)s（#%(absorbed_id)s）从 %(kept)s（#%(kept_id)s）分出"
    ),
    MSG_AUDIT_PERSON_HIDE: _("%(name)s（#%(id)s）不在公开页面显示"),
    MSG_AUDIT_PERSON_SHOW: _("%(name)s（#%(id)s）恢复在公开页面显示"),
}


def round_ref(round_) -> Message:
    """A round by its number: "第3轮", "Round 3"."""
    return Message(MSG_AUDIT_ROUND, {"n": round_.number})


def table_ref(table) -> Message:
    """A table of a round with its pairs (or a bye), as ``str(match)`` has it in Chinese."""
    names = {"round": round_ref(table.round), "ew": table.ew.name}
    if table.ns_id is None:
        return Message(MSG_AUDIT_BYE, names)
    return Message(MSG_AUDIT_TABLE, names | {"table": table.number, "ns": table.ns.name})


def about_table(code: str, table, **params: Any) -> Message:
    """A summary of one table: ``code``'s text with ``%(match)s`` and ``params``."""
    return Message(code, {"match": table_ref(table), **params})


def term(label: Any) -> Message:
    """A label of ours (a state, a kind of foul, a role), kept by its Chinese text: the
    catalogue translates it when it is shown."""
    with translation.override("zh-hans"):
        return Message(str(label))


def encode(message: Message) -> dict:
    """The message as JSON: nested messages (also in lists) become ``{"code", "params"}``."""
    return {"code": message.code, "params": {k: _encode(v) for k, v in message.params.items()}}


def _encode(value: Any) -> Any:
    if isinstance(value, Message):
        return encode(value)
    if isinstance(value, list | tuple):
        return [_encode(v) for v in value]
    return value


def well_formed(data: Any) -> bool:
    """Whether ``data`` is what :func:`encode` writes (a read archive must be, before
    :func:`decode` and the pages trust it)."""
    if not (isinstance(data, dict) and isinstance(data.get("code"), str)):
        return False
    params = data.get("params", {})
    return isinstance(params, dict) and all(_well_formed_value(v) for v in params.values())


def _well_formed_value(value: Any) -> bool:
    if isinstance(value, dict):
        return well_formed(value)
    if isinstance(value, list):
        return all(_well_formed_value(v) for v in value)
    return value is None or isinstance(value, str | int | float | bool)


def decode(data: dict) -> Message:
    """The message :func:`encode` stored."""
    return Message(data["code"], {k: _decode(v) for k, v in data.get("params", {}).items()})


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and "code" in value:
        return decode(value)
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value
