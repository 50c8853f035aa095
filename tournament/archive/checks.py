"""What an archive must satisfy before anything of it is saved (docs/security.md).

An archive is a file anyone can edit, so every value is checked against the same rules as
the app: each field's JSON type (``true`` is not a reference, ``"3"`` is not a number),
each reference to a row of the archive, the nesting depth, the levels and deal records of
every match through the rules engine, the knockout brackets and rotation groups, and the
shape of every audit entry. Each function raises
:class:`~tournament.archive.write.ArchiveError` naming the row (a code of this module or of
``write``, its texts in ``tournament/text/messages/services.py``). The database's field
checks (lengths, choices, integer ranges) run later, on the rows' values
(:mod:`tournament.archive.saving`).
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from typing import Any

from django.db import models
from django.utils.dateparse import parse_datetime

from rules import END_REASONS, LEVELS, RuleError, RuleSet, validate_final
from rules.messages import Message
from tournament.archive.write import (
    MSG_FILES_OBJECT,
    MSG_IDS,
    MSG_NO_TOURNAMENT,
    MSG_PART_LIST,
    PARTS,
    invalid,
    is_user_fk,
)
from tournament.core.audit import ACTIONS, FORMER_ACTIONS
from tournament.models.result_values import FORFEITS
from tournament.results.checks import ResultInvalid, scoresheet_state
from tournament.text.messages.audit import well_formed

# What is wrong (the ``error`` of write.MSG_INVALID); ``where`` names the row: a field
# ("Table.ew_level") or one of the MSG_WHERE_… messages.
MSG_WHERE_TABLE = "archive_where_match"  # n
MSG_WHERE_STAGE = "archive_where_stage"  # n
MSG_WHERE_AUDIT = "archive_where_audit"  # n
MSG_WHERE = "archive_where"  # where, error: a message of the rules or the results
MSG_DEPTH = "archive_depth"  # n
MSG_NULL = "archive_null"  # where
MSG_TYPE = "archive_type"  # where, value
MSG_LEVEL = "archive_level"  # where, value
MSG_VALUE = "archive_value"  # where, key, value
MSG_FLAGS = "archive_flags"  # where
MSG_GAMES = "archive_games"  # where
MSG_DEALS = "archive_deals"  # where
MSG_STAGE_STATE = "archive_stage_state"  # where
MSG_GROUPS = "archive_groups"  # where
MSG_BRACKET = "archive_bracket"  # where
MSG_BRACKET_SIZE = "archive_bracket_size"  # where, size
MSG_BRACKET_ROUNDS = "archive_bracket_rounds"  # where
MSG_BRACKET_MATCH = "archive_bracket_match"  # where
MSG_BRACKET_WINNER = "archive_bracket_winner"  # where, match
MSG_NO_PAIR = "archive_no_team"  # where, value
MSG_ACTION = "archive_action"  # where, value
MSG_AUDIT_OBJECT = "archive_audit_object"  # where, key
MSG_SUMMARY = "archive_summary"  # where
MSG_TIME = "archive_time"  # where, value
MSG_TIME_LATE = "archive_time_late"  # where
MSG_SUBMISSION = "archive_submission"  # n
MAX_DEPTH = 24
SIDES = ("", "EW", "NS")
IMPORTED_MARK = "［存档］"  # the summary of every audit entry read from an archive


def check_depth(value: Any) -> None:
    """Refuse JSON nested deeper than any archive this app writes (a nesting bomb)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise invalid(MSG_DEPTH, n=MAX_DEPTH)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def check_shape(archive: dict) -> None:
    """The tournament is an object, each part a list of objects with distinct integer ids."""
    check_depth(archive)
    if not isinstance(archive.get("tournament"), dict):
        raise invalid(MSG_NO_TOURNAMENT)
    for part in PARTS:
        rows = archive.get(part.key, [])
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise invalid(MSG_PART_LIST, key=part.key)
        ids = [r.get("id") for r in rows]
        if not all(is_int(i) for i in ids) or len(set(ids)) != len(ids):
            raise invalid(MSG_IDS, key=part.key)
    if not isinstance(archive.get("files", {}), dict):
        raise invalid(MSG_FILES_OBJECT)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_TEXT = (models.CharField, models.TextField, models.GenericIPAddressField, models.FileField)
