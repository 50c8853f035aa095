"""Staff pages for rounds: the round list, the control page and the lifecycle buttons."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.charts.progress import summary_bar
from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.params import positive_int
from tournament.core.prepared import Prepared
from tournament.core.rights import CHIEF_REFEREE, ORGANIZER, REFEREE, has_role, referee_tables
from tournament.core.round_actions import unconfirmed
from tournament.core.view_helpers import MSG_UNKNOWN_ACTION, load_tournament
from tournament.models import Round, Table
from tournament.public.conditional import live_stamped
from tournament.results.confirm_all import confirm_all_entered
from tournament.rounds import lifecycle as round_services
from tournament.rounds.pairing import next_round_problem
from tournament.rounds.table_rows import (
    ATTENTION,
    ATTENTION_STATES,
    CHANGED,
    FIRST_PAGE,
    MAX_CHANGES,
    ROWS_PER_PAGE,
    page_key,
    row_tables,
    state_tables,
    table_links,
    table_row,
    table_rows,
)
from tournament.standings.selectors import round_live_stamp, round_summary
from tournament.teams.display import match_teams, match_title
from tournament.text.messages import render as render_message

ROUND = Prepared(
    lambda t, n: Round.objects.select_related("stage").filter(tournament=t, number=n), int, int
)


def _round(tournament, number: int) -> Round:
    round_ = ROUND.one(tournament.pk, number)
    if round_ is None:
        raise Http404
    round_.tournament = tournament  # already loaded: spare the query of the relation
    return round_


def round_list(request, slug):
    tournament = load_tournament(request, slug, REFEREE)
    rounds = tournament.round_set.select_related("stage")
    why = next_round_problem(tournament)
    return render(
        request,
        "rounds/round_list.html",
        {
            "t": tournament,
            "rounds": rounds,
            "is_organizer": request.tournament_role == ORGANIZER,
            "next_problem": render_message(why) if why else "",
            "drawn": tournament.pairs.exclude(draw_number=None).exists(),
        },
    )


def attention_count(summary) -> int:
    """Tables waiting for a referee: disputes to settle and entries to confirm."""
    return sum(summary.counts[s] for s in ATTENTION_STATES)


def _control_rows(round_: Round, request, summary) -> dict:
    """The tables round control lists: a filter (state, attention, one table) and a page.

    A big round opens on the tables that need attention; every other table is one filter,
    page or table number away, so the page stays small at 2,500 tables.
    """
    table = positive_int(request.GET.get("table"))
    state = request.GET.get("state")
    if state is None:
        state = ATTENTION if summary.tables > ROWS_PER_PAGE else ""
    tables = row_tables(round_.tables.all())
    if table is not None:
        tables = tables.filter(number=table)
    elif state == ATTENTION or state in dict(Table.STATE_CHOICES):
        tables = state_tables(tables, state)
    else:
        state = ""
    paginator = Paginator(tables.order_by("number"), ROWS_PER_PAGE)
    prepared = FIRST_PAGE.get(state) if table is None else None
    if prepared:
        # Counted with the summary a moment ago: spare a second count of the round.
        paginator.count = attention_count(summary) if state else summary.tables + summary.byes
    page = paginator.get_page(positive_int(request.GET.get("page")) or 1)
    if prepared and page.number == 1:  # the page every save leads to
        rows = table_rows(prepared.all(round_.pk))
    else:
        rows = table_rows(page.object_list)
    titles = {}
    if round_.tournament.is_team_event:  # the rows under their team match's title
        found = match_teams(round_, {m.team_match for m in rows} - {None})
        titles = {n: match_title(n, teams) for n, teams in found.items()}
    return {"page": page, "matches": rows, "state": state, "table": table, "titles": titles}


def round_control(request, slug, number):
    """The round at a glance: a summary, the tables that need attention, the rest on demand."""
    tournament = load_tournament(request, slug, REFEREE)
    round_ = _round(tournament, number)
    summary = round_summary(round_)
    return render(
        request,
        "rounds/round_control.html",
        {
            "t": tournament,
            "round": round_,
            "summary": summary,
            "progress_chart": mark_safe(summary_bar(summary.counts, summary.playing)),
            "counts": summary.counts,
            "states": Table.STATE_CHOICES,
            "attention_count": attention_count(summary),
            "can_chief": has_role(request.user, tournament, CHIEF_REFEREE),
            "can_organize": has_role(request.user, tournament, ORGANIZER),
            "live": round_live_stamp(round_, loaded=True),
            **_control_rows(round_, request, summary),
        },
    )


def _changed_rows(request, tournament, round_: Round, since: int) -> dict:
    """The tables saved after change ``since``, each as the row round control shows."""
    changed = table_rows(CHANGED.all(round_.pk, since))
    if len(changed) > MAX_CHANGES:
        return {"reload": True}
    links = table_links(tournament.slug, round_.number, referee_tables(request.user, tournament))
    page = page_key(round_, links)
    return {
        "changed": [
            {"table": m.number, "state": m.state, "html": table_row(m, round_, links, page)}
            for m in changed
        ]
    }


@live_stamped(reads=("since",))
def round_status_json(request, slug, number):
    """Small JSON the live pages poll: the round's stamps, a summary and what changed.

    ``stamp`` changes with the pairings and status, ``live`` also with every saved table.
    Staff pages send ``?since=<seq>`` (the ``seq`` they hold) and get only the tables
    changed after it, never every table. Every open public pairings page polls it: the
    anonymous answer is kept under the round's live stamp, by the app and by nginx's
    microcache (:func:`~tournament.public.conditional.live_stamped`).
    """
    tournament = load_tournament(request, slug, None)
    round_ = _round(tournament, number)
    public = not has_role(request.user, tournament, REFEREE)
    if public and (round_.status == Round.DRAFT or not tournament.publish_pairings):
        return JsonResponse({"error": "not published"}, status=404)
    summary = round_summary(round_)  # round_ was read just now: no second read of its row
    data = {
        "round": round_.number,
        "status": round_.status,
        "stamp": f"{round_.status}:{round_.version}",
        "live": f"{round_.status}:{round_.version}:{round_.change_seq}",
        "seq": round_.change_seq,
        "started_at": round_.started_at.isoformat() if round_.started_at else None,
        "time_limit": tournament.time_limit,
        "finished": summary.finished,
        "playing": summary.playing,
        "byes": summary.byes,
    }
    if not public:
        data["counts"] = summary.counts
        data["attention"] = attention_count(summary)
        since = positive_int(request.GET.get("since"), limit=2**62)
        if since is not None and since < round_.change_seq:
            data.update(_changed_rows(request, tournament, round_, since))
    return JsonResponse(data)


ACTIONS = {
    "publish": round_services.publish_round,
    "start": round_services.start_round,
    "lock": round_services.lock_round,
    "unlock": round_services.unlock_round,
}
DONE = {
    "publish": gettext_lazy("已公布对阵"),
    "start": gettext_lazy("已开赛，开始计时"),
    "lock": gettext_lazy("已锁定本轮成绩"),
    "unlock": gettext_lazy("已解锁本轮"),
}


@require_POST
def round_action(request, slug, number, action):
    tournament = load_tournament(request, slug, REFEREE)
    round_ = _round(tournament, number)
    version = positive_int(request.POST.get("version"))
    try:
        if action == "reviewed":
            round_services.mark_reviewed(round_, by=request_actor(request))
            messages.success(request, _("已标记为复核完毕"))
        elif action == "confirm_all":
            n = confirm_all_entered(round_, by=request_actor(request))
            messages.success(request, _("已确认%(n)s台成绩") % {"n": n})
            left = unconfirmed(round_)  # the tables still open, and why
            if left:
                messages.warning(request, render_message(left))
        elif action in ACTIONS:
            ACTIONS[action](round_, by=request_actor(request), version=version)
            messages.success(request, str(DONE[action]))
        else:
            messages.error(request, render_message(MSG_UNKNOWN_ACTION))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("round_control", slug=slug, number=number)
