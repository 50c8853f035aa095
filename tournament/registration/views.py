"""Registration pages: the searchable pair list, add/edit forms, withdraw/reinstate."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import prefetch_related_objects
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_tables2 import RequestConfig

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import form_error, load_tournament
from tournament.models import Team
from tournament.registration.forms import TeamForm
from tournament.registration.search import matching
from tournament.registration.services import TeamData, team_register, team_update
from tournament.registration.tables import TeamTable
from tournament.text.pinyin import name_sort_key

PAGE_SIZE = 50


def sorted_for_list(teams) -> list[Team]:
    """The pairs in name order (:func:`~tournament.text.pinyin.name_sort_key`, numbers by value);
    the table sorts this list in Python by the keys set here."""
    rows = list(teams)
    for team in rows:
        team.sort_key = name_sort_key(team.name)
        team.unit_sort_key = name_sort_key(team.unit.name) if team.unit_id else ""
    rows.sort(key=lambda team: team.sort_key)
    return rows


def team_list(request, slug):
    """The pair list: sorted and paged in Python (the names' pinyin order), so every pair is
    read, but only the page shown reads its players (50 pairs, not 5,000)."""
    tournament = load_tournament(request, slug, ORGANIZER)
    query = request.GET.get("q", "")
    teams = matching(Team.objects.filter(tournament=tournament).select_related("unit"), query)
    rows = sorted_for_list(teams)
    table = TeamTable(rows)
    RequestConfig(request, paginate={"per_page": PAGE_SIZE}).configure(table)
    shown = [row.record for row in table.page.object_list]
    for team in shown:
        team.tournament = tournament  # the row's links name the event: no query a row
    prefetch_related_objects(shown, "players")
    return render(
        request,
        "registration/team_list.html",
        {"t": tournament, "table": table, "q": query, "count": len(rows)},
    )


def _form_data(form: TeamForm) -> TeamData:
    d = form.cleaned_data
    return TeamData(
        name=d["name"],
        unit=d.get("unit") or "",
        player1=d["player1"],
        player2=d["player2"],
        phone1=d.get("phone1") or "",
        phone2=d.get("phone2") or "",
        seed=d.get("seed"),
    )


@require_http_methods(["GET", "POST"])
def team_add(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    form = TeamForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            team = team_register(
                tournament=tournament, data=_form_data(form), by=request_actor(request)
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已报名：%(name)s") % {"name": team.name})
            if "add_another" in request.POST:
                return redirect("team_add", slug=slug)
            return redirect("team_list", slug=slug)
    return render(request, "registration/team_form.html", {"t": tournament, "form": form})


@require_http_methods(["GET", "POST"])
def team_edit(request, slug, team_id):
    tournament = load_tournament(request, slug, ORGANIZER)
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    players = {p.position: p for p in team.players.all()}
    initial = {
        "name": team.name,
        "unit": team.unit.name if team.unit_id else "",
        "seed": team.seed,
        "player1": players[1].name,
        "phone1": players[1].phone,
        "player2": players[2].name,
        "phone2": players[2].phone,
        "version": team.version,
    }
    form = TeamForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            team_update(
                team=team,
                data=_form_data(form),
                version=form.cleaned_data.get("version") or 0,
                by=request_actor(request),
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已保存：%(name)s") % {"name": form.cleaned_data["name"]})
            return redirect("team_list", slug=slug)
    return render(
        request, "registration/team_form.html", {"t": tournament, "form": form, "team": team}
    )
