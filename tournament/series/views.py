"""The series pages (系列赛, docs/rules.md §20): the organizers' list, creation and settings,
the events in a series, the public standings and the certificates.

Who: the list and creation are for accounts that may create events; a series' settings,
events and certificates for its creator and the site's administrators (others: 404); its
standings for everyone once published (before: its creator and the administrators).
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.series_points import DEFAULT_CONFIG, points_text
from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import can_create_tournament, visible_tournaments
from tournament.core.view_helpers import form_error
from tournament.models import Series
from tournament.ratings.services import series_published_ratings
from tournament.series import services
from tournament.series.forms import SeriesCreateForm, SeriesEventForm, SeriesForm
from tournament.series.standings import SeriesLine, series_entries, series_lines
from tournament.text.messages import render as render_text

PER_PAGE = 100


def _series(request, series_slug: str, *, change: bool) -> Series:
    series = get_object_or_404(Series, slug=series_slug)
    if change and not services.may_change(request.user, series):
        raise Http404
    if not change and not series.published and not services.may_change(request.user, series):
        raise Http404
    return series


@login_required
def series_list(request):
    if not can_create_tournament(request.user):
        raise Http404
    rows = Series.objects.annotate(n_events=Count("entries")).select_related("created_by")
    mine = [s for s in rows if services.may_change(request.user, s)]
    return render(request, "series/list.html", {"mine": mine})


@login_required
@require_http_methods(["GET", "POST"])
def series_create(request):
    if not can_create_tournament(request.user):
        raise Http404
    form = SeriesCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            series = services.series_create(by_user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已创建系列赛“%(name)s”") % {"name": series.name})
            return redirect("series_edit", series_slug=series.slug)
    return render(request, "series/create.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def series_edit(request, series_slug):
    series = _series(request, series_slug, change=True)
    form = SeriesForm(request.POST or None, instance=series)
    if request.method == "POST" and form.is_valid():
        try:
            fields = {**form.cleaned_data}
            services.series_update(
                series=Series.objects.get(pk=series.pk), by=request_actor(request), **fields
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("设置已保存"))
            return redirect("series_edit", series_slug=series.slug)
    context = {
        "series": series,
        "form": form,
        "entries": series_entries(series),
        "add_form": SeriesEventForm(events=_addable(request, series)),
        "defaults": json.dumps(
            {k: v for k, v in DEFAULT_CONFIG.items() if k != "best_n"}, ensure_ascii=False
        ),
    }
    return render(request, "series/edit.html", context)


def _addable(request, series: Series):
    """The events this user works on that the series does not hold yet."""
    taken = series.entries.values("tournament_id")
    return visible_tournaments(request.user).exclude(pk__in=taken).order_by("-created_at")


@login_required
@require_POST
def series_event_add(request, series_slug):
    series = _series(request, series_slug, change=True)
    form = SeriesEventForm(request.POST, events=_addable(request, series))
    if form.is_valid():
        try:
            services.series_add(
                series=series,
                event_slug=form.cleaned_data["event"],
                event_class=form.cleaned_data["event_class"],
                by=request_actor(request),
            )
        except ServiceError as exc:
            messages.error(request, str(exc))
    else:
        messages.error(request, render_text(services.MSG_NO_EVENT, slug=request.POST.get("event")))
    return redirect("series_edit", series_slug=series.slug)


@login_required
@require_POST
def series_event_remove(request, series_slug, event_slug):
    series = _series(request, series_slug, change=True)
    try:
        services.series_remove(series=series, event_slug=event_slug, by=request_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("series_edit", series_slug=series.slug)


def series_standings(request, series_slug):
    series = _series(request, series_slug, change=False)
    entries = series_entries(series)
    lines = series_lines(series, entries)
    query = request.GET.get("q", "").strip()[:50]
    shown = found(lines, query) if query else lines
    page = Paginator(shown, PER_PAGE).get_page(request.GET.get("page"))
    shown_ids = [line.person_id for line in page.object_list if not line.hidden]
    ratings = series_published_ratings(series, shown_ids)
    rows = [
        (
            line,
            points_text(line.points),
            [(r, points_text(r.points)) for r in line.counted],
            ratings.get(line.person_id),
        )
        for line in page.object_list
    ]
    context = {
        "series": series,
        "entries": entries,
        "page": page,
        "rows": rows,
        "players": len(lines),
        "q": query,
        "may_change": services.may_change(request.user, series),
    }
    return render(request, "series/standings.html", context)


def found(lines: list[SeriesLine], query: str) -> list[SeriesLine]:
    """The lines whose name holds ``query`` or whose 会员号 is it; a hidden person is
    found by nobody (the page does not show who they are)."""
    number = query.upper()
    return [
        line
        for line in lines
        if not line.hidden and (query in line.name or (line.number or "").upper() == number)
    ]


@login_required
def series_certificates(request, series_slug):
    # The PDF makers load reportlab's fonts: only the process that prints pays for them.
    from tournament.series.certificates import SeriesCertificatePdf, top_lines

    series = _series(request, series_slug, change=True)
    lines = top_lines(series_lines(series), series.certificate_top)
    pdf = SeriesCertificatePdf(series, lines).render_bytes()
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{series.slug}-certificates.pdf"'
    return response
