"""The team matches' results as a sheet (团体对阵结果): one row per team match or team bye.

Each row is the score :func:`scoring.score_team_match` gives the match (through
:func:`tournament.printing.team_source.match_scores`): both teams' totals, 级差分 sums, team
match points and the winner; a match with a table still without its result shows its teams
and blank scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.printing.tabular import SIGNED, Column, Exporter
from tournament.printing.team_data import PrintedTeamMatch


def winner_name(m: PrintedTeamMatch) -> str:
    side = m.side(m.x)
    if side is None or m.y is None:
        return ""
    return {"win": m.x.name, "loss": m.y.name}.get(side.outcome, _("平局"))


class TeamMatchesExport(Exporter):
    columns = (
        Column(gettext_lazy("轮次"), 10),
        Column(gettext_lazy("场号"), 6),
        Column(gettext_lazy("X队"), 16),
        Column(gettext_lazy("Y队"), 16),
        Column(gettext_lazy("X队总分"), 9),
        Column(gettext_lazy("Y队总分"), 9),
        Column(gettext_lazy("X队级差分"), 10, SIGNED),
        Column(gettext_lazy("Y队级差分"), 10, SIGNED),
        Column(gettext_lazy("X队团体赛积分"), 12),
        Column(gettext_lazy("Y队团体赛积分"), 12),
        Column(gettext_lazy("胜方"), 16),
    )

    def __init__(
        self, matches: Iterable[PrintedTeamMatch], round_titles: Mapping[int, str]
    ) -> None:
        self.sheet_title = _("团体对阵结果")
        self.matches = matches
        self.titles = round_titles

    def rows(self):
        for m in self.matches:
            x, y = m.side(m.x), m.side(m.y) if m.y is not None else None
            yield [
                self.titles.get(m.round, m.round),
                m.number,
                m.x.name,
                m.y.name if m.y is not None else _("轮空"),
                x.total if x else None,
                y.total if y else None,
                x.level_diff if x else None,
                y.level_diff if y else None,
                x.points if x else None,
                y.points if y else None,
                winner_name(m),
            ]