_WHEN = (models.DateTimeField, models.DateField, models.TimeField)


def check_value(model: type[models.Model], field: models.Field, value: Any) -> None:
    """The JSON type a field's value must have in an archive (``None`` only when nullable)."""
    if value is None:
        if field.null or isinstance(field, models.JSONField):
            return
        raise invalid(MSG_NULL, where=f"{model.__name__}.{field.name}")
    kind = _expected(field)
    if kind is _INT:
        ok = is_int(value)
    elif kind is _NUMBER:
        ok = is_int(value) or isinstance(value, float | str)
    elif kind is None:
        ok = True  # JSON fields: any JSON, depth checked by check_depth
    else:
        ok = isinstance(value, kind)
    if not ok:
        where = f"{model.__name__}.{field.name}"
        raise invalid(MSG_TYPE, where=where, value=repr(str(value)[:40]))


_INT = object()  # an integer, not a boolean
_NUMBER = object()  # an integer, a float or a text, not a boolean


@cache
def _expected(field: models.Field) -> Any:
    """What :func:`check_value` accepts for ``field``: a type (or tuple), ``_INT``, or
    ``None`` for any JSON; worked out once per field."""
    if is_user_fk(field):
        return str
    if field.is_relation or isinstance(field, models.IntegerField):
        return _INT
    if isinstance(field, models.BooleanField):
        return bool
    if isinstance(field, _TEXT + _WHEN):
        return str
    if isinstance(field, models.FloatField | models.DecimalField):
        return _NUMBER
    return None


_UNCHANGED = {  # a field's to_python that returns values of these types as they are
    models.Field.to_python: None,  # every type
    models.IntegerField.to_python: (int,),
    models.CharField.to_python: (str,),
    models.TextField.to_python: (str,),
    models.BooleanField.to_python: (bool,),
}


def unchanged_types(field: models.Field) -> frozenset[type] | None:
    """The types of value ``field.to_python`` gives back as they are (``None``: every
    type); an empty set for a field that converts (times, addresses)."""
    kinds = _UNCHANGED.get(type(field).to_python, ())
    return None if kinds is None else frozenset(kinds)


_JSON_TYPES = frozenset((dict, list, str, int, float, bool))


def plain_types(field: models.Field) -> frozenset[type]:
    """The types of value :func:`check_value` passes for ``field`` and its ``to_python``
    keeps: such a value is taken as it is, without either call (once per field)."""
    kind = _expected(field)
    if kind is None:
        accepted = _JSON_TYPES
    elif kind is _INT:
        accepted = frozenset((int,))
    elif kind is _NUMBER:
        accepted = frozenset((int, float, str))
    else:
        accepted = frozenset(kind if isinstance(kind, tuple) else (kind,))
    unchanged = unchanged_types(field)
    plain = accepted if unchanged is None else accepted & unchanged
    if field.null or isinstance(field, models.JSONField):
        plain |= {type(None)}
    return plain


def _level(value: Any, where: Message) -> str:
    if value in ("", None):
        return ""
    if value not in LEVELS:
        raise invalid(MSG_LEVEL, where=where, value=repr(value))
    return value


def check_table(row: dict, rules: RuleSet, number: int) -> None:
    """A match's result fields and score sheets, through the rules engine."""
    where = Message(MSG_WHERE_TABLE, {"n": number})
    ew = _level(row.get("ew_level"), where)
    ns = _level(row.get("ns_level"), where)
    for key, allowed in (
        ("forfeit", FORFEITS),
        ("defeat_side", SIDES),
        ("winner", SIDES),
        ("defeat_reason", ("", *END_REASONS)),
    ):
        if row.get(key, "") not in allowed:
            raise invalid(MSG_VALUE, where=where, key=key, value=repr(row.get(key)))
    if ew and ns and not row.get("forfeit") and not row.get("defeat_side"):
        try:
            validate_final(rules, ew, ns, at_time=True)
        except RuleError as err:
            raise invalid(MSG_WHERE, where=where, error=err.msg) from None
    flags = row.get("flags") or []
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise invalid(MSG_FLAGS, where=where)
    games = row.get("games") or []
    if not isinstance(games, list):
        raise invalid(MSG_GAMES, where=where)
    sheets = [row.get("deals") or []] + games
    for steps in sheets:
        if not isinstance(steps, list):
            raise invalid(MSG_DEALS, where=where)
        if steps:
            try:
                scoresheet_state(rules, steps)
            except (ResultInvalid, TypeError, ValueError, KeyError) as exc:
                error = exc.msg if isinstance(exc, ResultInvalid) else str(exc)
                raise invalid(MSG_WHERE, where=where, error=error) from None


