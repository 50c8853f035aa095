"""Registration import: upload → preview (nothing saved) → confirm (all or nothing)."""

from __future__ import annotations

import base64
import io

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import MSG_NOTHING_PENDING, load_tournament
from tournament.registration.forms import ImportForm
from tournament.registration.registration_spreadsheet import TEMPLATE_EXAMPLE, TEMPLATE_HEADER
from tournament.registration.services import pairs_import, registration_check
from tournament.spreadsheets.reader import XLSX_CONTENT_TYPE, megabytes
from tournament.spreadsheets.uploads import upload_limits
from tournament.text.messages import render as render_message

SESSION_KEY = "pair_import"
MSG_FAILED = "import_teams_failed"  # message code: text in tournament/text/messages/people.py
PREVIEW_ROWS = 200


@require_http_methods(["GET", "POST"])
def import_upload(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    if tournament.is_team_event:  # the team sheet's columns
        return redirect("team_import", slug=slug)
    if tournament.is_individual_event:  # the players' sheet's
        return redirect("individual_import", slug=slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    context = {"t": tournament, "form": form, "upload_limit": megabytes(upload_limits().max_bytes)}
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read()
        try:
            check = registration_check(tournament, data, upload.name)
        except ServiceError as exc:
            context["file_error"] = str(exc)
        else:
            context.update(check=check, preview=check.rows[:PREVIEW_ROWS], filename=upload.name)
            if check.ok:
                keep_pending(request, SESSION_KEY, slug, upload.name, data)
    return render(request, "registration/pair_import.html", context)


@require_POST
def import_confirm(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    return confirm_pending(
        request,
        SESSION_KEY,
        tournament,
        pairs_import,
        back="pair_import",
        done="pair_list",
        imported=_("已导入%(n)s个组合"),
    )


def keep_pending(request, key: str, slug: str, name: str, data: bytes) -> None:
    """Keep a checked sheet in the session for its confirmation (checked again then)."""
    request.session[key] = {
        "slug": slug,
        "name": name,
        "data": base64.b64encode(data).decode("ascii"),
    }


def confirm_pending(request, key, tournament, importer, *, back, done, imported) -> HttpResponse:
    """Import the sheet kept under ``key`` with ``importer`` (all or nothing): to the page
    ``done`` saying ``imported`` (its ``%(n)s`` the rows), or back to ``back`` saying why."""
    slug = tournament.slug
    pending = request.session.get(key)
    if not pending or pending.get("slug") != slug:
        messages.error(request, render_message(MSG_NOTHING_PENDING))
        return redirect(back, slug=slug)
    data = base64.b64decode(pending["data"])
    try:
        check = importer(
            tournament=tournament, data=data, filename=pending["name"], by=request_actor(request)
        )
    except ServiceError as exc:
        messages.error(request, str(exc))
        return redirect(back, slug=slug)
    del request.session[key]
    if not check.ok:
        problems = _("；").join(map(str, check.problems[:20]))
        messages.error(request, render_message(MSG_FAILED, problems=problems))
        return redirect(back, slug=slug)
    messages.success(request, imported % {"n": len(check.rows)})
    return redirect(done, slug=slug)


def template_workbook() -> bytes:
    """The registration template: the header row and one example row."""
    # Imported here: openpyxl and numpy are 30 MB that every web worker would keep.
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "报名表"
    sheet.append(TEMPLATE_HEADER)
    sheet.append(TEMPLATE_EXAMPLE)
    for column, width in zip("ABCDEF", (18, 22, 12, 12, 16, 8), strict=True):
        sheet.column_dimensions[column].width = width
    for row in sheet.iter_rows(min_row=2, max_row=200, min_col=5, max_col=5):
        for c in row:
            c.number_format = "@"  # phone numbers stay text
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def import_template(request, slug):
    load_tournament(request, slug, ORGANIZER)
    response = HttpResponse(
        template_workbook(),
        content_type=XLSX_CONTENT_TYPE,
    )
    response["Content-Disposition"] = "attachment; filename*=UTF-8''registration-template.xlsx"
    return response
