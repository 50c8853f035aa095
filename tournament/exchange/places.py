"""What the event computed, as the exchange file states it: each table's points and the
final places over the locked rounds (the public's standings), for pairs, teams and
individual events alike (docs/exchange.md, "places")."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from scoring.errors import ScoringError
from scoring.records import score_record
from tournament.individuals.standings import individual_standings_for
from tournament.models import Table, Tournament
from tournament.standings.selectors import (
    TABLE_RECORD_FIELDS,
    score_options,
    standings_for,
    table_record,
)
from tournament.teams.standings import team_standings_for

# The entry kind a place refers to, by the event's kind of entry.
PLACE_KINDS = {"pairs": "pair", "teams": "team", "individuals": "individual"}


def event_places(t: Tournament) -> Iterator[tuple[str, dict]]:
    """(kind of entry, place) for every ranked entry; ``entry`` is the entry's key here."""
    if t.entry == "teams":
        for row in team_standings_for(t, public=True):
            yield "team", _place(row.rank, row.team, row.points, row.level_diff)
    elif t.entry == "individuals":
        for row in individual_standings_for(t, public=True):
            yield "individual", _place(row.rank, row.player, row.points, row.level_diff)
    else:
        for row in standings_for(t, public=True):
            yield "pair", _place(row.rank, row.pair, row.points, row.level_diff)


def _place(rank: int, entry: int, points: int, level_diff: int) -> dict:
    return {"rank": rank, "entry": entry, "points": points, "level_diff": level_diff}


def table_points(t: Tournament) -> Callable[[Table], dict | None]:
    """A function giving a table's score for each side under the event's scoring system
    (None for a table with no result to score)."""
    options = score_options(t)

    def points(table: Table) -> dict | None:
        row = {name: getattr(table, name) for name in TABLE_RECORD_FIELDS}
        try:
            score = score_record(
                table_record(table.round.number, row), t.scoring, t.bye_policy, options
            )
        except (ScoringError, ValueError, TypeError):
            return None
        return {"ns": score.ns_points, "ew": score.ew_points}

    return points
