"""The audit log in words: field labels, sides, levels, states, before → after.

Vocabulary
----------
change
    One field of an audit entry that differs between ``before`` and ``after``, written as
    ``(label, before text, after text)``; an empty text means "not set".
path (录入途径)
    How an entry reached the server (``Submission.source`` / ``Table.entered_via``):
    the referee's page, the chief's ruling, a side's table link, a clerk's sheet, the foul log.

Labels come from the models' own ``verbose_name`` and ``choices``, so a field is named
once; only keys that are not model fields (foul details, reasons) are named here.
"""

from __future__ import annotations

import json
from datetime import datetime
from types import SimpleNamespace

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules import RuleError, format_notation
from tournament.core.result_labels import SIDES, level_label, result_text
from tournament.models import Foul, Pair, Round, Table, Tournament
from tournament.models.result_values import RESULT_FIELDS, ResultValues
from tournament.text.messages.labels import DEFEAT_LABELS

SOURCE_LABELS = {
    "referee": gettext_lazy("裁判"),
    "chief": gettext_lazy("裁判长"),
    "table_ew": gettext_lazy("东西方选手链接"),
    "table_ns": gettext_lazy("南北方选手链接"),
    "import": gettext_lazy("成绩表导入"),
    "foul_log": gettext_lazy("犯规记录"),
}
HIDDEN = {"version", "entries", "photo", "phone", "phone_deals", "kept"}
EXTRA_LABELS = {
    "side": gettext_lazy("方位"),
    "kind": gettext_lazy("类型"),
    "severity": gettext_lazy("处理"),
    "deal": gettext_lazy("第几副"),
    "remark": gettext_lazy("备注"),
    "reason": gettext_lazy("原因"),
    "minutes_left": gettext_lazy("剩余分钟"),
    "status": gettext_lazy("状态"),
    # a round's pairing (round.pair)
    "tables": gettext_lazy("台数"),
    "byes": gettext_lazy("轮空"),
    "rematches": gettext_lazy("重复对阵"),
    "seed": gettext_lazy("种子"),  # a pair's seed (pair edits)
    # a draw by rating (docs/rules.md §19): the option's own label
    "by_rating": Tournament._meta.get_field("seed_by_rating").verbose_name,
}
# The draw's and a pairing's random number: 随机码, as the draw page says (种子 is a seeded
# pair on the sign-up sheet).
RANDOM_CODE = gettext_lazy("随机码")
SIDE_KEYS = {"forfeit", "defeat_side", "winner", "side"}
LEVEL_KEYS = {"ew_level", "ns_level"}


def source_label(source: str) -> str:
    return str(SOURCE_LABELS.get(source, source or ""))


def _label(key: str, object_type: str = "") -> str:
    if key == "seed" and object_type != "team":
        return str(RANDOM_CODE)
    if key in EXTRA_LABELS:
        return str(EXTRA_LABELS[key])
    try:
        return str(Table._meta.get_field(key).verbose_name)
    except Exception:  # noqa: BLE001 - any unknown key is shown as it is stored
        return key


def _choices(object_type: str, key: str) -> dict:
    if key == "state":
        return dict(Table.STATE_CHOICES)
    if key == "status":
        return dict(Round.STATUS_CHOICES if object_type == "round" else Pair.STATUS_CHOICES)
    if key == "kind":
        return dict(Foul.KIND_CHOICES)
    if key == "severity":
        return dict(Foul.SEVERITY_CHOICES)
    if key == "mode":
        return dict(Table.MODE_CHOICES)
    if key == "defeat_reason":
        return DEFEAT_LABELS
    return {}


def value_text(object_type: str, key: str, value) -> str:
    """One stored value in words ("" for not set)."""
    if value in (None, "", [], {}):
        return ""
    if key in SIDE_KEYS:
        return str(SIDES.get(value, value))
    if key in LEVEL_KEYS:
        return level_label(value)
    if key == "deals":
        return _("%(n)s条记录") % {"n": len(value)}
    choices = _choices(object_type, key)
    return str(choices.get(value, value))


