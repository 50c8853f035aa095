"""The team matches' results (团体对阵结果): one row per team match or team bye, as a sheet
(the workbook) and in the round's results notice (成绩公告) of a team event.

Each row is the score :func:`scoring.score_team_match` gives the match (through
:func:`tournament.printing.team_source.match_scores`): both teams' totals, 级差分 sums, team
match points and the winner; a match with a table still without its result shows its teams
and blank scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from scoring import TeamStandingRow
from tournament.printing.pdf import Col, Section, Two
from tournament.printing.results import ResultsPdf
from tournament.printing.tabular import SIGNED, Column, Exporter
from tournament.printing.team_data import PrintedTeam, PrintedTeamMatch
from tournament.printing.team_standings import team_standings_section
from tournament.text.titles import number_title


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


def _pair_of_numbers(x: object, y: object, fmt: str = "{}") -> str:
    return (
        ""
        if x is None
        else f"{fmt.format(x)} : {fmt.format(y)}"
        if y is not None
        else fmt.format(x)
    )


def team_matches_section(matches: Iterable[PrintedTeamMatch], title: str) -> Section:
    """The round's team matches as a printed table: X v Y, totals, 级差分, points, winner."""
    columns = [
        Col(gettext_noop("场号"), 0.8, "center", bold=True),
        Col(gettext_noop("对阵（X队 对 Y队）"), 5.0),
        Col(gettext_noop("台号"), 1.0, "center"),
        Col(gettext_noop("总分"), 1.4, "center", bold=True),
        Col(gettext_noop("级差分"), 1.4, "center"),
        Col(gettext_noop("团体赛积分"), 1.4, "center", bold=True),
        Col(gettext_noop("胜方"), 2.6),
    ]

    def cells(m: PrintedTeamMatch) -> list[object]:
        x, y = m.side(m.x), m.side(m.y) if m.y is not None else None
        numbers = [t.table for t in m.tables if t.table is not None]
        return [
            m.number if m.number is not None else "—",
            Two(m.teams_text(), " / ".join(u for u in (m.x.unit, m.y.unit if m.y else "") if u))
            if m.y is not None
            else Two(m.x.name, _("本轮轮空")),
            f"{numbers[0]}–{numbers[-1]}" if numbers else "",
            _pair_of_numbers(x and x.total, y and y.total),
            _pair_of_numbers(x and x.level_diff, y and y.level_diff, "{:+d}"),
            _pair_of_numbers(x and x.points, y and y.points),
            winner_name(m),
        ]

    return Section(title, columns, (cells(m) for m in matches), row_height=9 * mm)


class TeamResultsPdf(ResultsPdf):
    """第N轮成绩公告 of a team event: every table, the team matches, the team standings."""

    def __init__(
        self,
        *args,
        matches: Sequence[PrintedTeamMatch],
        teams: Mapping[int, PrintedTeam],
        team_rows: Sequence[TeamStandingRow],
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.matches = matches
        self.teams = teams
        self.team_rows = team_rows

    def sections(self):
        yield next(iter(super().sections()))  # every table's result, as in a pairs event
        yield team_matches_section(
            self.matches, _("%(round)s团体对阵结果") % {"round": self.round_name}
        )
        yield team_standings_section(
            self.event,
            self.team_rows,
            self.teams,
            _("%(round)s后团体名次") % {"round": number_title(self.round_number)},
            with_awards=False,
            new_page=True,
        )
