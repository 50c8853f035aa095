"""Score-sheet photos: upload from a referee's table page or a side's table link, and the
views that serve them to the event's staff and to that table's sides only."""

from __future__ import annotations

from django.contrib import messages
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import REFEREE
from tournament.core.view_helpers import load_tournament
from tournament.models import ScoreSheetPhoto
from tournament.results.photos import attach_photo
from tournament.results.views import get_table
from tournament.results.views_table_entry import load_table


def _attach(request, table, source: str) -> None:
    try:
        attach_photo(table, request.FILES.get("photo"), by=request_actor(request, source))
    except ServiceError as exc:  # a PhotoError, or the table's rights
        messages.error(request, str(exc))
    else:
        messages.success(request, _("照片已上传"))


@require_POST
def table_photo_add(request, slug, number, table_no):
    tournament = load_tournament(request, slug, REFEREE)
    table = get_table(tournament, number, table_no)
    _attach(request, table, "referee")
    return redirect("table_entry", slug=slug, number=number, table_no=table_no)


@require_POST
def side_photo_add(request, slug, table_id, code):
    table, side = load_table(slug, table_id, code)
    _attach(request, table, f"table_{side.lower()}")
    return redirect("side_entry", slug=slug, table_id=table_id, code=code)


def _serve(photo: ScoreSheetPhoto) -> FileResponse:
    try:
        handle = photo.image.open("rb")
    except OSError:
        raise Http404 from None
    response = FileResponse(handle, content_type="image/jpeg")
    response["Cache-Control"] = "private, max-age=3600"
    return response


@require_GET
def sheet_photo(request, slug, photo_id):
    """A photo for the event's staff (referees and up)."""
    tournament = load_tournament(request, slug, REFEREE)
    photo = get_object_or_404(ScoreSheetPhoto, pk=photo_id, table__round__tournament=tournament)
    return _serve(photo)


@require_GET
def side_photo(request, slug, table_id, code, photo_id):
    """A photo for one of the table's sides, through its own link."""
    table, _side = load_table(slug, table_id, code)
    return _serve(get_object_or_404(ScoreSheetPhoto, pk=photo_id, table=table))
