"""The organizer's stage list: add a knockout after the Swiss rounds, and so on."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from tournament.models import Stage
from tournament.options import STAGE_KINDS
from tournament.permissions import ORGANIZER
from tournament.services.results import ResultRefused
from tournament.services.stages import round_robin_movement_rows, stage_add, stage_delete
from tournament.views.common import load_tournament


def _qualify(post) -> dict:
    how, count = post.get("qualify", ""), post.get("count", "")
    if not how:
        return {}
    try:
        return {how: int(count)}
    except ValueError:
        raise ResultRefused("晋级人数应为整数") from None


@require_http_methods(["GET", "POST"])
def stage_list(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    if request.method == "POST":
        try:
            if request.POST.get("delete"):
                stage_delete(
                    get_object_or_404(Stage, tournament=tournament, pk=request.POST["delete"]),
                    request=request,
                )
                messages.success(request, "已删除阶段")
            else:
                if request.POST.get("qualify") not in ("", "top", "group_top"):
                    raise ResultRefused("未知的晋级方式")
                stage_add(
                    tournament, kind=request.POST.get("kind", ""), name=request.POST.get("name", "").strip(),
                    rounds=int(request.POST.get("rounds") or 1), qualify=_qualify(request.POST), request=request,
                )  # fmt: skip
                messages.success(request, "已添加阶段")
        except (ResultRefused, ValueError) as exc:
            messages.error(request, str(exc))
        return redirect("stage_list", slug=slug)
    stages = tournament.stages.all()
    movements = [(s, rows) for s in stages if (rows := round_robin_movement_rows(s))]
    return render(
        request,
        "tournament/stages.html",
        {"t": tournament, "stages": stages, "kinds": STAGE_KINDS, "movements": movements},
    )
