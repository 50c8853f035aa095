"""The plain records of a team event's printouts (团体赛, docs/rules.md §16): no database here.

Vocabulary
----------
team
    :class:`PrintedTeam`: a registered team with its unit, its roster (``members``, in the
    sheet's order) and the members who played a counted table (``players``).
team match
    :class:`PrintedTeamMatch`: the tables of one round sharing ``Table.team_match``, X first
    (the team sitting North–South at the match's first table, docs/rules.md §16.2), with its
    score when every table counts; a team bye is the bye tables of one team (``y`` None).
    The score is :func:`scoring.score_team_match`'s, computed by
    :mod:`tournament.printing.team_source` from the services' team matches: never added up
    here a second time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring import TeamMatchScore, TeamSide
from tournament.printing.data import PrintedPair, PrintedTable, table_sort_key
from tournament.text.titles import listing


@dataclass(frozen=True, slots=True)
class PrintedTeam:
    id: int
    name: str
    unit: str = ""
    members: tuple[str, ...] = ()
    players: tuple[str, ...] = ()  # the members who played a counted table, roster order
    status: str = "active"

    @property
    def detail(self) -> str:
        """Unit and roster on one line: "苏州市 · 张三、李四、王五、赵六"."""
        return " · ".join(part for part in (self.unit, listing(self.members)) if part)


@dataclass(frozen=True, slots=True)
class PrintedTeamMatch:
    """One team match (or team bye) of a round as the printouts show it."""

    round: int
    number: int | None  # the team match's number in its round; None for a team bye
    x: PrintedTeam
    y: PrintedTeam | None
    tables: tuple[PrintedTable, ...]
    x_seats: tuple[str, ...]  # "NS" or "EW": where X's pair sits at each table
    score: TeamMatchScore | None = None

    @property
    def is_bye(self) -> bool:
        return self.y is None

    def pair_of(self, index: int, team: PrintedTeam) -> PrintedPair | None:
        """The pair of ``team`` at the match's table ``index``."""
        table = self.tables[index]
        x_side = self.x_seats[index]
        side = x_side if team.id == self.x.id else ("EW" if x_side == "NS" else "NS")
        return table.ew if side == "EW" else table.ns

    def side(self, team: PrintedTeam) -> TeamSide | None:
        """The team's share of the score (None while a table of the match has no result)."""
        if self.score is None:
            return None
        return self.score.side(team.id)

    def teams_text(self) -> str:
        if self.y is None:
            return self.x.name
        return _("%(x)s 对 %(y)s") % {"x": self.x.name, "y": self.y.name}


def group_matches(
    tables: Iterable[PrintedTable],
    team_of: Mapping[int, int],
    teams: Mapping[int, PrintedTeam],
    scores: Mapping[tuple[int, int], TeamMatchScore] | None = None,
) -> list[PrintedTeamMatch]:
    """The team matches of ``tables`` (one round) in table order, team byes last.

    ``team_of`` maps a pair id to its team id; ``scores`` a (round, X's team id) to the team
    match's score. A table of no team match (a pair without a team) is left out."""
    groups: dict[tuple, list[PrintedTable]] = {}
    for t in sorted(tables, key=table_sort_key):
        if t.is_bye:
            key: tuple = (t.round, "bye", team_of.get(t.ew.id))
        else:
            key = (t.round, "match", t.match if t.match is not None else -(t.table or 0))
        groups.setdefault(key, []).append(t)
    out = []
    for (_round, kind, number), group in groups.items():
        first = group[0]
        x = team_of.get(first.ew.id if first.is_bye else first.ns.id)
        y = None if first.is_bye else team_of.get(first.ew.id)
        if x not in teams or (y is not None and y not in teams) or (kind == "match" and y is None):
            continue
        seats = tuple("EW" if t.is_bye or team_of.get(t.ew.id) == x else "NS" for t in group)
        out.append(
            PrintedTeamMatch(
                round=first.round,
                number=number if kind == "match" and number is not None and number > 0 else None,
                x=teams[x],
                y=teams[y] if y is not None else None,
                tables=tuple(group),
                x_seats=seats,
                score=(scores or {}).get((first.round, x)),
            )
        )
    return out
