"""Line-ups (出场名单) of a team event, for the organizer and the chief referee: every team's
line-up for the open round (the draft, or the next round to pair), and one team's form
choosing each pair's two players from its roster. The service
(:func:`tournament.teams.line_ups.change_line_up`) refuses a change once that round is
published; the page shows its message."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import CHIEF_REFEREE, ORGANIZER, has_role
from tournament.core.view_helpers import load_team_event
from tournament.models import Player, Round, Team
from tournament.registration.team_forms import LineUpForm
from tournament.registration.team_tables import PAGE_SIZE, matching_teams, sorted_teams
from tournament.teams.line_ups import (
    MSG_NO_ROUND,
    change_line_up,
    line_up_of,
    line_ups,
    members_of_pairs,
    open_round,
)
from tournament.text.messages import render as render_message
from tournament.text.titles import listing


def _published(tournament) -> Round | None:
    """The latest round whose pairings are out (its line-ups fixed)."""
    return tournament.round_set.exclude(status=Round.DRAFT).order_by("-number").first()


def _pair_players(pair_ids) -> dict[int, str]:
    """Each pair's two players' names as a list ("甲、乙"), in seat order."""
    names: dict[int, list[str]] = {}
    rows = Player.objects.filter(pair_id__in=pair_ids).order_by("pair_id", "position")
    for pair_id, name in rows.values_list("pair_id", "name"):
        names.setdefault(pair_id, []).append(name)
    return {pk: listing(two) for pk, two in names.items()}


def line_up_list(request, slug):
    """Every team's line-up for the open round, paged, with a search box."""
    tournament = load_team_event(request, slug, CHIEF_REFEREE)
    number = open_round(tournament)
    query = request.GET.get("q", "")
    teams = Team.objects.filter(tournament=tournament).select_related("unit")
    page = Paginator(sorted_teams(matching_teams(teams, query)), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    rows = []
    if number is not None:
        chosen = line_ups(tournament, number)
        shown = {team.pk: chosen.get(team.pk, []) for team in page.object_list}
        players = _pair_players([pk for pairs in shown.values() for pk in pairs])
        rows = [
            (
                team,
                [
                    (_("组合%(n)s") % {"n": i}, players.get(pk, ""))
                    for i, pk in enumerate(shown[team.pk], 1)
                ],
            )
            for team in page
        ]
    context = {
        "t": tournament,
        "number": number,
        "published": _published(tournament),
        "rows": rows,
        "page": page,
        "q": query,
        "no_round": render_message(MSG_NO_ROUND),
        "can_organize": has_role(request.user, tournament, ORGANIZER),
    }
    return render(request, "registration/line_up_list.html", context)


def _line_up_form(team: Team, number: int | None, data=None) -> LineUpForm:
    """The form for round ``number`` (None: no round open), filled with its line-up."""
    initial = {}
    if number is not None:
        initial = LineUpForm.initial_for(number, members_of_pairs(line_up_of(team, number)))
    return LineUpForm(data, initial=initial, team=team, pairs=team.tournament.team_pairs)


@require_http_methods(["GET", "POST"])
def team_line_up(request, slug, team_id):
    """One team's line-up for the open round: each pair's two players from the roster. A
    change the service refuses (its round published meanwhile) is said above a new form for
    the round open now."""
    tournament = load_team_event(request, slug, CHIEF_REFEREE)
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    team.tournament = tournament
    number = open_round(tournament)
    form = _line_up_form(team, number, request.POST or None)
    refused = ""
    if request.method == "POST" and form.is_valid():
        chosen = form.cleaned_data["round"]
        try:
            change_line_up(
                team=team, round_number=chosen, members=form.members(), by=request_actor(request)
            )
        except ServiceError as exc:
            refused = str(exc)
            form = _line_up_form(team, number)
        else:
            messages.success(
                request,
                _("已保存%(team)s第%(n)s轮的出场名单") % {"team": team.name, "n": chosen},
            )
            return redirect("line_ups", slug=slug)
    context = {
        "t": tournament,
        "team": team,
        "form": form if number is not None else None,
        "refused": refused,
        "number": number,
        "published": _published(tournament),
        "no_round": render_message(MSG_NO_ROUND),
        "roster": team.members.all(),
    }
    return render(request, "registration/team_line_up.html", context)
