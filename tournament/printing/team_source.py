"""The database side of a team event's printouts: teams, team matches and their scores.

Every number comes from :mod:`tournament.teams.standings` (the services' team matches,
scored by :func:`scoring.team_ranking.scored_team_matches` under the event's
:func:`~tournament.teams.standings.team_rules`), so a printout cannot disagree with the
standings page or the pairing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scoring import TeamMatchScore
from scoring.team_ranking import scored_team_matches
from tournament.models import Player, Team, TeamMember, Tournament
from tournament.printing.data import PrintedTable
from tournament.printing.team_data import PrintedTeam, PrintedTeamMatch, group_matches
from tournament.teams.standings import team_matches, team_of_pairs, team_rules
from tournament.text.pinyin import name_sort_key


def played_members(tournament: Tournament, *, public: bool = False) -> set[int]:
    """Ids of the roster members who played at least one counted table."""
    pairs = {
        p
        for m in team_matches(tournament, public=public)
        for t in m.tables
        for p in (t.ew, t.ns)
        if p is not None
    }
    rows = Player.objects.filter(pair_id__in=pairs).exclude(member=None)
    return set(rows.values_list("member_id", flat=True))


def load_teams(tournament: Tournament, *, with_played: bool = False) -> dict[int, PrintedTeam]:
    """Every team of the event by id, in name order; ``players`` filled when asked."""
    played = played_members(tournament) if with_played else set()
    members: dict[int, list[tuple[int, str]]] = {}
    rows = TeamMember.objects.filter(team__tournament=tournament).order_by("team_id", "number")
    for team_id, pk, name in rows.values_list("team_id", "pk", "name"):
        members.setdefault(team_id, []).append((pk, name))
    fields = ("pk", "name", "unit__name", "status")
    teams = Team.objects.filter(tournament=tournament).values(*fields)
    out = {}
    for row in sorted(teams, key=lambda r: (name_sort_key(r["name"]), r["name"])):
        roster = members.get(row["pk"], [])
        out[row["pk"]] = PrintedTeam(
            id=row["pk"],
            name=row["name"],
            unit=row["unit__name"] or "",
            members=tuple(name for _pk, name in roster),
            players=tuple(name for pk, name in roster if pk in played),
            status=row["status"],
        )
    return out


def match_scores(
    tournament: Tournament, rounds: Iterable[int], *, public: bool
) -> dict[tuple[int, int], TeamMatchScore]:
    """(round, X's team id) → the score of every counted team match and team bye."""
    matches = team_matches(tournament, public=public, rounds=set(rounds))
    scores = scored_team_matches(matches, team_rules(tournament))
    return {(s.round, s.x.team): s for s in scores}


def round_matches(
    tournament: Tournament,
    tables: Iterable[PrintedTable],
    rounds: Iterable[int],
    *,
    public: bool,
    teams: Mapping[int, PrintedTeam] | None = None,
) -> list[PrintedTeamMatch]:
    """The team matches of ``tables`` with their scores (when every table counts)."""
    return group_matches(
        tables,
        team_of_pairs(tournament),
        teams if teams is not None else load_teams(tournament),
        match_scores(tournament, rounds, public=public),
    )
