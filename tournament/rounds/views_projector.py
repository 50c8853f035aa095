"""The projector view for the hall's screen: the round clock, how far the round has got,
the tables still playing, the byes, and the pairings a page at a time.

At 2,500 tables the page never holds every pairing: it shows one page of them and fetches
the next page (``?page=N&part=rows``) when the screen has scrolled through the current one.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import FileResponse, Http404
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from tournament.charts.progress import summary_bar
from tournament.core.params import positive_int
from tournament.core.rights import visible_round
from tournament.core.view_helpers import load_tournament
from tournament.events.projector_fields import SPONSOR_TYPES
from tournament.individuals.display import bye_names
from tournament.models import Round
from tournament.public.conditional import live_stamped
from tournament.rounds.projector_pages import projector_pages
from tournament.standings.selectors import round_live_stamp, round_summary, unfinished_tables
from tournament.teams.display import match_teams, match_title

PROJECTOR_ROWS = 40


def table_runs(tables: list[int]) -> list[str]:
    """Table numbers with consecutive ones joined, so 2,000 tables fit on one screen.

    >>> table_runs([1, 3, 4, 5, 9, 10])
    ['1', '3–5', '9–10']
    """
    runs: list[list[int]] = []
    for n in tables:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return [str(a) if a == b else f"{a}–{b}" for a, b in runs]


@live_stamped(reads=("page", "part"))
def projector(request, slug, number):
    """Large type for the hall: the clock runs from 开赛 until the round is locked. An
    anonymous screen's page is kept under the round's live stamp (``live_stamped``)."""
    tournament = load_tournament(request, slug, None)
    round_ = visible_round(request, tournament, number)
    tables = round_.tables.exclude(ns=None).select_related("ew", "ns").order_by("number")
    page = Paginator(tables, PROJECTOR_ROWS).get_page(positive_int(request.GET.get("page")) or 1)
    context = {"t": tournament, "round": round_, "page": page, "titles": {}}
    if tournament.is_team_event:  # the tables under their team match's title
        found = match_teams(round_, {m.team_match for m in page.object_list})
        context["titles"] = {n: match_title(n, teams) for n, teams in found.items()}
    if request.GET.get("part") == "rows":
        return render(request, "public/_projector_rows.html", context)
    started = round_.started_at is not None or round_.status != Round.PUBLISHED
    named = bye_names(round_)
    summary = round_summary(round_)
    byes = round_.tables.filter(ns=None).select_related("ew").order_by("ew__name")
    return render(
        request,
        "public/projector.html",
        {
            **context,
            "summary": summary,
            "progress_chart": mark_safe(summary_bar(summary.counts, summary.playing)),
            "unfinished": table_runs(unfinished_tables(round_)) if started else [],
            # A team's bye once (its name), not once per pair of its line-up; a player
            # sitting out by name.
            "byes": [m.ew.name for m in byes] if named is None else named,
            "live": round_live_stamp(round_),
            "locked": round_.status == Round.LOCKED,
            **projector_pages(request, tournament),
        },
    )


@require_GET
def projector_sponsor(request, slug):
    """The sponsor's image the organizer uploaded, for the projector's full-screen page."""
    tournament = load_tournament(request, slug, None)
    if not tournament.projector_sponsor:
        raise Http404
    from PIL import Image

    try:
        handle = tournament.projector_sponsor.open("rb")
        with Image.open(handle) as image:
            kind = SPONSOR_TYPES.get(image.format or "")
        handle.seek(0)
    except OSError:
        raise Http404 from None
    if kind is None:
        handle.close()
        raise Http404
    response = FileResponse(handle, content_type=kind)
    response["Cache-Control"] = "public, max-age=300"
    response["X-Content-Type-Options"] = "nosniff"
    return response
