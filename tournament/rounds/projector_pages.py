"""What the hall's projector shows in turn (the organizer's choice, ``Tournament.
projector_pages``): the standings, the round's pairings, the sponsor's image.

The standings go to the screen whole, as short lines (rank, name, unit, points); the
screen's script measures how many whole rows fit its height and pages by them."""

from __future__ import annotations

from tournament.core.page_cache import cached_per_stamp
from tournament.core.rights import is_staff_viewer
from tournament.events.projector_fields import page_list
from tournament.public.individual_standings import individual_data
from tournament.public.rank_history import bump_svg
from tournament.public.team_standings import team_data
from tournament.standings.rows import standings_data
from tournament.standings.selectors import standings_choice


def projector_pages(request, tournament) -> dict:
    """The pages to show in turn and what they need: ``pages`` (never empty: the pairings
    when nothing else may be shown), ``standings`` (lines), ``bump_chart`` (the top places
    over the rounds, None before two rounds), ``after_round``, ``seconds``."""
    chosen = page_list(tournament.projector_pages)
    standings, after_round, bump = [], None, None
    if "standings" in chosen:
        public = not is_staff_viewer(request, tournament)
        if tournament.publish_standings or not public:
            after_round = standings_choice(tournament, None, public=public).after_round
        if after_round is not None:
            standings = standings_lines(tournament, after_round, public=public)
            # the top places over the rounds, a screen after the standings' pages
            bump = bump_svg(tournament, public=public, after_round=after_round)
    shown = [
        page
        for page in chosen
        if (page != "standings" or standings)
        and (page != "sponsor" or tournament.projector_sponsor)
    ]
    return {
        "pages": shown or ["pairings"],
        "standings": standings,
        "bump_chart": bump,
        "after_round": after_round,
        "seconds": tournament.projector_seconds,
    }


def standings_lines(tournament, after_round: int, *, public: bool) -> list[dict]:
    """Every place of the standings after ``after_round``, for pairs, teams or players."""
    if tournament.is_team_event:
        rows, name = team_data(tournament, after_round, public=public)["teams"], "team"
    elif tournament.is_individual_event:
        rows, name = individual_data(tournament, after_round, public=public), "player"
    else:
        rows = cached_per_stamp(
            tournament,
            "standings",
            lambda: standings_data(tournament, after_round, public=public),
            after_round,
            public=public,
        )["data"]
        name = "team"
    return [
        {"rank": r["rank"], "name": r[name], "unit": r.get("unit", ""), "points": r["points"]}
        for r in rows
    ]
