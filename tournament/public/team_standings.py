"""The standings page of a team event (团体赛): the team standings and, below them, the
best pairs across all teams (最佳组合).

Both lists are computed once per stamp (:func:`~tournament.core.page_cache.cached_per_stamp`,
shared with the read API) and shown a page of :data:`PER_PAGE` rows at a time (``?page=``
for the teams, ``?bpage=`` for the pairs), so 1,000 teams and their 2,000 pairs are never
sent at once; the search (``?q=``) keeps the rows whose names contain it, ranks unchanged.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.core.page_cache import cached_per_stamp
from tournament.standings.cells import lot_explanations, metric_text
from tournament.standings.table import STATUS_WORDS
from tournament.teams.display import team_metric_keys, team_metric_label, team_standings_data
from tournament.text.options import TEAM_RANK_CHOICES
from tournament.text.titles import listing

PER_PAGE = 100
_MARK = "987654321"  # no pair has this id: where a pair's id goes in its link


def team_data(tournament, after_round: int, *, public: bool) -> dict:
    """The team standings and best pairs after ``after_round``, kept per stamp."""
    return cached_per_stamp(
        tournament,
        "team-standings",
        lambda: team_standings_data(tournament, after_round, public=public),
        after_round,
        public=public,
    )


def _matching(rows: list[dict], query: str, fields: tuple[str, ...]) -> list[dict]:
    query = query.strip().lower()
    if not query:
        return rows
    return [r for r in rows if query in " ".join(_text(r[f]) for f in fields).lower()]


def _text(value) -> str:
    return "、".join(value) if isinstance(value, list) else str(value)


def team_standings_html(request, tournament, after_round, query: str, *, public: bool) -> dict:
    """The two tables as HTML (a page of each) and the sentences on ties broken by lot."""
    data = team_data(tournament, after_round, public=public)
    keys = team_metric_keys(list(tournament.team_tiebreaks))
    teams = _matching(data["teams"], query, ("team", "unit"))
    best = _matching(data["best"], query, ("pair", "team", "players"))
    team_page = Paginator(teams, PER_PAGE).get_page(request.GET.get("page"))
    best_page = Paginator(best, PER_PAGE).get_page(request.GET.get("bpage"))
    columns = [(key, team_metric_label(key)) for key in keys]
    rows = [_team_line(row, columns) for row in team_page.object_list]
    # A pair's name links to its history (one reversal a page, not one a row).
    link = reverse("pair_history", args=[tournament.slug, _MARK])
    best_rows = [
        row
        | {"player_text": listing(row["players"]), "url": link.replace(_MARK, str(row["pair_id"]))}
        for row in best_page.object_list
    ]
    html = render_to_string(
        "public/_team_standings.html",
        {
            "t": tournament,
            "page": team_page,
            "rows": rows,
            "best_rows": best_rows,
            "best_page": best_page,
            "columns": columns,
            "points_label": team_metric_label(
                "total" if tournament.team_rank == "total" else "match_points"
            ),
        },
        request=request,
    )
    return {"html": html, "lot_notes": lot_explanations(data["teams"])}


def _team_line(row: dict, columns: list[tuple[str, str]]) -> dict:
    """A team's row as the page prints it: its tiebreak cells, and on a phone (``.tb-line``,
    under the name) its unit, tiebreaks and record, whose columns a phone hides."""
    cells = [metric_text(row.get(key)) for key, _label in columns]
    words = [row["unit"]] if row["unit"] else []
    # A tiebreak that did not apply ("—": no head to head, no lot) says nothing on a phone.
    pairs = zip(columns, cells, strict=True)
    words += [f"{label} {cell}" for (_key, label), cell in pairs if cell != "—"]
    words.append(f"{row['wins']}/{row['draws']}/{row['losses']}")
    status = STATUS_WORDS.get(row["status"])
    return row | {
        "cells": cells,
        "phone_line": " · ".join(words),
        "status_word": str(status) if status else "",
    }


def team_legend(tournament) -> list[str]:
    """The team chain in order, each metric by its label (the page's 排名依据)."""
    chain = list(tournament.team_tiebreaks)
    first = _(TEAM_RANK_CHOICES.get(tournament.team_rank, tournament.team_rank))
    return [first, *(team_metric_label(key) for key in chain if key != "points")]
