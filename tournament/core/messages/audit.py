"""The texts of the activity log's summaries, by code (see :mod:`tournament.core.messages`), and
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

AUDIT = {
    # references
    "audit_round": _("第%(n)s轮"),
    "audit_match": _("%(round)s 第%(table)s台 %(ew)s - %(ns)s"),
    "audit_bye": _("%(round)s 轮空 %(ew)s"),
    # the event, its stages and pairs
    "audit_create_event": _("创建赛事 %(name)s"),
    "audit_settings": _("修改赛事设置：%(fields)s"),
    "audit_add_stage": _("添加阶段 %(stage)s"),
    "audit_register": _("报名 %(team)s"),
    "audit_edit_team": _("修改 %(team)s"),
    "audit_team_status": _("%(team)s：%(before)s → %(after)s"),
    "audit_import_teams": _("从“%(file)s”导入%(count)s个组合"),
    "audit_import_archive": _("从存档导入赛事（原网址代号 %(slug)s）"),
    "audit_keep_apart": _("回避：%(a)s – %(b)s"),
    "audit_keep_apart_off": _("取消回避：%(a)s – %(b)s"),
    "audit_late_out": _("%(team)s 连续%(rounds)s轮迟到，取消资格"),
    # draw, pairing and rounds
    "audit_draw": _("抽签（随机码 %(seed)s）"),
    "audit_draw_number": _("%(team)s 抽签号 %(old)s → %(new)s"),
    "audit_draw_number_swap": _("%(team)s 抽签号 %(old)s → %(new)s（%(holder)s → %(old)s）"),
    "audit_pair": _("编排%(round)s（%(stage)s，随机码 %(seed)s）"),
    "audit_repair": _("重新编排%(round)s（随机码 %(seed)s）"),
    "audit_swap": _("调换组合 %(a)s ↔ %(b)s"),
    "audit_give_bye": _("给组合 %(team)s 轮空"),
    "audit_take_bye": _("取消轮空：%(a)s 对 %(b)s"),
    "audit_renumber": _("重新排列台号"),
    "audit_publish": _("公布%(round)s对阵"),
    "audit_start": _("%(round)s开赛"),
    "audit_lock": _("锁定%(round)s"),
    "audit_unlock": _("解锁%(round)s"),
    "audit_reviewed": _("%(round)s已复核"),
    "audit_playoff": _("%(stage)s：安排晋级加赛%(count)s台"),
    "audit_playoff_won": _("%(stage)s：加赛第%(table)s台 %(team)s 胜"),
    # results and fouls
    "audit_import_results": _("从“%(file)s”导入%(round)s成绩%(count)s台"),
    "audit_entered": _("%(match)s：录入成绩"),
    "audit_disputed": _("%(match)s：与先前录入的成绩不一致，已标记为争议，请裁判长裁决"),
    "audit_confirmed": _("%(match)s：确认成绩"),
    "audit_ruled": _("%(match)s：裁判长裁定"),
    "audit_sheet_step": _("%(match)s：记录第%(n)s条"),
    "audit_passed_at": _("%(match)s：过A时间 %(time)s"),
    "audit_foul": _("%(match)s：%(team)s %(kind)s（%(severity)s）"),
    "audit_foul_counts": _("%(match)s：犯规次数更新"),
    "audit_time_early": _("%(match)s：比赛时间还剩%(n)s分钟时按到时录入，原因：%(reason)s"),
    "audit_photo": _("第%(table)s台上传记录表照片"),
    # staff, accounts and tokens
    "audit_staff": _("%(name)s：%(role)s"),
    "audit_staff_new": _("%(name)s：%(role)s（新账号 %(u)s）"),
    "audit_staff_removed": _("移除 %(name)s"),
    "audit_password_reset": _("重置 %(name)s 的密码"),
    "audit_unlock_account": _("解锁账号 %(u)s"),
    "audit_admin": _("管理后台：%(model)s %(obj)s"),
    "audit_token_new": _("新建接口令牌“%(name)s”（%(prefix)s…）"),
    "audit_token_off": _("停用接口令牌“%(name)s”（%(prefix)s…）"),
    # check-in and sign-up
    "audit_checked_in": _("%(name)s 检录"),
    "audit_check_in_undone": _("%(name)s 撤销检录"),
    "audit_absent": _("未检录组合%(label)s：%(names)s"),
    "audit_absent_round": _("第%(n)s轮缺席（判负）"),
    "audit_absent_lost": _("%(round)s 缺席判负：第%(tables)s台"),
    "audit_fee": _("%(name)s 报名费：%(before)s → %(after)s"),
    "audit_signup_settings": _("修改报名设置"),
    "audit_signup": _("网上报名 %(name)s：%(state)s"),
    "audit_signup_edit": _("修改报名 %(name)s"),
    "audit_signup_promoted": _("%(name)s 由候补递补"),
    "audit_signup_withdrawn": _("%(name)s 退出报名"),
    "audit_signup_approved": _("通过报名 %(name)s"),
    "audit_signup_rejected": _("未通过 %(name)s：%(reason)s"),
    "audit_slip_revoked": _("作废第%(table)s台%(side)s纸条（新链接和PIN）"),
    "audit_signup_confirmed": _("%(name)s 确认邮箱"),
    "audit_signup_rejected_many": _("批量未通过%(n)s个报名（%(which)s）：%(reason)s"),
}


def round_ref(round_) -> Message:
    """A round by its number: "第3轮", "Round 3"."""
    return Message("audit_round", {"n": round_.number})


def match_ref(match) -> Message:
    """A table of a round with its pairs (or a bye), as ``str(match)`` has it in Chinese."""
    names = {"round": round_ref(match.round), "ew": match.ew.name}
    if match.ns_id is None:
        return Message("audit_bye", names)
    return Message("audit_match", names | {"table": match.table, "ns": match.ns.name})


def about_match(code: str, match, **params: Any) -> Message:
    """A summary of one table: ``code``'s text with ``%(match)s`` and ``params``."""
    return Message(code, {"match": match_ref(match), **params})


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
