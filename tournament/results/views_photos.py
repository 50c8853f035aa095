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
from tournament.results.views import get_match
from tournament.results.views_table_entry import load_table


def _attach(request, match, source: str) -> None:
    try:
        attach_photo(match, request.FILES.get("photo"), by=request_actor(request, source))
    except ServiceError as exc:  # a PhotoError, or the table's rights
        messages.error(request, str(exc))
    else:
        messages.success(request, _("照片已上传"))


@require_POST
def match_photo_add(request, slug, number, table_no):
    tournament = load_tournament(request, slug, REFEREE)
    match = get_match(tournament, number, table_no)
    _attach(request, match, "referee")
    return redirect("match_entry", slug=slug, number=number, table=table_no)


@require_POST
def side_photo_add(request, slug, match_id, code):
    match, side = load_table(slug, match_id, code)
    _attach(request, match, f"table_{side.lower()}")
    return redirect("table_entry", slug=slug, match_id=match_id, code=code)


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
    photo = get_object_or_404(ScoreSheetPhoto, pk=photo_id, match__round__tournament=tournament)
    return _serve(photo)


@require_GET
def side_photo(request, slug, match_id, code, photo_id):
    """A photo for one of the table's sides, through its own link."""
    match, _side = load_table(slug, match_id, code)
    return _serve(get_object_or_404(ScoreSheetPhoto, pk=photo_id, match=match))