def check_stage_state(state: Any, pair_ids: set[int], number: int) -> None:
    """A knockout bracket or rotation groups may only name pairs of the archive."""
    where = Message(MSG_WHERE_STAGE, {"n": number})
    if not isinstance(state, dict):
        raise invalid(MSG_STAGE_STATE, where=where)
    groups = state.get("groups")
    if groups is not None:
        if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
            raise invalid(MSG_GROUPS, where=where)
        _pairs([t for g in groups for t in g], pair_ids, where, allow_none=False)
    if "bracket" in state:
        _check_bracket(state["bracket"], pair_ids, where)


def _check_bracket(bracket: Any, pair_ids: set[int], where: Message) -> None:
    if not isinstance(bracket, dict) or not is_int(bracket.get("size")):
        raise invalid(MSG_BRACKET, where=where)
    size = bracket["size"]
    if not 2 <= size <= 4096 or size & (size - 1):
        raise invalid(MSG_BRACKET_SIZE, where=where, size=size)
    rounds = bracket.get("rounds")
    if not isinstance(rounds, list) or not all(isinstance(r, list) for r in rounds):
        raise invalid(MSG_BRACKET_ROUNDS, where=where)
    tables = [m for r in rounds for m in r]
    if bracket.get("third_place") is not None:
        tables.append(bracket["third_place"])
    seeds = bracket.get("seeds", [])
    _pairs(seeds if isinstance(seeds, list) else [True], pair_ids, where, allow_none=False)
    for m in tables:
        if (
            not isinstance(m, dict)
            or not isinstance(m.get("id"), str)
            or not is_int(m.get("round"))
        ):
            raise invalid(MSG_BRACKET_MATCH, where=where)
        sides = [m.get("ew"), m.get("ns")]
        _pairs(sides + [m.get("winner")], pair_ids, where, allow_none=True)
        if m.get("winner") is not None and m["winner"] not in sides:
            raise invalid(MSG_BRACKET_WINNER, where=where, match=m["id"])


def _pairs(values: list, pair_ids: set[int], where: Message, *, allow_none: bool) -> None:
    for value in values:
        if value is None and allow_none:
            continue
        if not is_int(value) or value not in pair_ids:
            raise invalid(MSG_NO_PAIR, where=where, value=repr(value))


def check_audit(row: dict, exported_at: dt.datetime | None, number: int) -> None:
    """An audit entry has a known shape and action (one the app writes or wrote,
    :data:`tournament.core.audit.ACTIONS`) and is not dated after the archive was
    written."""
    where = Message(MSG_WHERE_AUDIT, {"n": number})
    action = row.get("action", "")
    if not isinstance(action, str) or (action not in ACTIONS and action not in FORMER_ACTIONS):
        raise invalid(MSG_ACTION, where=where, value=repr(str(action)[:40]))
    for key in ("before", "after"):
        if not isinstance(row.get(key), dict | list | type(None)):
            raise invalid(MSG_AUDIT_OBJECT, where=where, key=key)
    message = row.get("summary_message")
    if message is not None and not well_formed(message):
        raise invalid(MSG_SUMMARY, where=where)
    created = row.get("created_at")
    when = parse_datetime(created) if isinstance(created, str) else None
    if created and when is None:
        raise invalid(MSG_TIME, where=where, value=repr(str(created)[:40]))
    if when and exported_at and when.tzinfo and exported_at.tzinfo and when > exported_at:
        raise invalid(MSG_TIME_LATE, where=where)


def check_submission(row: dict, number: int) -> None:
    """A submission's values are an object of result fields, as the app stores them."""
    if not isinstance(row.get("values"), dict):
        raise invalid(MSG_SUBMISSION, n=number)


def mark_imported(row: dict) -> dict:
    """The audit entry as kept here: its summary says it was read from an archive."""
    summary = str(row.get("summary") or "")
    if not summary.startswith(IMPORTED_MARK):
        summary = (IMPORTED_MARK + summary)[:300]
    return {**row, "summary": summary}
