"""Staff pages for rounds: the round list, the control page and the lifecycle buttons."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tournament.models import Match, Round
from tournament.permissions import CHIEF_REFEREE, ORGANIZER, REFEREE, has_role
from tournament.selectors import round_stamp
from tournament.services import rounds as round_services
from tournament.services.results import ResultRefused
from tournament.views.common import load_tournament


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _round(tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def round_list(request, slug):
    tournament = load_tournament(request, slug, REFEREE)
    from tournament.services.pairing import next_round_problem

    rounds = tournament.round_set.select_related("stage")
    return render(
        request,
        "rounds/round_list.html",
        {
            "t": tournament,
            "rounds": rounds,
            "is_organizer": request.tournament_role == ORGANIZER,
            "next_problem": next_round_problem(tournament),
            "drawn": tournament.teams.exclude(draw_number=None).exists(),
        },
    )


def round_control(request, slug, number):
    """Every table of the round with its state at a glance; filters by state."""
    tournament = load_tournament(request, slug, REFEREE)
    round_ = _round(tournament, number)
    matches = round_.matches.select_related("ew__unit", "ns__unit", "entered_by", "confirmed_by")
    state = request.GET.get("state", "")
    counts = {key: 0 for key, _ in Match.STATE_CHOICES}
    for m in matches:
        if not m.is_bye:
            counts[m.state] += 1
    shown = [m for m in matches if not state or (m.state == state and not m.is_bye)]
    return render(
        request,
        "rounds/round_control.html",
        {
            "t": tournament,
            "round": round_,
            "matches": shown,
            "counts": counts,
            "states": Match.STATE_CHOICES,
            "state": state,
            "can_chief": has_role(request.user, tournament, CHIEF_REFEREE),
            "can_organize": has_role(request.user, tournament, ORGANIZER),
            "stamp": round_stamp(round_),
        },
    )


def round_status_json(request, slug, number):
    """Small JSON the control and public pages poll to refresh without a reload."""
    tournament = load_tournament(request, slug, None)
    round_ = _round(tournament, number)
    public = not has_role(request.user, tournament, REFEREE)
    if public and (round_.status == Round.DRAFT or not tournament.publish_pairings):
        return JsonResponse({"error": "not published"}, status=404)
    rows = list(round_.matches.values_list("table", "state"))
    return JsonResponse(
        {
            "round": round_.number,
            "status": round_.status,
            "stamp": round_stamp(round_),
            "started_at": round_.started_at.isoformat() if round_.started_at else None,
            "time_limit": tournament.time_limit,
            "tables": {str(t): s for t, s in rows if t is not None},
        }
    )


ACTIONS = {
    "publish": round_services.publish_round,
    "start": round_services.start_round,
    "lock": round_services.lock_round,
    "unlock": round_services.unlock_round,
}
DONE = {
    "publish": "已公布对阵",
    "start": "已开赛，开始计时",
    "lock": "已锁定本轮成绩",
    "unlock": "已解锁本轮",
}


@require_POST
def round_action(request, slug, number, action):
    tournament = load_tournament(request, slug, REFEREE)
    round_ = _round(tournament, number)
    version = _int(request.POST.get("version"))
    try:
        if action == "reviewed":
            round_services.mark_reviewed(round_, user=request.user, request=request)
            messages.success(request, "已标记为复核完毕")
        elif action == "confirm_all":
            n = round_services.confirm_all_entered(round_, user=request.user, request=request)
            messages.success(request, f"已确认{n}台成绩")
        elif action in ACTIONS:
            ACTIONS[action](
                round_,
                user=request.user,
                version=version,
                request=request,
            )
            messages.success(request, DONE[action])
        else:
            messages.error(request, "未知的操作")
    except ResultRefused as exc:
        messages.error(request, str(exc))
    return redirect("round_control", slug=slug, number=number)
