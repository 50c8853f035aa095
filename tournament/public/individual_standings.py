"""The standings page of an individual event (个人赛): the players' standings.

Computed once per stamp (:func:`~tournament.core.page_cache.cached_per_stamp`, shared with
the read API) and shown :data:`~tournament.public.team_standings.PER_PAGE` rows at a time
(``?page=``), so 2,000 players are never sent at once; the search (``?q=``) keeps the rows
whose name or unit contain it, ranks unchanged. A phone sees rank, name, points and 级差分,
the rest in a line under the name (as the team standings).
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from tournament.core.page_cache import cached_per_stamp
from tournament.individuals.display import (
    individual_metric_keys,
    individual_metric_label,
    individual_rows,
)
from tournament.standings.cells import legend, lot_explanations, metric_text
from tournament.standings.table import STATUS_WORDS

PER_PAGE = 100


def individual_data(tournament, after_round: int, *, public: bool) -> list[dict]:
    """The players' standings after ``after_round``, kept per stamp."""
    return cached_per_stamp(
        tournament,
        "individual-standings",
        lambda: individual_rows(tournament, after_round, public=public),
        after_round,
        public=public,
    )


def individual_standings_html(request, tournament, after_round, query: str, *, public: bool):
    """The players' table as HTML (a page of it) and the sentences on ties broken by lot."""
    data = individual_data(tournament, after_round, public=public)
    query = query.strip().lower()
    rows = [r for r in data if query in f"{r['player']} {r['unit']}".lower()] if query else data
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    keys = individual_metric_keys(list(tournament.individual_tiebreaks))
    columns = [(key, individual_metric_label(key)) for key in keys]
    html = render_to_string(
        "public/_individual_standings.html",
        {
            "t": tournament,
            "page": page,
            "rows": [_line(row, columns) for row in page.object_list],
            "columns": columns,
        },
        request=request,
    )
    return {"html": html, "lot_notes": page_lot_notes(data, page.object_list)}


def page_lot_notes(data: list[dict], shown: list[dict]) -> list[str]:
    """The sentences on ties broken by lot for the rows shown (each with the row above it):
    after round 1 of 2,000 players nearly every row is one, too many for one page."""
    ids = {row["individual_id"] for row in shown}
    notes = []
    for i, row in enumerate(data):
        if i and row["individual_id"] in ids:
            notes += lot_explanations(data[i - 1 : i + 1])
    return notes


def _line(row: dict, columns: list[tuple[str, str]]) -> dict:
    """A player's row as the page prints it, with the line a phone shows under the name."""
    cells = [metric_text(row.get(key)) for key, _label in columns]
    words = [row["unit"]] if row["unit"] else []
    pairs = zip(columns, cells, strict=True)
    words += [f"{label} {cell}" for (_key, label), cell in pairs if cell != "—"]
    words.append(f"{row['wins']}/{row['draws']}/{row['losses']}")
    if row["sit_outs"]:
        words.append(_("轮空 %(n)s") % {"n": row["sit_outs"]})
    status = STATUS_WORDS.get(row["status"])
    return row | {
        "cells": cells,
        "phone_line": " · ".join(words),
        "status_word": str(status) if status else "",
    }


def individual_legend(tournament) -> list[str]:
    """The individual chain in order, each metric explained (the page's 排名依据)."""
    return legend(list(tournament.individual_tiebreaks))
