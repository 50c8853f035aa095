"""Team standings (团体名次) and best pairs (最佳组合) as rows: one shape for PDF, XLSX and CSV.

The rows are :func:`tournament.teams.standings.team_standings_for` and
:func:`~tournament.teams.standings.best_pairs_for` as they come; a cell is
:func:`tournament.standings.cells.metric_value` of a row, as for the pairs' standings. The
ranking points are team match points, or the total of table scores under
``team_rank="total"`` (docs/rules.md §16.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from scoring import StandingRow, TeamStandingRow, awards
from tournament.printing.data import EventInfo, PrintedPair
from tournament.printing.pdf import Col, ListDocument, Section, Two
from tournament.printing.standings import RECORD_COLUMNS, pair_name, standings_title
from tournament.printing.tabular import SIGNED, Column, Exporter
from tournament.printing.team_data import PrintedTeam
from tournament.standings.cells import metric_value
from tournament.text.options import TEAM_TIEBREAK_METRICS

SHOWN = ("points", "total", "match_points", "level_diff")  # columns of their own


def points_key(event: EventInfo) -> str:
    """What the ranking points are: ``total`` or ``match_points``."""
    return "total" if event.team_rank == "total" else "match_points"


def team_label(key: str) -> str:
    return _(TEAM_TIEBREAK_METRICS.get(key, key))


def team_columns(event: EventInfo) -> list[str]:
    """The value columns after the team: ranking points, the other sum, 级差分, then the
    rest of the event's team chain in order."""
    first = points_key(event)
    other = "match_points" if first == "total" else "total"
    rest = [k for k in event.team_tiebreaks if k not in SHOWN and k in TEAM_TIEBREAK_METRICS]
    return [first, other, "level_diff", *rest]


def team_value(row: TeamStandingRow, key: str) -> object:
    if key in SHOWN:
        return getattr(row, key)
    return metric_value(row, key)


def team_awards(event: EventInfo, rows: Sequence[TeamStandingRow]) -> dict[object, str]:
    return {row.team: label for row, label in awards(rows, [tuple(t) for t in event.award_tiers])}


def team_name(team: PrintedTeam | None, key: object) -> str:
    return pair_name(team, key)  # the same 退赛/取消资格 mark as a pair's


def decided(row: TeamStandingRow) -> str:
    return team_label(row.decided_by) if row.decided_by in TEAM_TIEBREAK_METRICS else ""


class TeamStandingsExport(Exporter):
    """团体名次: one row per team, best first."""

    def __init__(
        self,
        event: EventInfo,
        rows: Sequence[TeamStandingRow],
        teams: Mapping[int, PrintedTeam],
        *,
        title: str = "",
        with_awards: bool = True,
    ) -> None:
        self.sheet_title = title or _("团体名次")
        self.rows_ = rows
        self.teams = teams
        self.keys = team_columns(event)
        self.awards = team_awards(event, rows) if with_awards else {}
        self.columns = (
            Column(gettext_lazy("名次"), 6),
            Column(gettext_lazy("队伍"), 20),
            Column(gettext_lazy("单位"), 16),
            *(Column(team_label(k), 12, SIGNED if k == "level_diff" else None) for k in self.keys),
            *RECORD_COLUMNS,
            Column(gettext_lazy("名次依据"), 12),
            Column(gettext_lazy("奖项"), 10),
            Column(gettext_lazy("队员"), 40),
        )

    def rows(self):
        for row in self.rows_:
            team = self.teams.get(row.team)
            yield [
                row.rank,
                team_name(team, row.team),
                team.unit if team else "",
                *(team_value(row, k) for k in self.keys),
                row.matches,
                row.wins,
                row.draws,
                row.losses,
                row.byes,
                decided(row),
                self.awards.get(row.team, ""),
                _("、").join(team.members) if team else "",
            ]


class BestPairsExport(Exporter):
    """最佳组合: every pair of every team, ranked by the pairs' own standings."""

    columns = (
        Column(gettext_lazy("名次"), 6),
        Column(gettext_lazy("组合"), 20),
        Column(gettext_lazy("队伍"), 16),
        Column(gettext_lazy("选手1"), 10),
        Column(gettext_lazy("选手2"), 10),
        Column(gettext_lazy("积分"), 8),
        Column(gettext_lazy("级差分"), 8, SIGNED),
        Column(gettext_lazy("场次"), 6),
        Column(gettext_lazy("胜"), 5),
        Column(gettext_lazy("平"), 5),
        Column(gettext_lazy("负"), 5),
    )

    def __init__(
        self,
        rows: Sequence[StandingRow],
        pairs: Mapping[int, PrintedPair],
        team_of: Mapping[int, PrintedTeam],
    ) -> None:
        self.sheet_title = _("最佳组合")
        self.rows_ = rows
        self.pairs = pairs
        self.team_of = team_of

    def rows(self):
        for row in self.rows_:
            pair = self.pairs.get(row.pair)
            team = self.team_of.get(row.pair)
            yield [
                row.rank,
                pair_name(pair, row.pair),
                team.name if team else "",
                pair.player(1) if pair else "",
                pair.player(2) if pair else "",
                row.points,
                row.level_diff,
                row.tables,
                row.wins,
                row.draws,
                row.losses,
            ]


