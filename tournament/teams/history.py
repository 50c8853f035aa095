"""A team's history (团体的历次成绩): each round's team match, its tables and totals, and the
team's rank after each round (docs/rules.md §16.3, §16.4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring import score_team_match
from tournament.models import Pair, Team, Tournament
from tournament.teams.standings import team_matches, team_rules


@dataclass(frozen=True)
class TableLine:
    """One table of a team match, from the team's side."""

    pair: str
    opponent: str
    points: int
    level_points: int
    level: str | None = None
    opponent_level: str | None = None


@dataclass(frozen=True)
class MatchLine:
    """One round of a team: its opponent (None: a bye), totals, points and rank after."""

    round: int
    opponent: str | None
    total: int
    opponent_total: int | None
    level_diff: int
    points: int
    tables: tuple[TableLine, ...]
    rank: int | None


def team_history(
    tournament: Tournament, team: Team, *, public: bool, ranks: Mapping[int, int | None]
) -> list[MatchLine]:
    """The team's rounds in order (counted rounds only: locked ones for the public);
    ``ranks``: its rank after each round (tournament.public.rank_history)."""
    rules = team_rules(tournament)
    names = dict(Pair.objects.filter(tournament=tournament).values_list("pk", "name"))
    teams = dict(Team.objects.filter(tournament=tournament).values_list("pk", "name"))
    lines = []
    for match in team_matches(tournament, public=public):
        if team.pk not in (match.x, match.y):
            continue
        score = score_team_match(match, rules.system, rules.bye_policy, rules.options)
        own = score.side(team.pk)
        other = None if score.y is None else (score.y if own is score.x else score.x)
        tables = tuple(
            TableLine(
                names.get(pair, ""),
                names.get(_opponent_of(table, pair), "") if table.ns is not None else "",
                points,
                level_points,
                *_levels(table, pair),
            )
            for table, pair, points, level_points in zip(
                match.tables, own.pairs, own.table_points, own.table_level_points, strict=True
            )
        )
        lines.append(
            MatchLine(
                round=match.round,
                opponent=teams.get(other.team) if other else None,
                total=own.total,
                opponent_total=other.total if other else None,
                level_diff=own.level_diff,
                points=own.points,
                tables=tables,
                rank=ranks.get(match.round),
            )
        )
    return lines


def _levels(table, pair) -> tuple[str | None, str | None]:
    """The pair's final level and its opponent's at ``table`` (None: a bye or a forfeit)."""
    if table.ew == pair:
        return table.ew_level, table.ns_level
    return table.ns_level, table.ew_level


def _opponent_of(table, pair):
    return table.ns if table.ew == pair else table.ew
