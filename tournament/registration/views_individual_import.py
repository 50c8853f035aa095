"""An individual event's sheet import: upload → preview (nothing saved) → confirm (all or
nothing), as the pairs' and the teams' imports do (their shared steps:
:func:`~tournament.registration.views_import.keep_pending`, ``confirm_pending``)."""

from __future__ import annotations

import io

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.core.errors import ServiceError
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_individual_event
from tournament.individuals.import_sheet import individuals_check, individuals_import
from tournament.individuals.sheet_rows import TEMPLATE_EXAMPLE, TEMPLATE_HEADER
from tournament.registration.forms import ImportForm
from tournament.registration.views_import import PREVIEW_ROWS, confirm_pending, keep_pending
from tournament.spreadsheets.reader import XLSX_CONTENT_TYPE, megabytes
from tournament.spreadsheets.uploads import upload_limits

SESSION_KEY = "individual_import"


@require_http_methods(["GET", "POST"])
def individual_import(request, slug):
    tournament = load_individual_event(request, slug, ORGANIZER)
    form = ImportForm(request.POST or None, request.FILES or None)
    context = {
        "t": tournament,
        "form": form,
        "upload_limit": megabytes(upload_limits().max_bytes),
        "columns": TEMPLATE_HEADER,
    }
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read()
        try:
            check = individuals_check(tournament, data, upload.name)
        except ServiceError as exc:
            context["file_error"] = str(exc)
        else:
            context.update(check=check, preview=check.rows[:PREVIEW_ROWS], filename=upload.name)
            if check.ok:  # kept for the confirmation, and checked again then
                keep_pending(request, SESSION_KEY, slug, upload.name, data)
    return render(request, "registration/individual_import.html", context)


@require_POST
def individual_import_confirm(request, slug):
    tournament = load_individual_event(request, slug, ORGANIZER)
    return confirm_pending(
        request,
        SESSION_KEY,
        tournament,
        individuals_import,
        back="individual_import",
        done="individual_list",
        imported=_("已导入%(n)s名选手"),
    )


def individual_workbook() -> bytes:
    """The individual sheet's template: the header row and one example player."""
    # Imported here: openpyxl and numpy are 30 MB that every web worker would keep.
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "个人报名表"
    sheet.append(TEMPLATE_HEADER)
    sheet.append(TEMPLATE_EXAMPLE)
    for column, width in zip("ABCD", (14, 22, 16, 8), strict=True):
        sheet.column_dimensions[column].width = width
    for row in sheet.iter_rows(min_row=2, max_row=2000, min_col=3, max_col=3):
        for c in row:
            c.number_format = "@"  # phone numbers stay text
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def individual_template(request, slug):
    load_individual_event(request, slug, ORGANIZER)
    response = HttpResponse(individual_workbook(), content_type=XLSX_CONTENT_TYPE)
    response["Content-Disposition"] = "attachment; filename*=UTF-8''individual-template.xlsx"
    return response
