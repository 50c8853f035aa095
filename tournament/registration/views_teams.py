"""A team event's registration pages (团体赛报名): the searchable team list, the add and edit
forms with the roster (withdraw and reinstate: :mod:`tournament.signup.views_pair_status`,
for a withdrawal moves the sign-up waiting list up). The checks are the services'
(:mod:`tournament.teams.registration`); a pairs event has none of these pages (404)."""

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
from tournament.core.view_helpers import form_error, load_team_event
from tournament.models import Team
from tournament.registration.team_forms import TeamForm, team_initial
from tournament.registration.team_tables import (
    PAGE_SIZE,
    TeamListing,
    matching_teams,
    sorted_teams,
)
from tournament.teams.line_ups import open_round
from tournament.teams.registration import team_register, team_update


def team_list(request, slug):
    """The team list: every team read and sorted in Python (the names' pinyin order), only
    the page shown reads its rosters (50 teams, not 2,000)."""
    tournament = load_team_event(request, slug, ORGANIZER)
    query = request.GET.get("q", "")
    teams = matching_teams(Team.objects.filter(tournament=tournament).select_related("unit"), query)
    rows = sorted_teams(teams)
    table = TeamListing(rows)
    RequestConfig(request, paginate={"per_page": PAGE_SIZE}).configure(table)
    shown = [row.record for row in table.page.object_list]
    for team in shown:
        team.tournament = tournament  # the row's links and roster name the event: no query
    prefetch_related_objects(shown, "members")
    context = {
        "t": tournament,
        "table": table,
        "q": query,
        "count": len(rows),
        "line_up_round": open_round(tournament),
    }
    return render(request, "registration/team_list.html", context)


@require_http_methods(["GET", "POST"])
def team_add(request, slug):
    tournament = load_team_event(request, slug, ORGANIZER)
    form = TeamForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            team = team_register(
                tournament=tournament, data=form.team_data(), by=request_actor(request)
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
    tournament = load_team_event(request, slug, ORGANIZER)
    team = get_object_or_404(Team.objects.select_related("unit"), tournament=tournament, pk=team_id)
    team.tournament = tournament
    form = TeamForm(request.POST or None, initial=team_initial(team), tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            team_update(
                team=team,
                data=form.team_data(),
                version=form.cleaned_data.get("version") or 0,
                by=request_actor(request),
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已保存：%(name)s") % {"name": form.cleaned_data["name"]})
            return redirect("team_list", slug=slug)
    context = {"t": tournament, "form": form, "team": team}
    return render(request, "registration/team_form.html", context)
