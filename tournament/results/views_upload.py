"""The clerk's results sheet (成绩录入表) on the web: upload → preview → confirm, like the
registration import.

The upload is checked and saved exactly as the import would save it, then rolled back
(``import_results(dry_run=True)``): the preview shows each table's pairs, the result the
sheet gives it (到时 marked) and its state now, with any refusal. Nothing is kept until the
clerk presses 确认导入; the file waits in the session, and is checked again then (another
referee may have entered a table in between). 取消 forgets it.
"""

from __future__ import annotations

import base64

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from scoring import counts_pass_upgrade
from tournament.core.actors import Actor, request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import REFEREE
from tournament.core.view_helpers import MSG_NOTHING_PENDING, load_tournament
from tournament.models import Round
from tournament.results.forms import ResultsImportForm
from tournament.results.results_spreadsheet import blank_note
from tournament.results.spreadsheet_import import import_results
from tournament.spreadsheets.reader import megabytes
from tournament.spreadsheets.uploads import upload_limits
from tournament.text.messages import render as render_message

SESSION_KEY = "results_import"
MSG_FAILED = "import_results_failed"  # message code: text in tournament/text/messages/people.py


def results_import(request, slug, number):
    """A clerk uploads the round's results sheet; a preview, then all rows or nothing."""
    tournament = load_tournament(request, slug, REFEREE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    if action == "cancel":
        request.session.pop(SESSION_KEY, None)
        messages.info(request, _("已取消导入，没有保存任何成绩"))
        return redirect("results_import", slug=slug, number=number)
    if action == "confirm":
        return _confirm(request, round_)
    form = ResultsImportForm(request.POST or None, request.FILES or None)
    context = {
        "t": tournament,
        "round": round_,
        "form": form,
        "upload_limit": megabytes(upload_limits().max_bytes),
        "pass_column": counts_pass_upgrade(tournament.scoring),
    }
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read()
        try:
            check = import_results(
                round_, data=data, filename=upload.name, by=_clerk(request), dry_run=True
            )
        except ServiceError as exc:
            context["problems"] = [str(exc)]
        else:
            context.update(_preview(round_, check), filename=upload.name)
            if check.ok:
                request.session[SESSION_KEY] = {
                    "slug": slug,
                    "round": number,
                    "name": upload.name,
                    "data": base64.b64encode(data).decode("ascii"),
                }
    return render(request, "results/results_import.html", context)


def _clerk(request) -> Actor:
    """The clerk importing a sheet of results: the import's path (the rule's ``import``)."""
    return request_actor(request, "import")


def _confirm(request, round_: Round):
    """Import the file kept by the preview (checked again): every table or none."""
    slug, number = round_.tournament.slug, round_.number
    pending = request.session.get(SESSION_KEY)
    if not pending or (pending.get("slug"), pending.get("round")) != (slug, number):
        messages.error(request, render_message(MSG_NOTHING_PENDING))
        return redirect("results_import", slug=slug, number=number)
    data = base64.b64decode(pending["data"])
    try:
        check = import_results(round_, data=data, filename=pending["name"], by=_clerk(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("results_import", slug=slug, number=number)
    del request.session[SESSION_KEY]
    if not check.ok:
        problems = _("；").join(str(p) for p in check.problems[:20])
        messages.error(request, render_message(MSG_FAILED, problems=problems))
        return redirect("results_import", slug=slug, number=number)
    messages.success(request, _("已导入%(n)s台成绩") % {"n": len(check.rows)})
    if check.blank_tables:
        messages.info(request, blank_note(check.blank_tables))
    return redirect("round_control", slug=slug, number=number)


def _preview(round_: Round, check) -> dict:
    """The preview's context: the check, and one row per table the sheet gives."""
    tables = round_.tables.filter(number__in=list(check.rows)).select_related("ew", "ns")
    by_table = {m.number: m for m in tables}
    rows = [
        {"row": check.row_numbers.get(table), "m": by_table[table], "values": values}
        for table, values in sorted(check.rows.items())
    ]
    return {
        "check": check,
        "preview": rows,
        "problems": [str(p) for p in check.problems],
        "ignored_columns": check.ignored_columns,
        "blank_tables": check.blank_tables,
    }
