"""What the share cards show, read the way the public pages read it (the same cached rows,
so a card never shows what the page would not: hidden players, unpublished results)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.core.hidden_people import hidden_names, mask_text
from tournament.core.page_cache import cached_per_stamp
from tournament.public.individual_standings import individual_data
from tournament.public.team_standings import team_data
from tournament.standings.rows import history_rows, standings_data
from tournament.standings.selectors import standings_choice

TOP = 8


def event_dates(tournament) -> str:
    """2026-05-01 or 2026-05-01 – 2026-05-03 (empty without a date)."""
    start, end = tournament.start_date, tournament.end_date
    if start and end and end != start:
        return f"{start.isoformat()} – {end.isoformat()}"
    return (start or end).isoformat() if (start or end) else ""


def last_locked(tournament) -> int | None:
    """The round the public standings are after (the last locked one), or None."""
    return standings_choice(tournament, None, public=True).after_round


def ranked_rows(tournament, after_round: int) -> list[dict]:
    """The public standings' rows after ``after_round``, of the event's kind of entry: dicts
    with ``rank``, ``team`` (the name shown) and ``points``."""
    if tournament.is_team_event:
        return team_data(tournament, after_round, public=True)["teams"]
    if tournament.is_individual_event:
        return individual_data(tournament, after_round, public=True)
    cached = cached_per_stamp(
        tournament,
        "standings",
        lambda: standings_data(tournament, after_round, public=True),
        after_round,
        public=True,
    )
    return cached["data"]


def top_places(tournament) -> dict:
    """The top :data:`TOP` places after the last locked round (none before one is locked)."""
    after = last_locked(tournament)
    rows = ranked_rows(tournament, after)[:TOP] if after is not None else []
    hidden = hidden_names(tournament.slug)  # a card is public: as every public page
    return {
        "after_round": after,
        "rows": [(r["rank"], mask_text(r["team"], hidden), r["points"]) for r in rows],
    }


def pair_result(tournament, pair) -> dict:
    """A pair's day: its rank and points in the public standings (pair events), and each
    round's line of its public history."""
    lines = cached_per_stamp(
        tournament,
        "history",
        lambda: history_rows(tournament, pair.pk, public=True),
        pair.pk,
        public=True,
    )
    rank = points = None
    after = last_locked(tournament)
    if after is not None and not (tournament.is_team_event or tournament.is_individual_event):
        row = next((r for r in ranked_rows(tournament, after) if r["team_id"] == pair.pk), None)
        if row is not None:
            rank, points = row["rank"], row["points"]
    if points is None and lines:
        points = lines[-1]["line"].total
    hidden = hidden_names(tournament.slug)  # a card is public: as every public page
    rounds = [
        (
            item["line"].round,
            mask_text(item["opponent"] or str(_("轮空")), hidden),
            _outcome(item["line"]),
        )
        for item in lines
    ]
    return {"rank": rank, "points": points, "rounds": rounds, "after_round": after}


def _outcome(line) -> str:
    """胜 +3 / 负 0 / 平 +1: the round's result and its points."""
    words = {
        "win": pgettext("一轮的结果", "胜"),
        "loss": pgettext("一轮的结果", "负"),
        "draw": pgettext("一轮的结果", "平"),
    }
    word = words.get(line.outcome or "", "")
    return f"{word} {line.points:+d}".strip() if line.points else f"{word} 0".strip()
