"""Team standings (团体名次) and best pairs (最佳组合) read from the database.

The tables of a round's team match share ``Table.team_match``; the team of each pair is
``Pair.team``. A team match counts once every one of its tables counts (entered or
confirmed for the staff, locked rounds for the public: the pairs' rule), so a team is never
ranked on half a match. A team bye is stored as a bye of each pair of its line-up.
"""

from __future__ import annotations

from collections import defaultdict

from scoring import TeamMatch, TeamRules, best_pairs, team_standings
from scoring.standings import StandingRow
from scoring.team_ranking import TeamStandingRow
from tournament.models import Pair, Table, Team, Tournament
from tournament.standings.selectors import (
    COUNTED_STATES,
    RECORD_FIELDS,
    counted_rounds,
    score_options,
    table_record,
)


def team_rules(tournament: Tournament) -> TeamRules:
    """The event's options that rank teams and the best pairs."""
    return TeamRules(
        system=tournament.scoring,
        team_rank=tournament.team_rank,
        tiebreaks=tuple(tournament.team_tiebreaks),
        bye_policy=tournament.bye_policy,
        lot_seed=tournament.lot_seed,
        options=score_options(tournament),
        pair_tiebreaks=tuple(tournament.tiebreaks),
    )


def team_of_pairs(tournament: Tournament) -> dict[int, int]:
    """Pair id → team id of every team pair of the event."""
    rows = Pair.objects.filter(tournament=tournament).exclude(team=None)
    return dict(rows.values_list("pk", "team_id"))


def team_matches(
    tournament: Tournament, *, public: bool = False, rounds: set[int] | None = None
) -> list[TeamMatch]:
    """Every counted team match and team bye, in round and match order."""
    numbers = set(counted_rounds(tournament, public=public))
    if rounds is not None:
        numbers &= rounds
    team_of = team_of_pairs(tournament)
    rows = Table.objects.filter(round__tournament=tournament, round__number__in=numbers)
    fields = (*RECORD_FIELDS, "team_match", "number")
    matches: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows.order_by("round__number", "number", "pk").values(*fields):
        if row["ns_id"] is None:
            key = (row["round__number"], "bye", team_of.get(row["ew_id"]))
        else:
            key = (row["round__number"], "match", row["team_match"])
        matches[key].append(row)
    result = []
    for (number, kind, _), tables in matches.items():
        if kind == "match" and any(t["state"] not in COUNTED_STATES for t in tables):
            continue  # not every table of the match has its result yet
        result.append(_team_match(number, kind, tables, team_of))
    return result


def _team_match(number: int, kind: str, tables: list[dict], team_of: dict[int, int]) -> TeamMatch:
    """X is the team sitting North-South at the match's first table (docs/rules.md §16.2)."""
    first = tables[0]
    x = team_of.get(first["ew_id"] if kind == "bye" else first["ns_id"])
    x_pairs = tuple(
        t["ew_id"] if kind == "bye" or team_of.get(t["ew_id"]) == x else t["ns_id"] for t in tables
    )
    y = None if kind == "bye" else team_of.get(first["ew_id"])
    records = tuple(table_record(number, t) for t in tables)
    return TeamMatch(round=number, x=x, y=y, x_pairs=x_pairs, tables=records)


def team_ids(tournament: Tournament) -> list[int]:
    return list(Team.objects.filter(tournament=tournament).values_list("pk", flat=True))


def team_standings_for(
    tournament: Tournament, *, after_round: int | None = None, public: bool = False
) -> list[TeamStandingRow]:
    """The team standings after ``after_round`` (default: every counted round); the one
    computation behind the team standings page, its exports and the team pairing."""
    matches = team_matches(tournament, public=public)
    return team_standings(
        matches, team_rules(tournament), teams=team_ids(tournament), after_round=after_round
    )


def best_pairs_for(
    tournament: Tournament, *, after_round: int | None = None, public: bool = False
) -> list[StandingRow]:
    """Every pair of every team that has played, ranked by the pairs' own standings."""
    matches = team_matches(tournament, public=public)
    played = {p for m in matches for t in m.tables for p in (t.ew, t.ns) if p is not None}
    return best_pairs(
        matches, team_rules(tournament), pairs=sorted(played), after_round=after_round
    )
