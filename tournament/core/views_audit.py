"""The audit log of a round (操作记录), on a page and as CSV, in words (see audit_text)."""

from __future__ import annotations

import csv

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.core.audit_text import readable
from tournament.core.params import positive_int
from tournament.core.rights import CHIEF_REFEREE
from tournament.core.view_helpers import load_tournament
from tournament.models import AuditEntry, Round

AUDIT_PAGE = 100  # lines a page: a round of 2,500 tables has 5,000 and more


def round_audit(request, slug, number):
    """The audit log of a round's tables, oldest first, a page at a time; ``?table=N``
    keeps one table's lines; ``?format=csv`` downloads them all (of the table, if given)."""
    tournament = load_tournament(request, slug, CHIEF_REFEREE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    table = positive_int(request.GET.get("table")) or None  # 0: no table, the whole round
    tables = round_.tables.all() if table is None else round_.tables.filter(number=table)
    ids = [str(pk) for pk in tables.values_list("pk", flat=True)]
    entries = AuditEntry.objects.filter(
        tournament=tournament, object_type="match", object_id__in=ids
    )
    if table is None:  # and the round's own lines: published, started, locked …
        entries |= AuditEntry.objects.filter(
            tournament=tournament, object_type="round", object_id=str(round_.pk)
        )
    entries = entries.order_by("created_at", "id")
    if request.GET.get("format") == "csv":
        suffix = "" if table is None else f"-table-{table}"
        return audit_csv(entries, f"round-{number}{suffix}-audit.csv")
    page = Paginator(entries, AUDIT_PAGE).get_page(positive_int(request.GET.get("page")) or 1)
    context = {
        "t": tournament,
        "round": round_,
        "rows": [readable(e) for e in page.object_list],
        "page": page,
        "table": table,
    }
    return render(request, "core/audit.html", context)


def audit_csv(entries, filename: str):
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f"attachment; filename={filename}"
    response.write("\ufeff")  # Excel needs the BOM to read UTF-8 Chinese
    writer = csv.writer(response)
    writer.writerow(
        [
            _("时间"),
            _("操作人"),
            "IP",
            _("操作"),
            _("说明"),
            pgettext("audit column", "修改"),
            _("各方录入"),
        ]
    )
    for e in entries:
        row = readable(e)
        change_text = "；".join(
            f"{label}：{old or '—'} → {new or '—'}" for label, old, new in row["changes"]
        )
        writer.writerow(
            [
                e.created_at.isoformat(),
                e.actor,
                e.ip or "",
                e.action,
                _safe(e.summary_text()),
                _safe(change_text),
                _safe("；".join(row["entries"])),
            ]
        )
    return response


def _safe(text: str) -> str:
    """Keep spreadsheet programs from reading user text as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
