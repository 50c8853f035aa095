"""The 退赛 / 恢复 buttons of the registration list, the team list and the player list: a
pair's (a team's, a player's) status changed, and a place freed by a withdrawal filled from
the sign-up waiting list (候补递补) at once.

In sign-up, not registration: the change is registration's service and the promotion is
sign-up's, and sign-up builds on registration (.importlinter, the layers). The address is
the registration list's (``team_status``)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from tournament.core.actors import request_actor, site_of
from tournament.core.errors import ServiceError
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import (
    back_to_list,
    confirm_first,
    confirm_withdrawal,
    load_individual_event,
    load_team_event,
    load_tournament,
)
from tournament.individuals.registration import individual_set_status
from tournament.models import Individual, Pair, Team
from tournament.registration.services import pair_set_status
from tournament.signup.services import promote_after_change
from tournament.teams.registration import team_set_status


@require_POST
def pair_status(request, slug, pair_id):
    tournament = load_tournament(request, slug, ORGANIZER)
    pair = get_object_or_404(Pair, tournament=tournament, pk=pair_id)
    status = request.POST.get("status", "")
    if status == Pair.WITHDRAWN:
        asking = confirm_withdrawal(
            request, tournament, pair.name, cancel_url=reverse("pair_list", args=[slug])
        )
        if asking is not None:
            return asking
    try:
        pair_set_status(pair=pair, status=status, by=request_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{pair.name}：{dict(Pair.STATUS_CHOICES)[status]}")
        by = request_actor(request, site=site_of(request))  # its mails' links absolute
        promote_after_change(tournament, by)  # a freed place: 候补递补
    return back_to_list(request, reverse("pair_list", args=[slug]))


@require_POST
def team_status(request, slug, team_id):
    """退赛 (asked first) or 恢复参赛 of a team and its pairs, from the team list (团体赛); a
    place freed is filled from the waiting list, as for a pair."""
    tournament = load_team_event(request, slug, ORGANIZER)
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    status = request.POST.get("status", "")
    if status == Pair.WITHDRAWN:
        asking = confirm_first(
            request,
            tournament,
            title=_("退赛") + _("：") + team.name,
            question=_("确定让“%(name)s”退赛吗？退赛后全队不再参加编排。") % {"name": team.name},
            button=pgettext("action", "退赛"),
            cancel_url=reverse("team_list", args=[slug]),
        )
        if asking is not None:
            return asking
    try:
        team_set_status(team=team, status=status, by=request_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{team.name}：{dict(Pair.STATUS_CHOICES)[status]}")
        promote_after_change(tournament, request_actor(request, site=site_of(request)))
    return back_to_list(request, reverse("team_list", args=[slug]))


@require_POST
def individual_status(request, slug, individual_id):
    """退赛 (asked first) or 恢复参赛 of a player, from the player list (个人赛); a place
    freed is filled from the waiting list, as for a pair."""
    tournament = load_individual_event(request, slug, ORGANIZER)
    person = get_object_or_404(Individual, tournament=tournament, pk=individual_id)
    status = request.POST.get("status", "")
    list_url = reverse("individual_list", args=[slug])
    if status == Pair.WITHDRAWN:
        asking = confirm_withdrawal(request, tournament, person.name, cancel_url=list_url)
        if asking is not None:
            return asking
    try:
        individual_set_status(individual=person, status=status, by=request_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{person.name}：{dict(Pair.STATUS_CHOICES)[status]}")
        promote_after_change(tournament, request_actor(request, site=site_of(request)))
    return back_to_list(request, list_url)