def changes(entry) -> list[tuple[str, str, str]]:
    """The fields that differ between the entry's before and after, in words."""
    before, after = entry.before or {}, entry.after or {}
    if not isinstance(before, dict) or not isinstance(after, dict):
        return [("", str(before or ""), str(after or ""))]
    rows = []
    for key in [*before, *(k for k in after if k not in before)]:
        if key in HIDDEN or before.get(key) == after.get(key):
            continue
        old = value_text(entry.object_type, key, before.get(key))
        new = value_text(entry.object_type, key, after.get(key))
        if old != new:
            rows.append((_label(key, entry.object_type), old, new))
    return rows


def values_text(values: dict) -> str:
    """A stored result (ResultValues as a dict) in one line, fouls included."""
    if unfinished(values):  # a sheet in play: its levels so far, never 到时
        text = result_text(SimpleNamespace(ns_id=1, **values, state="in_play")) + _("（未打完）")
    else:
        text = result_text(SimpleNamespace(ns_id=1, **values)) or "—"
    if values.get("pass_upgrade"):  # 100+: how A was passed tells two such entries apart
        text += _("（过A一副升%(n)s级）") % {"n": values["pass_upgrade"]}
    fouls = (values.get("ew_fouls") or 0, values.get("ns_fouls") or 0)
    if any(fouls):
        text += _("（犯规 东西%(ew)s 南北%(ns)s）") % {"ew": fouls[0], "ns": fouls[1]}
    return text


def unfinished(values: dict) -> bool:
    """Whether stored values are a sheet's levels so far (:attr:`ResultValues.unfinished`)."""
    return ResultValues(**{n: values[n] for n in RESULT_FIELDS if n in values}).unfinished


def entries_text(entry) -> list[str]:
    """For a dispute: each entry's person, path, time and result."""
    after = entry.after if isinstance(entry.after, dict) else {}
    return [
        f"{e.get('by', '')} · {source_label(e.get('via', ''))} · {_time(e.get('at'))} · "
        f"{values_text(e.get('values') or {})}"
        for e in after.get("entries", [])
    ]


def _time(stamp) -> str:
    try:
        return timezone.localtime(datetime.fromisoformat(stamp)).strftime("%H:%M:%S")
    except (TypeError, ValueError):
        return ""


RAW_CHARS = 200  # of a stored sheet or entry the rules cannot read, shown as it is


def steps_text(steps) -> str:
    """A phone's sheet in the sheet's notation; one the rules refuse (stored before late
    sheets were checked) as it is, cut short, with a note, so no page fails on it."""
    try:
        return format_notation(steps)
    except (RuleError, LookupError, TypeError, ValueError, AttributeError):
        return raw_text(steps)


def raw_text(value) -> str:
    """Something stored that cannot be read as a result: its JSON, cut short, and why."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) > RAW_CHARS:
        text = text[:RAW_CHARS] + "…"
    return _("%(raw)s（无法识别的记录，原样显示）") % {"raw": text}


def phone_lines(entry) -> list[str]:
    """For an entry kept on a phone and sent later: when it was made there, when it arrived
    (and, for a conflict, the phone's own deal-by-deal sheet)."""
    after = entry.after if isinstance(entry.after, dict) else {}
    phone = after.get("phone")
    if not isinstance(phone, dict) or not phone.get("late"):
        return []
    arrived = _time(phone.get("arrived_at"))
    if phone.get("made_at"):
        made = _time(phone["made_at"])
        lines = [
            _("手机离线时录入于%(made)s，%(arrived)s送达") % {"made": made, "arrived": arrived}
        ]
    else:
        claimed = str(phone.get("claimed") or "")[:40]
        lines = [
            _("手机离线时录入（手机时间不可信：%(claimed)s），%(arrived)s送达")
            % {"claimed": claimed or "—", "arrived": arrived}
        ]
    if after.get("phone_deals"):
        lines.append(
            _("手机上的逐副记录：%(notation)s") % {"notation": steps_text(after["phone_deals"])}
        )
    return lines


def readable(entry) -> dict:
    """What the audit pages show for one entry."""
    entries = entries_text(entry) + phone_lines(entry)
    return {"entry": entry, "changes": changes(entry), "entries": entries}
