"""What an archive must satisfy before anything of it is saved (docs/security.md).

An archive is a file anyone can edit, so every value is checked against the same rules as
the app: each field's JSON type (``true`` is not a reference, ``"3"`` is not a number),
each reference to a row of the archive, the nesting depth, the levels and deal records of
every match through the rules engine, the knockout brackets and rotation groups, and the
shape of every audit entry. Each function raises :class:`ArchiveError` naming the row.
The database's field checks (lengths, choices, integer ranges) run later, on the instances.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import models
from django.utils.dateparse import parse_datetime

from rules import END_REASONS, LEVELS, RuleError, RuleSet, validate_final
from tournament.archive.write import PARTS, ArchiveError, is_user_fk
from tournament.core.audit import ACTIONS, FORMER_ACTIONS
from tournament.core.messages.audit import well_formed
from tournament.results.checks import FORFEITS, ResultInvalid, sheet_state

MSG_INVALID = "存档中的数据无效：{error}"
MAX_DEPTH = 24
SIDES = ("", "EW", "NS")
IMPORTED_MARK = "［存档］"  # the summary of every audit entry read from an archive


def invalid(error: str) -> ArchiveError:
    return ArchiveError(MSG_INVALID.format(error=error))


def check_depth(value: Any) -> None:
    """Refuse JSON nested deeper than any archive this app writes (a nesting bomb)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise invalid(f"嵌套层数超过{MAX_DEPTH}层")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def check_shape(archive: dict) -> None:
    """The tournament is an object, each part a list of objects with distinct integer ids."""
    check_depth(archive)
    if not isinstance(archive.get("tournament"), dict):
        raise invalid("缺少赛事信息（tournament）")
    for part in PARTS:
        rows = archive.get(part.key, [])
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise invalid(f"“{part.key}”应为记录列表")
        ids = [r.get("id") for r in rows]
        if not all(is_int(i) for i in ids) or len(set(ids)) != len(ids):
            raise invalid(f"“{part.key}”中的记录编号（id）应为互不相同的整数")
    if not isinstance(archive.get("files", {}), dict):
        raise invalid("“files”应为对象")


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_TEXT = (models.CharField, models.TextField, models.GenericIPAddressField, models.FileField)
_WHEN = (models.DateTimeField, models.DateField, models.TimeField)


def check_value(model: type[models.Model], field: models.Field, value: Any) -> None:
    """The JSON type a field's value must have in an archive (``None`` only when nullable)."""
    where = f"{model.__name__}.{field.name}"
    if value is None:
        if field.null or isinstance(field, models.JSONField):
            return
        raise invalid(f"{where} 不能为空")
    if is_user_fk(field):
        ok = isinstance(value, str)
    elif field.is_relation or isinstance(field, models.IntegerField):
        ok = is_int(value)
    elif isinstance(field, models.BooleanField):
        ok = isinstance(value, bool)
    elif isinstance(field, _TEXT + _WHEN):
        ok = isinstance(value, str)
    elif isinstance(field, models.FloatField | models.DecimalField):
        ok = is_int(value) or isinstance(value, float | str)
    else:
        ok = True  # JSON fields: any JSON, depth checked by check_depth
    if not ok:
        raise invalid(f"{where} 的值 {str(value)[:40]!r} 类型不对")


def _level(value: Any, where: str) -> str:
    if value in ("", None):
        return ""
    if value not in LEVELS:
        raise invalid(f"{where} 的级数 {value!r} 不存在")
    return value


def check_match(row: dict, rules: RuleSet, number: int) -> None:
    """A match's result fields and score sheets, through the rules engine."""
    where = f"第{number}条比赛记录"
    ew = _level(row.get("ew_level"), where)
    ns = _level(row.get("ns_level"), where)
    for key, allowed in (
        ("forfeit", FORFEITS),
        ("defeat_side", SIDES),
        ("winner", SIDES),
        ("defeat_reason", ("", *END_REASONS)),
    ):
        if row.get(key, "") not in allowed:
            raise invalid(f"{where}：{key} 的值 {row.get(key)!r} 不存在")
    if ew and ns and not row.get("forfeit") and not row.get("defeat_side"):
        try:
            validate_final(rules, ew, ns, at_time=True)
        except RuleError as err:
            raise invalid(f"{where}：{err.message_zh}") from None
    flags = row.get("flags") or []
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise invalid(f"{where}：标记（flags）应为文字列表")
    games = row.get("games") or []
    if not isinstance(games, list):
        raise invalid(f"{where}：淘汰赛各局应为列表")
    sheets = [row.get("deals") or []] + games
    for steps in sheets:
        if not isinstance(steps, list):
            raise invalid(f"{where}：逐副记录应为列表")
        if steps:
            try:
                sheet_state(rules, steps)
            except (ResultInvalid, TypeError, ValueError, KeyError) as exc:
                raise invalid(f"{where}：{exc}") from None


