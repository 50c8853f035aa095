"""Pages for players and spectators (and staff): pairings, standings, a team's history,
the projector view. Public visitors see only what the organizer published."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django_tables2 import RequestConfig

from scoring import team_history
from tournament.models import Round, Team
from tournament.naming import bracket_round_title, bracket_size
from tournament.permissions import REFEREE, has_role
from tournament.pinyin import name_sort_key
from tournament.selectors import (
    match_records,
    round_stamp,
    score_options,
    standings_choice,
    standings_for,
    standings_rules,
    teams_by_id,
)
from tournament.standings_table import (
    legend,
    lot_explanations,
    search_rows,
    standings_rows,
    standings_table,
)
from tournament.views.common import load_tournament


def _staff(request, tournament) -> bool:
    return has_role(request.user, tournament, REFEREE)


def visible_round(request, tournament, number) -> Round:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if not _staff(request, tournament) and (
        round_.status == Round.DRAFT or not tournament.publish_pairings
    ):
        raise Http404("本轮对阵尚未公布")
    return round_


def pairings(request, slug, number):
    """Pairings by table, and an A–Z (pinyin) list of teams: "find my table"."""
    tournament = load_tournament(request, slug, None)
    round_ = visible_round(request, tournament, number)
    matches = list(
        round_.matches.select_related("ew__unit", "ns__unit").prefetch_related(
            "ew__players", "ns__players"
        )
    )
    by_team = []
    for m in matches:
        by_team.append(
            {"team": m.ew, "table": m.table, "seat": "东西", "opponent": m.ns, "bye": m.is_bye}
        )
        if m.ns is not None:
            by_team.append(
                {"team": m.ns, "table": m.table, "seat": "南北", "opponent": m.ew, "bye": False}
            )
    by_team.sort(key=lambda r: name_sort_key(r["team"].name))
    return render(
        request,
        "public/pairings.html",
        {
            "t": tournament,
            "round": round_,
            "matches": [m for m in matches if not m.is_bye],
            "byes": [m for m in matches if m.is_bye],
            "by_team": by_team,
            "q": request.GET.get("q", ""),
            "rounds": _round_numbers(request, tournament),
            # Spectators see results only once the chief referee has locked the round.
            "stamp": round_stamp(round_),
            "show_results": _staff(request, tournament)
            or (tournament.publish_standings and round_.status == Round.LOCKED),
        },
    )


def _round_numbers(request, tournament) -> list[int]:
    rounds = tournament.round_set.exclude(status=Round.DRAFT)
    if not _staff(request, tournament) and not tournament.publish_pairings:
        return []
    return list(rounds.values_list("number", flat=True))


def standings_page(request, slug):
    """The standings after a round: the last locked one unless another is chosen.

    A round still open is shown only when chosen, marked 暂定; before any round is locked
    there is no ranking, only a message.
    """
    tournament = load_tournament(request, slug, None)
    staff = _staff(request, tournament)
    if not staff and not tournament.publish_standings:
        raise Http404("成绩尚未公布")
    public = not staff
    choice = standings_choice(tournament, request.GET.get("round"), public=public)
    chain = list(tournament.tiebreaks)
    query = request.GET.get("q", "")
    table, data = None, []
    if choice.after_round is not None:
        rows = standings_for(tournament, after_round=choice.after_round, public=public)
        data = standings_rows(rows, teams_by_id(tournament), chain)
        for item in data:
            item["team_url"] = reverse("team_history", args=[slug, item["team_id"]])
        groups = rotation_columns(tournament, data, public=public)
        table = standings_table(search_rows(data, query), chain, groups=groups)
        RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return render(
        request,
        "public/standings.html",
        {
            "t": tournament,
            "table": table,
            "rounds": choice.available,
            "after_round": choice.after_round,
            "provisional": choice.provisional,
            "locked": choice.locked,
            "q": query,
            "lot_notes": lot_explanations(data),
            "legend": legend(chain),
        },
    )


def rotation_columns(tournament, data: list[dict], *, public: bool) -> bool:
    """Add each pair's rotation group and rank within it (分组三轮移位); True when any."""
    from scoring import rotation_totals

    stage = tournament.stages.filter(kind="rotation").exclude(state={}).first()
    if stage is None or "groups" not in stage.state:
        return False
    group_of = {team: gi for gi, group in enumerate(stage.state["groups"]) for team in group}
    rounds = list(stage.round_set.values_list("number", flat=True))
    records = match_records(tournament, rounds, public=public)
    rows = rotation_totals(
        records,
        group_of,
        system=tournament.scoring,
        bye_policy=tournament.bye_policy,
        options=score_options(tournament),
    )
    by_team = {row.team: row for row in rows}
    for item in data:
        row = by_team.get(item["team_id"])
        item["group"] = chr(ord("A") + row.group) if row else ""
        item["group_rank"] = row.group_rank if row else None
    return True


def team_history_page(request, slug, team_id):
    tournament = load_tournament(request, slug, None)
    staff = _staff(request, tournament)
    if not staff and not tournament.publish_standings:
        raise Http404("成绩尚未公布")
    team = get_object_or_404(Team.objects.select_related("unit"), tournament=tournament, pk=team_id)
    lines = team_history(
        match_records(tournament, public=not staff), standings_rules(tournament), team.pk
    )
    teams = teams_by_id(tournament)
    rows = [{"line": line, "opponent": teams.get(line.opponent)} for line in lines]
    return render(
        request, "public/team_history.html", {"t": tournament, "team": team, "rows": rows}
    )


def bracket_page(request, slug):
    """The knockout bracket(s) of the event, round by round, with winners."""
    tournament = load_tournament(request, slug, None)
    if not _staff(request, tournament) and not tournament.publish_pairings:
        raise Http404("对阵尚未公布")
    teams = teams_by_id(tournament)
    brackets = []
    for stage in tournament.stages.filter(kind="knockout"):
        data = stage.state.get("bracket")
        if not data:
            continue
        if (
            not _staff(request, tournament)
            and not stage.round_set.exclude(status=Round.DRAFT).exists()
        ):
            continue  # the draw is not public until its first round is published
        rounds = []
        size = bracket_size(stage.state)
        for r, matches in enumerate(data["rounds"]):
            title = bracket_round_title(r, size)
            rounds.append({"title": title, "matches": [_bracket_match(m, teams) for m in matches]})
        third = _bracket_match(data["third_place"], teams) if data.get("third_place") else None
        brackets.append({"stage": stage, "rounds": rounds, "third": third})
    return render(request, "public/bracket.html", {"t": tournament, "brackets": brackets})


def _bracket_match(m: dict, teams: dict) -> dict:
    def name(team_id):
        return teams[team_id].name if team_id in teams else None

    return {
        "id": m["id"], "ew": name(m.get("ew")), "ns": name(m.get("ns")), "winner": name(m.get("winner")),
        "bye": m.get("bye"),
    }  # fmt: skip
