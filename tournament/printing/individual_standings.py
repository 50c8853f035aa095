"""The players' standings of an individual event (个人赛) as rows, and their certificates.

The rows are :func:`tournament.individuals.standings.individual_standings_for` as they
come; a tiebreak cell is :func:`tournament.standings.cells.metric_value` of a row, labelled
by :data:`tournament.text.options.INDIVIDUAL_TIEBREAK_METRICS` (docs/rules.md §17.5).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import SimpleNamespace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from scoring import UnitRow, awards, unit_ranking
from scoring.individual_ranking import IndividualStandingRow
from tournament.printing import fonts
from tournament.printing.certificates import CertificatePdf
from tournament.printing.data import EventInfo, PrintedPair
from tournament.printing.pdf import DARK, RED, Col, ListDocument, Section, Two
from tournament.printing.standings import (
    RECORD_COLUMNS,
    UnitsExport,
    UnitsPdf,
    pair_name,
    standings_title,
    unit_rows,
)
from tournament.printing.tabular import SIGNED, Column, Exporter
from tournament.standings.cells import metric_value
from tournament.text.options import INDIVIDUAL_TIEBREAK_METRICS

SHOWN = ("points", "level_diff")  # columns of their own


def label(key: str) -> str:
    return _(INDIVIDUAL_TIEBREAK_METRICS.get(key, key))


def chain_keys(tiebreaks: Sequence[str]) -> list[str]:
    """The event's chain after the points and 级差分 (which have columns of their own)."""
    return [k for k in tiebreaks if k not in SHOWN and k in INDIVIDUAL_TIEBREAK_METRICS]


def decided(row: IndividualStandingRow) -> str:
    return label(row.decided_by) if row.decided_by in INDIVIDUAL_TIEBREAK_METRICS else ""


def award_labels(rows: Sequence[IndividualStandingRow], tiers) -> dict[object, str]:
    return {row.player: tier for row, tier in awards(rows, [tuple(t) for t in tiers])}


def signed(value: object) -> object:
    return f"{value:+d}" if isinstance(value, int) else value


class IndividualStandingsExport(Exporter):
    """个人名次: one row per player, best first."""

    def __init__(
        self,
        rows: Sequence[IndividualStandingRow],
        players: Mapping[int, PrintedPair],
        tiebreaks: Sequence[str],
        award_tiers=(),
        *,
        title: str = "",
    ) -> None:
        self.sheet_title = title or _("个人名次")
        self.rows_ = rows
        self.players = players
        self.keys = chain_keys(tiebreaks)
        self.awards = award_labels(rows, award_tiers) if award_tiers else {}
        self.columns = (
            Column(gettext_lazy("名次"), 6),
            Column(gettext_lazy("姓名"), 12),
            Column(gettext_lazy("单位"), 16),
            Column(label("points"), 8),
            Column(label("level_diff"), 8, SIGNED),
            *(Column(label(k), 12) for k in self.keys),
            *RECORD_COLUMNS,
            Column(gettext_lazy("缺席"), 6),
            Column(gettext_lazy("犯规"), 6),
            Column(gettext_lazy("名次依据"), 12),
            Column(gettext_lazy("奖项"), 10),
        )

    def rows(self):
        for row in self.rows_:
            player = self.players.get(row.player)
            yield [
                row.rank,
                pair_name(player, row.player),
                player.unit if player else "",
                row.points,
                row.level_diff,
                *(metric_value(row, k) for k in self.keys),
                row.tables,
                row.wins,
                row.draws,
                row.losses,
                row.sit_outs,
                row.forfeits,
                row.fouls,
                decided(row),
                self.awards.get(row.player, ""),
            ]


def individual_standings_section(
    event: EventInfo,
    tiebreaks: Sequence[str],
    rows: Sequence[IndividualStandingRow],
    players: Mapping[int, PrintedPair],
    title: str,
    *,
    with_awards: bool,
    new_page: bool = False,
) -> Section:
    """The players' standings as a printed table (the standings PDF, the round's results)."""
    keys = chain_keys(tiebreaks)
    tiers = award_labels(rows, event.award_tiers) if with_awards else {}
    columns = [
        Col(gettext_noop("名次"), 0.9, "center", bold=True),
        Col(gettext_noop("选手"), 3.4),
        Col(label("points"), 1.1, "center", bold=True),
        Col(label("level_diff"), 1.1, "center"),
        *(Col(label(k), {"last_rounds": 2.2, "lot": 1.6}.get(k, 1.2), "center") for k in keys),
        Col(gettext_noop("场次"), 0.9, "center"),
        Col(gettext_noop("胜/平/负"), 1.4, "center"),
        Col(gettext_noop("轮空"), 0.9, "center"),
        Col(gettext_noop("名次依据"), 1.4, "center"),
    ]
    if with_awards:
        columns.append(Col(gettext_noop("奖项"), 1.2, "center", bold=True))

    def cells(row: IndividualStandingRow) -> list[object]:
        player = players.get(row.player)
        values = [metric_value(row, k) for k in keys]
        out = [
            row.rank,
            Two(pair_name(player, row.player), player.unit if player else ""),
            row.points,
            signed(row.level_diff),
            *("" if v is None else v for v in values),
            row.tables,
            f"{row.wins}/{row.draws}/{row.losses}",
            row.sit_outs or "",
            decided(row),
        ]
        if with_awards:
            out.append(tiers.get(row.player, ""))
        return out

    return Section(
        title,
        columns,
        (cells(r) for r in rows),
        row_height=9 * mm,
        font_size=9.5,
        new_page=new_page,
        note=_("名次依据：") + " → ".join(label(k) for k in tiebreaks),
    )