def check_stage_state(state: Any, team_ids: set[int], number: int) -> None:
    """A knockout bracket or rotation groups may only name teams of the archive."""
    where = f"第{number}个阶段"
    if not isinstance(state, dict):
        raise invalid(f"{where}的状态应为对象")
    groups = state.get("groups")
    if groups is not None:
        if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
            raise invalid(f"{where}的分组应为列表")
        _teams([t for g in groups for t in g], team_ids, where, allow_none=False)
    if "bracket" in state:
        _check_bracket(state["bracket"], team_ids, where)


def _check_bracket(bracket: Any, team_ids: set[int], where: str) -> None:
    if not isinstance(bracket, dict) or not is_int(bracket.get("size")):
        raise invalid(f"{where}的淘汰赛对阵表无效")
    size = bracket["size"]
    if not 2 <= size <= 4096 or size & (size - 1):
        raise invalid(f"{where}的淘汰赛规模 {size} 不是2的幂")
    rounds = bracket.get("rounds")
    if not isinstance(rounds, list) or not all(isinstance(r, list) for r in rounds):
        raise invalid(f"{where}的淘汰赛轮次无效")
    matches = [m for r in rounds for m in r]
    if bracket.get("third_place") is not None:
        matches.append(bracket["third_place"])
    seeds = bracket.get("seeds", [])
    _teams(seeds if isinstance(seeds, list) else [True], team_ids, where, allow_none=False)
    for m in matches:
        if (
            not isinstance(m, dict)
            or not isinstance(m.get("id"), str)
            or not is_int(m.get("round"))
        ):
            raise invalid(f"{where}的淘汰赛场次无效")
        sides = [m.get("ew"), m.get("ns")]
        _teams(sides + [m.get("winner")], team_ids, where, allow_none=True)
        if m.get("winner") is not None and m["winner"] not in sides:
            raise invalid(f"{where}的场次{m['id']}：胜方不是参赛的组合")


def _teams(values: list, team_ids: set[int], where: str, *, allow_none: bool) -> None:
    for value in values:
        if value is None and allow_none:
            continue
        if not is_int(value) or value not in team_ids:
            raise invalid(f"{where}引用了存档中没有的组合 {value!r}")


def check_audit(row: dict, exported_at: dt.datetime | None, number: int) -> None:
    """An audit entry has a known shape and action (one the app writes or wrote,
    :data:`tournament.core.audit.ACTIONS`) and is not dated after the archive was
    written."""
    where = f"第{number}条操作记录"
    action = row.get("action", "")
    if not isinstance(action, str) or (action not in ACTIONS and action not in FORMER_ACTIONS):
        raise invalid(f"{where}的操作类型 {str(action)[:40]!r} 无效")
    for key in ("before", "after"):
        if not isinstance(row.get(key), dict | list | type(None)):
            raise invalid(f"{where}的 {key} 应为对象")
    message = row.get("summary_message")
    if message is not None and not well_formed(message):
        raise invalid(f"{where}的说明消息（summary_message）格式不对")
    created = row.get("created_at")
    when = parse_datetime(created) if isinstance(created, str) else None
    if created and when is None:
        raise invalid(f"{where}的时间 {str(created)[:40]!r} 无效")
    if when and exported_at and when.tzinfo and exported_at.tzinfo and when > exported_at:
        raise invalid(f"{where}的时间晚于存档导出时间，可能是伪造的")


def check_submission(row: dict, number: int) -> None:
    """A submission's values are an object of result fields, as the app stores them."""
    if not isinstance(row.get("values"), dict):
        raise invalid(f"第{number}条成绩提交的内容应为对象")


def mark_imported(row: dict) -> dict:
    """The audit entry as kept here: its summary says it was read from an archive."""
    summary = str(row.get("summary") or "")
    if not summary.startswith(IMPORTED_MARK):
        summary = (IMPORTED_MARK + summary)[:300]
    return {**row, "summary": summary}