class Concatenated(Exporter):
    """Several sheets in one (a CSV holds one): each after a blank row and its title."""

    def __init__(self, *parts: Exporter) -> None:
        self.parts = parts
        self.sheet_title = parts[0].sheet_title
        self.columns = parts[0].columns

    def rows(self):
        first, *rest = self.parts
        yield from first.rows()
        for part in rest:
            yield []
            yield [str(part.sheet_title)]
            yield from iter(part)


def signed(value: object) -> object:
    return f"{value:+d}" if isinstance(value, int) else value


class TeamStandingsPdf(ListDocument):
    """团体成绩公告: the team standings, then the best pairs from a new page (landscape)."""

    landscape = True
    signature = True

    def __init__(
        self,
        event: EventInfo,
        rows: Sequence[TeamStandingRow],
        teams: Mapping[int, PrintedTeam],
        best: BestPairsExport,
        *,
        after_round: int | None,
        final: bool,
    ) -> None:
        super().__init__(event)
        self.rows = rows
        self.teams = teams
        self.best = best
        self.final = final
        self.title = standings_title(after_round, final)

    def sections(self) -> Iterable[Section]:
        yield self.team_section()
        yield self.best_section()

    def team_section(self) -> Section:
        title = _("团体名次：%(title)s") % {"title": self.title}
        return team_standings_section(
            self.event, self.rows, self.teams, title, with_awards=self.final
        )

    def best_section(self) -> Section:
        columns = [
            Col(gettext_noop("名次"), 0.9, "center", bold=True),
            Col(gettext_noop("组合"), 3.6),
            Col(gettext_noop("队伍"), 2.6),
            Col(gettext_noop("积分"), 1.1, "center", bold=True),
            Col(gettext_noop("级差分"), 1.1, "center"),
            Col(gettext_noop("胜/平/负"), 1.3, "center"),
        ]
        rows = (
            [
                r[0],
                Two(r[1], _("、").join(p for p in (r[3], r[4]) if p)),
                r[2],
                r[5],
                signed(r[6]),
                f"{r[8]}/{r[9]}/{r[10]}",
            ]
            for r in self.best.rows()
        )
        return Section(
            _("最佳组合"),
            columns,
            rows,
            row_height=9 * mm,
            font_size=9.5,
            new_page=True,
            note=_("各队组合按组合自身的积分排名（同双人赛的名次依据）"),
        )


def team_standings_section(
    event: EventInfo,
    rows: Sequence[TeamStandingRow],
    teams: Mapping[int, PrintedTeam],
    title: str,
    *,
    with_awards: bool,
    new_page: bool = False,
) -> Section:
    """The team standings as a printed table (the standings PDF, the round's results)."""
    keys = team_columns(event)
    labels = team_awards(event, rows) if with_awards else {}
    columns = [
        Col(gettext_noop("名次"), 0.9, "center", bold=True),
        Col(gettext_noop("队伍"), 3.0),
        Col(gettext_noop("单位"), 1.8),
        *(
            Col(team_label(k).split("（")[0], 1.8 if k in SHOWN else 1.3, "center", k == keys[0])
            for k in keys
        ),
        Col(gettext_noop("胜/平/负"), 1.3, "center"),
        Col(gettext_noop("名次依据"), 1.6, "center"),
    ]
    if with_awards:
        columns.append(Col(gettext_noop("奖项"), 1.2, "center", bold=True))

    def cells(row: TeamStandingRow) -> list[object]:
        team = teams.get(row.team)
        values = [team_value(row, k) for k in keys]
        out = [
            row.rank,
            Two(team_name(team, row.team), _("、").join(team.members) if team else ""),
            team.unit if team else "",
            *(signed(v) if k == "level_diff" else v for k, v in zip(keys, values, strict=True)),
            f"{row.wins}/{row.draws}/{row.losses}",
            decided(row),
        ]
        if with_awards:
            out.append(labels.get(row.team, ""))
        return out

    return Section(
        title,
        columns,
        (cells(r) for r in rows),
        row_height=9 * mm,
        font_size=9.5,
        new_page=new_page,
        note=_("名次依据：") + " → ".join(team_label(k) for k in event.team_tiebreaks),
    )
