"""Printouts and downloads: a page listing every export the user may take, and the download.

Rights are decided by :func:`tournament.printing.registry.allowed` on every download, not by
which buttons the page shows.
"""

from __future__ import annotations

import tempfile

from django.conf import settings
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.core.errors import ServiceError
from tournament.core.rights import CHIEF_REFEREE, has_role
from tournament.core.view_helpers import load_tournament, login_redirect

FORMAT_LABELS = {"pdf": "PDF", "xlsx": "Excel", "csv": "CSV", "json": "JSON", "json.gz": "JSON.GZ"}
SPOOL_BYTES = 8 * 1024 * 1024  # larger files go to a temporary file, not memory


def base_url(request) -> str:
    """The address printed in the QR codes: SITE_URL when set, else the one in use."""
    return getattr(settings, "SITE_URL", "") or request.build_absolute_uri("/").rstrip("/")


@require_GET
def export_index(request, slug):
    # The makers (reportlab, pypdf, openpyxl, qrcode: 60 MB) are imported by the first
    # download, not with the URLconf: a worker that serves no file never holds them.
    from tournament.printing.registry import KINDS, allowed
    from tournament.printing.source import round_numbers, round_titles

    tournament = load_tournament(request, slug, None)
    kinds = []
    public = True
    for kind in KINDS.values():
        ok, as_public = allowed(kind, request.user, tournament)
        if ok and kind.applies_to(tournament):
            public = public and as_public
            formats = [(fmt, FORMAT_LABELS[fmt]) for fmt in kind.formats]
            kinds.append({"kind": kind, "formats": formats})
    if not kinds:
        if not request.user.is_authenticated:
            return login_redirect(request)
        raise Http404
    url = base_url(request)
    context = {
        "t": tournament,
        "round_kinds": [k for k in kinds if k["kind"].per_round],
        "event_kinds": [k for k in kinds if not k["kind"].per_round],
        "rounds": round_numbers(tournament, public=public),
        "round_names": round_titles(tournament),
        "qr_base": url if tournament.table_entry else "",
        "qr_local": any(h in url for h in ("//127.0.0.1", "//localhost", "//[::1]")),
        # The exchange file (tournament.exchange, a layer above): offered to those who may
        # take the archive.
        "may_exchange": has_role(request.user, tournament, CHIEF_REFEREE),
    }
    return render(request, "printing/index.html", context)


@require_GET
def export_download(request, slug, kind, ext):
    # ``archive.json.gz`` comes in as kind "archive.json", ext "gz": kinds have no dot.
    kind, _dot, more = kind.partition(".")
    ext = f"{more}.{ext}" if more else ext
    from tournament.printing.makers import Request
    from tournament.printing.registry import CONTENT_TYPES, allowed, filename, get_kind, run

    tournament = load_tournament(request, slug, None)
    try:
        spec = get_kind(kind, ext)
    except ServiceError as exc:
        return refused(request, tournament, exc)
    ok, public = allowed(spec, request.user, tournament)
    if not ok:
        if not request.user.is_authenticated:
            return login_redirect(request)
        raise Http404
    try:
        number = int(request.GET["round"]) if request.GET.get("round") else None
        per_page = int(request.GET.get("per_page", "1"))
        table = int(request.GET["table"]) if request.GET.get("table") else None
    except ValueError:
        return refused(request, tournament, _("参数无效"))
    req = Request(
        tournament=tournament,
        kind=kind,
        fmt=ext,
        round=number,
        public=public,
        per_page=per_page,
        order=request.GET.get("order", "both"),
        base_url=base_url(request),
        user=request.user,
        table=table,
        with_audit=request.GET.get("audit") != "0",
    )
    # FileResponse closes the file when the response is sent; no context manager here.
    out = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115
    try:
        run(req, out)
    except ServiceError as exc:
        out.close()
        return refused(request, tournament, exc)
    out.seek(0)
    return FileResponse(
        out,
        as_attachment=ext != "pdf",  # PDFs open in the browser, ready to print
        filename=filename(req, spec),
        content_type=CONTENT_TYPES[ext],
    )


def refused(request, tournament, reason) -> HttpResponse:
    """An export that cannot be made, on the app's own page: why, and the way back (404,
    so that a link or a script sees the file is not there)."""
    context = {"t": tournament, "reason": str(reason)}
    return render(request, "printing/refused.html", context, status=404)
