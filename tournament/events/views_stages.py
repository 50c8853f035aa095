"""The organizer's stage list: add a knockout after the Swiss rounds, and so on; arrange
and record the play-off for a tie at the cut of a qualification."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.errors import Invalid, ServiceError
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_tournament
from tournament.events.playoff import MSG_NOT_A_TABLE, playoff_arrange, playoff_winner, stage_cut
from tournament.events.stages import (
    previous_stage,
    round_robin_movement_rows,
    stage_add,
    stage_delete,
    stage_rounds,
)
from tournament.models import Pair, Stage, Table
from tournament.results.places import parse_time, record_passed_at, stage_finishes, stage_places
from tournament.text.options import GAMES, STAGE_KINDS

MSG_NO_PLAYOFF_TIE = "no_playoff_tie"
MSG_QUALIFY_HOW = "qualify_how"
MSG_QUALIFY_INT = "qualify_int"


def _qualify(post) -> dict:
    how, count = post.get("qualify", ""), post.get("count", "")
    if not how:
        return {}
    try:
        qualify = {how: int(count)}
    except ValueError:
        raise Invalid(MSG_QUALIFY_INT) from None
    if how == "top" and post.get("playoff"):
        qualify["playoff"] = True
    return qualify


def _games(post) -> int | None:
    """The knockout stage's games per match from the form ("": the event's)."""
    value = post.get("games", "")
    return _int(value) if value and post.get("kind") == "knockout" else None


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Invalid(MSG_NOT_A_TABLE) from None


def _post(request, tournament) -> str:
    """Carry out one POST of the stage page; return the success message."""
    post = request.POST
    if post.get("delete"):
        stage_delete(
            get_object_or_404(Stage, tournament=tournament, pk=post["delete"]),
            by=request_actor(request),
        )
        return _("已删除阶段")
    if post.get("passed_at_match"):
        table = get_object_or_404(
            Table, round__tournament=tournament, pk=_int(post["passed_at_match"])
        )
        value = parse_time(post.get("passed_at", ""))
        record_passed_at(table, value, by=request_actor(request))
        return _("已记录过A时间")
    if post.get("playoff_stage"):
        stage = get_object_or_404(Stage, tournament=tournament, pk=post["playoff_stage"])
        if post.get("team"):
            playoff_winner(
                stage, _int(post.get("table")), _int(post["team"]), by=request_actor(request)
            )
            return _("已记录加赛胜方")
        cut = _cut(tournament, stage)
        if cut is None or not cut.needs_playoff:
            raise Invalid(MSG_NO_PLAYOFF_TIE)
        playoff_arrange(stage, cut, by=request_actor(request))
        return _("已安排加赛")
    if post.get("qualify") not in ("", "top", "group_top"):
        raise Invalid(MSG_QUALIFY_HOW)
    stage_add(
        tournament,
        kind=post.get("kind", ""),
        name=post.get("name", "").strip(),
        rounds=int(post.get("rounds") or 1),
        qualify=_qualify(post),
        places_by_time=bool(post.get("places_by_time")),
        games=_games(post),
        by=request_actor(request),
    )
    return _("已添加阶段")


def _cut(tournament, stage: Stage):
    before = previous_stage(stage)
    rounds = stage_rounds(before) if before else []
    if not rounds or not stage.qualify.get("playoff") or "top" not in stage.qualify:
        return None
    return stage_cut(tournament, stage, before, rounds)


def _playoffs(tournament, stages) -> list[dict]:
    """The stages whose entry has a tie at the cut, with their tables and winners."""
    out = []
    for stage in stages:
        cut = _cut(tournament, stage)
        if cut is None or not cut.needs_playoff:
            continue
        names = dict(Pair.objects.filter(pk__in=cut.tied).values_list("pk", "name"))
        stored = stage.state.get("playoff", {})
        winners = stored.get("winners", {})
        tables = [
            {"index": i, "teams": [(t, names[t]) for t in pair], "winner": winners.get(str(i))}
            for i, pair in enumerate(stored.get("tables", []))
        ]
        out.append(
            {"stage": stage, "cut": cut, "tied": [names[t] for t in cut.tied], "tables": tables}
        )
    return out


def _by_time(stages) -> list[dict]:
    """The stages placed by finishing time: their last round's tables and the places."""
    out = []
    for stage in stages:
        if not stage.places_by_time:
            continue
        tables = stage_finishes(stage)
        names = {m.ew_id: m.ew.name for m, _ in tables} | {m.ns_id: m.ns.name for m, _ in tables}
        places = [(place, names[pair]) for place, pair in stage_places(stage)]
        out.append({"stage": stage, "tables": tables, "places": places})
    return out


@require_http_methods(["GET", "POST"])
def stage_list(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    if request.method == "POST":
        try:
            messages.success(request, _post(request, tournament))
        except (ServiceError, ValueError) as exc:
            messages.error(request, str(exc))
        return redirect("stage_list", slug=slug)
    stages = tournament.stages.all()
    context = {
        "t": tournament,
        "stages": stages,
        "kinds": {key: _(label) for key, label in STAGE_KINDS.items()},
        "games": {n: _(label) for n, label in GAMES.items()},
        "playoffs": _playoffs(tournament, stages),
        "by_time": _by_time(stages),
        "movements": [(s, rows) for s in stages if (rows := round_robin_movement_rows(s))],
    }
    return render(request, "events/stages.html", context)