class IndividualStandingsPdf(ListDocument):
    """成绩公告 of the players' standings (landscape), signed by the chief referee."""

    landscape = True
    signature = True

    def __init__(
        self,
        event: EventInfo,
        tiebreaks: Sequence[str],
        rows: Sequence[IndividualStandingRow],
        players: Mapping[int, PrintedPair],
        *,
        after_round: int | None,
        final: bool,
    ) -> None:
        super().__init__(event)
        self.tiebreaks = tiebreaks
        self.rows = rows
        self.players = players
        self.final = final
        self.title = standings_title(after_round, final)

    def sections(self) -> Iterable[Section]:
        title = _("个人名次：%(title)s") % {"title": self.title}
        yield individual_standings_section(
            self.event, self.tiebreaks, self.rows, self.players, title, with_awards=self.final
        )


class IndividualCertificatePdf(CertificatePdf):
    """One certificate per awarded player: the name, the unit, the place and the tier."""

    def __init__(
        self,
        event: EventInfo,
        awarded: Sequence[tuple[IndividualStandingRow, str]],
        players: Mapping[int, PrintedPair],
        *,
        final: bool = True,
    ) -> None:
        super().__init__(event, [], {}, final=final)
        self.player_awards = awarded
        self.players = players

    def draw(self) -> None:
        if not self.player_awards:
            self.start_page()
            fonts.draw(
                self.canvas, self.width / 2, self.height / 2, _("尚无获奖选手"), 20, align="center"
            )
            self.end_page()
        for row, tier in self.player_awards:
            player = self.players.get(row.player)
            if player is None:
                continue
            self.start_page()
            self.player_certificate(player, row.rank, tier)
            self.end_page()

    def player_certificate(self, player: PrintedPair, rank: int, tier: str) -> None:
        c = self.canvas
        cx, top = self.width / 2, self.height
        self.frame()
        fonts.draw(c, cx, top - 48 * mm, _("荣 誉 证 书"), 44, align="center", bold=True, color=RED)
        fonts.draw(
            c,
            cx,
            top - 76 * mm,
            player.name,
            30,
            align="center",
            bold=True,
            color=DARK,
            max_width=self.text_width,
            min_size=14,
        )
        if player.unit:
            unit = _("（%(unit)s）") % {"unit": player.unit}
            fonts.draw(c, cx, top - 87 * mm, unit, 14, align="center", max_width=self.text_width)
        self.award(top - 103 * mm, rank, tier)
        self.signed(c)
        if not self.final:
            self.not_final_stamp(c)


class IndividualUnitsExport(UnitsExport):
    """单位团体 of an individual event: each unit by its best players' points."""

    columns = (
        Column(gettext_lazy("名次"), 6),
        Column(gettext_lazy("单位"), 20),
        Column(gettext_lazy("得分"), 8),
        Column(gettext_lazy("计分选手数"), 10),
        Column(gettext_lazy("计分选手"), 60),
    )


class IndividualUnitsPdf(UnitsPdf):
    def sections(self) -> Iterable[Section]:
        columns = [
            Col(gettext_noop("名次"), 1, "center", bold=True),
            Col(gettext_noop("单位"), 3, bold=True),
            Col(gettext_noop("得分"), 1, "center", bold=True),
            Col(gettext_noop("选手数"), 1, "center"),
            Col(gettext_noop("计分选手（名次）"), 8),
        ]
        yield Section(
            self.title,
            columns,
            unit_rows(self.units, self.pairs),
            row_height=7 * mm,
            note=_("每个单位计成绩最好的%(k)s名选手的积分") % {"k": self.event.unit_best_k},
        )


def unit_standings(
    rows: Sequence[IndividualStandingRow], players: Mapping[int, PrintedPair], best_k: int
) -> list[UnitRow]:
    """The units ranked by their best ``best_k`` players (:func:`scoring.unit_ranking`, the
    pairs' rule, over the players' rows)."""
    ranked = [SimpleNamespace(pair=r.player, rank=r.rank, points=r.points) for r in rows]
    unit_of = {pid: p.unit for pid, p in players.items() if p.unit}
    return unit_ranking(ranked, unit_of, best_k)
