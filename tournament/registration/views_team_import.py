"""A team event's sheet import: upload → preview (nothing saved) → confirm (all or nothing),
as the pairs' import (:mod:`tournament.registration.views_import`) does."""

from __future__ import annotations

import io

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.core.errors import ServiceError
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_team_event
from tournament.registration.forms import ImportForm
from tournament.registration.views_import import PREVIEW_ROWS, confirm_pending, keep_pending
from tournament.spreadsheets.reader import XLSX_CONTENT_TYPE, megabytes
from tournament.spreadsheets.uploads import upload_limits
from tournament.teams.import_sheet import teams_check, teams_import
from tournament.teams.sheet_rows import TEMPLATE_TEAM, template_header

SESSION_KEY = "team_import"


@require_http_methods(["GET", "POST"])
def team_import(request, slug):
    tournament = load_team_event(request, slug, ORGANIZER)
    form = ImportForm(request.POST or None, request.FILES or None)
    context = {
        "t": tournament,
        "form": form,
        "upload_limit": megabytes(upload_limits().max_bytes),
        "columns": template_header(tournament.team_pairs, tournament.substitutes),
    }
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read()
        try:
            check = teams_check(tournament, data, upload.name)
        except ServiceError as exc:
            context["file_error"] = str(exc)
        else:
            context.update(check=check, preview=check.rows[:PREVIEW_ROWS], filename=upload.name)
            if check.ok:  # kept for the confirmation, and checked again then
                keep_pending(request, SESSION_KEY, slug, upload.name, data)
    return render(request, "registration/team_import.html", context)


@require_POST
def team_import_confirm(request, slug):
    tournament = load_team_event(request, slug, ORGANIZER)
    return confirm_pending(
        request,
        SESSION_KEY,
        tournament,
        teams_import,
        back="team_import",
        done="team_list",
        imported=_("已导入%(n)s个团体"),
    )


def team_workbook(team_pairs: int, substitutes: int) -> bytes:
    """The team sheet's template: the header row and one example team."""
    # Imported here: openpyxl and numpy are 30 MB that every web worker would keep.
    from openpyxl import Workbook

    header = template_header(team_pairs, substitutes)
    names = ("张伟", "王芳", "李娜", "刘洋", "陈静", "杨帆")[: 2 * team_pairs]
    example = [*TEMPLATE_TEAM, *(cell for name in names for cell in (name, ""))]
    example += ["赵磊", "孙丽"][:substitutes]
    book = Workbook()
    sheet = book.active
    sheet.title = "团体报名表"
    sheet.append(header)
    sheet.append(example)
    for i in range(len(header)):
        sheet.column_dimensions[chr(ord("A") + i)].width = 22 if i < 2 else 12
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def team_template(request, slug):
    tournament = load_team_event(request, slug, ORGANIZER)
    response = HttpResponse(
        team_workbook(tournament.team_pairs, tournament.substitutes),
        content_type=XLSX_CONTENT_TYPE,
    )
    response["Content-Disposition"] = "attachment; filename*=UTF-8''team-template.xlsx"
    return response
