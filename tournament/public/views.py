"""Pages for players and spectators (and staff): pairings, standings, a pair's history,
the projector view. Public visitors see only what the organizer published."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from tournament.core.hidden_people import shown_entry_name
from tournament.core.page_cache import cached_per_stamp
from tournament.core.rights import is_staff_viewer
from tournament.core.view_helpers import load_tournament
from tournament.models import Pair, Round
from tournament.public.conditional import stamped
from tournament.public.individual_standings import individual_legend, individual_standings_html
from tournament.public.rank_history import bump_svg, entry_rank_svg, levels_svg
from tournament.public.team_standings import team_legend, team_standings_html
from tournament.standings.cells import legend, lot_explanations, search_rows
from tournament.standings.rows import history_rows, standings_data
from tournament.standings.selectors import standings_choice
from tournament.standings.table import standings_table
from tournament.text.titles import bracket_round_title, bracket_size


# The standings table's own parameters (django-tables2: sort, page) and the page's.
# ``bpage``: the page of a team event's best pairs (最佳组合).
@stamped(reads=("round", "q", "sort", "page", "bpage"))
def standings_page(request, slug):
    """The standings after a round: the last locked one unless another is chosen.

    A round still open is shown only when chosen, marked 暂定; before any round is locked
    there is no ranking, only a message.
    """
    tournament = load_tournament(request, slug, None)
    staff = is_staff_viewer(request, tournament)
    if not staff and not tournament.publish_standings:
        raise Http404
    public = not staff
    raw = request.GET.get("round")
    choice = standings_choice(tournament, raw, public=public)
    round_error = ""
    if raw and str(choice.after_round) != raw.strip():
        round_error = _("没有第“%(round)s”轮的成绩，下面是最新成绩") % {"round": raw[:20]}
    query = request.GET.get("q", "")
    shown = {"html": None, "lot_notes": []}
    table_html, legend_of = _standings_kind(tournament)
    if choice.after_round is not None:
        # The rendered table is cached per stamp and query string (sort, page, search): a
        # django-tables2 render of 100 rows costs more than the standings themselves.
        shown = cached_per_stamp(
            tournament,
            "standings-html",
            lambda: table_html(request, tournament, choice.after_round, query, public=public),
            choice.after_round,
            get_language(),
            sorted(request.GET.items()),
            public=public,
        )
    return render(
        request,
        "public/standings.html",
        {
            "t": tournament,
            "table_html": None if shown["html"] is None else mark_safe(shown["html"]),
            "rounds": choice.available,
            "after_round": choice.after_round,
            "provisional": choice.provisional,
            "locked": choice.locked,
            "round_error": round_error,
            "q": query,
            "lot_notes": shown["lot_notes"],
            "legend": legend_of(tournament),
            "bump_chart": None
            if choice.after_round is None
            else bump_svg(tournament, public=public, after_round=choice.after_round),
        },
    )


def _standings_kind(tournament):
    """The table's renderer and the legend of the event's kind of entry."""
    if tournament.is_team_event:
        return team_standings_html, team_legend
    if tournament.is_individual_event:
        return individual_standings_html, individual_legend
    return standings_table_html, lambda t: legend(list(t.tiebreaks))


def standings_table_html(request, tournament, after_round, query: str, *, public: bool) -> dict:
    """The standings table as HTML (one page of it) and the sentences on ties broken by lot."""
    cached_data = cached_per_stamp(
        tournament,
        "standings",
        lambda: standings_data(tournament, after_round, public=public),
        after_round,
        public=public,
    )
    data, groups = cached_data["data"], cached_data["groups"]
    table = standings_table(search_rows(data, query), list(tournament.tiebreaks), groups=groups)
    RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return {"html": str(table.as_html(request)), "lot_notes": lot_explanations(data)}


@stamped
def pair_history_page(request, slug, pair_id):
    tournament = load_tournament(request, slug, None)
    staff = is_staff_viewer(request, tournament)
    if not staff and not tournament.publish_standings:
        raise Http404
    pair = get_object_or_404(Pair.objects.select_related("unit"), tournament=tournament, pk=pair_id)
    rows = cached_per_stamp(
        tournament,
        "history",
        lambda: history_rows(tournament, pair.pk, public=not staff),
        pair.pk,
        public=not staff,
    )
    charts = {
        # A team event ranks the pair's team; an individual event its players, each on
        # their own (no line for a partnership of one round).
        "rank_chart": None
        if tournament.is_individual_event or (tournament.is_team_event and not pair.team_id)
        else entry_rank_svg(
            tournament, pair.team_id if tournament.is_team_event else pair.pk, public=not staff
        ),
        "levels_chart": levels_svg([r["line"] for r in rows]),
    }
    return render(
        request,
        "public/pair_history.html",
        {
            "t": tournament,
            "team": pair,
            "title_name": shown_entry_name(tournament.slug, pair.name, staff=staff),
            "rows": rows,
            "players": pair.players.select_related("person"),  # linked to their pages
            **charts,
        },
    )


@stamped
def bracket_page(request, slug):
    """The knockout bracket(s) of the event, round by round, with winners."""
    tournament = load_tournament(request, slug, None)
    if not is_staff_viewer(request, tournament) and not tournament.publish_pairings:
        raise Http404
    shown = []
    for stage in tournament.stages.filter(kind="knockout"):
        data = stage.state.get("bracket")
        if not data:
            continue
        if (
            not is_staff_viewer(request, tournament)
            and not stage.round_set.exclude(status=Round.DRAFT).exists()
        ):
            continue  # the draw is not public until its first round is published
        shown.append((stage, data))
    # Only the pairs in a bracket are named: a knockout of 16 after 5,000 pairs' Swiss.
    tables = [m for _stage, data in shown for m in _bracket_matches(data)]
    ids = {m.get(side) for m in tables for side in ("ew", "ns", "winner")} - {None}
    names = dict(Pair.objects.filter(tournament=tournament, pk__in=ids).values_list("pk", "name"))
    brackets = []
    for stage, data in shown:
        size = bracket_size(stage.state)
        rounds = [
            {
                "title": bracket_round_title(r, size),
                "matches": [_bracket_match(m, names) for m in round_tables],
            }
            for r, round_tables in enumerate(data["rounds"])
        ]
        third = _bracket_match(data["third_place"], names) if data.get("third_place") else None
        brackets.append({"stage": stage, "rounds": rounds, "third": third})
    return render(request, "public/bracket.html", {"t": tournament, "brackets": brackets})


def _bracket_matches(data: dict) -> list[dict]:
    """Every match of a stored bracket, the third-place match included."""
    tables = [m for round_tables in data["rounds"] for m in round_tables]
    return tables + ([data["third_place"]] if data.get("third_place") else [])


def _bracket_match(m: dict, names: dict[int, str]) -> dict:
    return {
        "id": m["id"],
        "ew": names.get(m.get("ew")),
        "ns": names.get(m.get("ns")),
        "winner": names.get(m.get("winner")),
        "bye": m.get("bye"),
    }
