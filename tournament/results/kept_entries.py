"""What the staff see of a table's entries: the late entries it kept without a change
(确认后到达, or a second entry of a person already in the table's open dispute: see
:mod:`tournament.results.entry_keys` for when an entry is kept) and the entries of a dispute
side by side."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.core.audit_text import raw_text, source_label, steps_text, unfinished, values_text
from tournament.core.rights import CHIEF_REFEREE, ORGANIZER, role_of
from tournament.models import Table
from tournament.results.entry_keys import AFTER_CONFIRMATION, KEPT
from tournament.results.services import dispute_entries


def kept_note(saved: Table) -> str:
    """Why a late entry changed nothing (it is kept for the chief referee to see)."""
    if saved.state == Table.CONFIRMED:
        return _("该台成绩已确认，这份录入送达较晚，没有改动成绩；已保留供裁判长查看")
    return _("该台已在争议中且已有您的录入，这份录入没有另行提交；已保留供裁判长查看")


def late_kept(table: Table) -> list[dict]:
    """The late entries a table kept without changing anything (确认后到达, or a second one
    of a person in a dispute), for the staff's table page: newest first. None before the
    table was ever entered (no query: the page every referee's save starts from)."""
    if table.state in (Table.EMPTY, Table.IN_PLAY):
        return []
    rows = []
    for entry in table.applied_entries.filter(outcome=KEPT).order_by("-created_at", "-pk"):
        payload = entry.payload if isinstance(entry.payload, dict) else {}
        if "values" in payload:
            text = kept_values_text(payload["values"])
        else:
            text = steps_text(payload.get("steps") or [])
        rows.append(
            {
                "after_confirmation": payload.get("kept") == AFTER_CONFIRMATION,
                "by": payload.get("by", ""),
                "text": text,
                "made_at": entry.made_at,
                "arrived_at": entry.created_at,
            }
        )
    return rows


def kept_values_text(values) -> str:
    """A kept final-levels entry in one line; one stored before its check, as it is."""
    try:
        return values_text(values)
    except (LookupError, TypeError, ValueError, AttributeError):
        return raw_text(values)


def dispute_rows(table: Table) -> list[dict]:
    """The entries of a disputed table, for the side-by-side view."""
    if table.state != Table.DISPUTED:
        return []
    return [
        {
            "id": sub.pk,
            "by": sub.submitted_by.get_username() if sub.submitted_by else "",
            "via": _entry_via(sub, table),
            "at": sub.created_at,
            "text": values_text(sub.values),
            "values": sub.values,
            "unfinished": unfinished(sub.values),
        }
        for sub in dispute_entries(table)
    ]


def _entry_via(sub, table: Table) -> str:
    """How an entry of a dispute came. The staff entry page saves every entry as
    ``"referee"``: one made there by the chief referee or the organizer is labelled by that
    role, not 裁判 (issue 42)."""
    if sub.source == "referee" and sub.submitted_by is not None:
        role = role_of(sub.submitted_by, table.round.tournament)
        if role == CHIEF_REFEREE:
            return source_label("chief")
        if role == ORGANIZER:
            return _("组织者")
    return source_label(sub.source)
