"""The public pairings page of a round: find my table (server search) and tables by range.

``?q=`` answers only the pairs that match (a few KB, ``format=json`` for a script);
without it the page lists the tables one range at a time (``?page=``), so a 2,500-table
round is never sent at once.
"""

from __future__ import annotations

from django.db.models import Max
from django.http import JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournament.core.page_cache import cached_per_stamp
from tournament.core.params import positive_int
from tournament.core.rights import (
    is_staff_viewer,
    may_see_results,
    visible_round,
    visible_round_numbers,
)
from tournament.core.stamps import shared_page_stamp
from tournament.core.view_helpers import load_tournament
from tournament.individuals.display import bye_names
from tournament.models import Round, Table
from tournament.public.conditional import stamped
from tournament.public.find_page import FOUND_MARK, pieces, prepared_answer, results_html
from tournament.public.find_phone import index_url
from tournament.public.find_table import QUERY_MAX, round_index, search
from tournament.standings.selectors import round_stamp
from tournament.teams.display import match_teams, match_title
from tournament.text.titles import listing

PAGE_TABLES = 100  # tables per page of the list by table number


def table_pages(last_table: int) -> list[tuple[int, int, int]]:
    """(page, first table, last table) of each page of the list by table number."""
    count = max(1, -(-last_table // PAGE_TABLES))
    return [
        (i + 1, i * PAGE_TABLES + 1, min(last_table, (i + 1) * PAGE_TABLES)) for i in range(count)
    ]


def _search_json(round_: Round, query: str, context: dict) -> JsonResponse:
    keep = ("team", "players", "unit", "table", "seat", "opponent", "bye")
    # A team event's entries also name the team, the team match and the opposing team;
    team_keys = ("squad", "match", "vs_team", "bench", "tables")
    # An individual event's entries are players: their partner and the two opponents.
    team_keys += ("partner", "opponents")
    results = [
        {k: e[k] for k in keep} | {k: e[k] for k in team_keys if k in e} for e in context["found"]
    ]
    for result in results:  # the names in the reader's language
        result["players"] = listing(result["players"])
    return JsonResponse(
        {"round": round_.number, "q": query, "total": context["total"], "results": results},
        json_dumps_params={"ensure_ascii": False},
    )


def _tables_html(round_: Round, page: int, show_results: bool, teams: bool) -> str:
    """One range of tables of the round, rendered (cached per stamp by the view)."""
    last = round_.tables.aggregate(last=Max("number"))["last"] or 0
    pages = table_pages(last)
    page = min(page, len(pages))
    _, first, upto = pages[page - 1]
    tables = round_.tables.filter(number__gte=first, number__lte=upto)
    tables = tables.select_related("ew__unit", "ns__unit").order_by("number")
    byes: list[Table] = []
    context = {"pages": pages, "page": page}
    if teams:  # tables under their team match's title
        tables = list(tables)
        titles = match_teams(round_, {m.team_match for m in tables})
        context["titles"] = {n: match_title(n, teams) for n, teams in titles.items()}
    # The byes close the list: a team's once (not once per pair), a player's who sits out
    # once ("轮空：姓名"), a pair's as its row.
    named = bye_names(round_) if page == len(pages) else []
    if named is None and page == len(pages):
        byes = list(round_.tables.filter(ns=None).select_related("ew"))
    context["team_byes"] = named or []
    context |= {"matches": tables, "byes": byes}
    return render_to_string(
        "public/_pairings_tables.html", context | {"show_results": show_results}
    )


def _find(request, slug, number):
    """The page for the marker query of :func:`tournament.public.find_page.prepared_answer`
    and the round's (index, pieces); None when it is no page to keep."""
    response = pairings.__wrapped__(request, slug, number)
    if response.status_code != 200 or response.cookies:
        return None
    return response.content.decode(), request.find_parts


def _phone_index_url(tournament, round_) -> str:
    """The round's index for the phone's own search (find.js), when the public sees the
    round; else "" (a staff member's draft round: the server's search only)."""
    if round_.status == Round.DRAFT or not tournament.publish_pairings:
        return ""
    found = shared_page_stamp(tournament.slug)
    return index_url(tournament.slug, round_.number, found[0], get_language()) if found else ""


def _prepared(request, stamp, slug, number):
    return prepared_answer(request, stamp, _find, slug, number)


@stamped(reads=("q", "format", "page"), prepared=_prepared)
def pairings(request, slug, number):
    """Find my table (``?q=``) and the tables of the round by number, a range per page."""
    tournament = load_tournament(request, slug, None)
    round_ = visible_round(request, tournament, number)
    query = request.GET.get("q", "").strip()[:QUERY_MAX]  # echoed in the answer: keep it short
    staff = is_staff_viewer(request, tournament)
    # Spectators see results only once the chief referee has locked the round.
    show_results = may_see_results(tournament, round_.status, staff=staff)
    context = {
        "t": tournament,
        "round": round_,
        "q": query,
        "rounds": visible_round_numbers(request, tournament),
        "find_index": _phone_index_url(tournament, round_),
    }
    if query and request.GET.get("format") == "json":
        found, total = search(round_index(tournament, round_), query)
        return _search_json(round_, query, {"found": found, "total": total})
    if query:
        # The round's index answers any name without reading every entry; the answer is
        # put together from pieces rendered once (tournament.public.find_page).
        index, parts = round_index(tournament, round_), pieces(tournament, round_)
        request.find_parts = (index, parts)
        if getattr(request, "find_frame", False):
            html = FOUND_MARK
        else:
            html = results_html(index, parts, query)[0]
        context["results_html"] = mark_safe(html)  # escaped by the templates it comes from
    else:
        # A page number past the last shows the last page (the count is known inside).
        page = positive_int(request.GET.get("page"), low=1, limit=100_000) or 1
        html = cached_per_stamp(
            tournament,
            "pairings-tables",
            lambda: _tables_html(round_, page, show_results, tournament.is_team_event),
            round_.pk,
            page,
            show_results,
            get_language(),
            public=not staff,
        )
        # Rendered (autoescaped) by our own template; the cache only kept the text.
        context.update(tables_html=mark_safe(html), stamp=round_stamp(round_))
    return render(request, "public/pairings.html", context)
