"""Standings (名次) and unit ranking (单位团体) as rows: one shape for PDF, XLSX and CSV.

A standings row shows the rank, the pair, its points, every tiebreak metric of the event's
chain (docs/rules.md §9) in chain order, the record, which metric separated it from the row
above (名次依据) and its award tier (docs/rules.md §10).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from scoring import METRICS, StandingRow, UnitRow, awards
from tournament.printing.data import EventInfo, PrintedPair
from tournament.printing.pdf import Col, ListDocument, Section, Two
from tournament.printing.tabular import SIGNED, Column, Exporter
from tournament.standings.cells import metric_value  # the one cell function, page and exports
from tournament.text.messages.labels import METRIC_LABELS, STAGE_PLACE_LABELS, metric_label
from tournament.text.titles import listing, number_title

SIGNED_METRICS = {"level_diff"}

# Every standings sheet's record of matches: played, won, drawn, lost, byes.
RECORD_COLUMNS = (
    Column(gettext_lazy("场次"), 6),
    Column(gettext_lazy("胜"), 5),
    Column(gettext_lazy("平"), 5),
    Column(gettext_lazy("负"), 5),
    Column(gettext_lazy("轮空"), 6),
)


def metric_keys(tiebreaks: Sequence[str]) -> list[str]:
    """The chain after ``points`` (points have their own column)."""
    return [key for key in tiebreaks if key != "points" and key in METRICS]


def award_labels(rows: Sequence[StandingRow], tiers) -> dict[object, str]:
    return {row.pair: label for row, label in awards(rows, [tuple(t) for t in tiers])}


def short_label(key: str) -> str:
    """A metric's label without its parenthesis, for narrow PDF columns: 犯规（少者列前） → 犯规."""
    return metric_label(key).split("（")[0]


def pair_name(printed: PrintedPair | None, pair: object) -> str:
    """A pair's name in the standings, with 退赛/取消资格 when it no longer plays."""
    if printed is None:
        return str(pair)
    mark = STATUS_MARKS.get(printed.status)
    return (
        _("%(name)s（%(status)s）") % {"name": printed.name, "status": _(mark)}
        if mark
        else printed.name
    )


STATUS_MARKS = {"withdrawn": gettext_noop("退赛"), "disqualified": gettext_noop("取消资格")}


def decided_label(row: StandingRow) -> str:
    known = row.decided_by in METRICS or row.decided_by in STAGE_PLACE_LABELS
    return metric_label(row.decided_by) if known else ""


class StandingsExport(Exporter):
    """总成绩: one row per pair, best first."""

    def __init__(
        self,
        event: EventInfo,
        rows: Sequence[StandingRow],
        pairs: Mapping[int, PrintedPair],
        *,
        title: str = "",
        with_awards: bool = True,
    ) -> None:
        self.sheet_title = title or _("总成绩")
        self.rows_ = rows
        self.pairs = pairs
        self.keys = metric_keys(event.tiebreaks)
        self.awards = award_labels(rows, event.award_tiers) if with_awards else {}
        metric_cols = [
            Column(METRIC_LABELS[k], 12, SIGNED if k in SIGNED_METRICS else None) for k in self.keys
        ]
        self.columns = (
            Column(gettext_lazy("名次"), 6),
            Column(gettext_lazy("组合"), 20),
            Column(gettext_lazy("单位"), 16),
            Column(gettext_lazy("选手1"), 10),
            Column(gettext_lazy("选手2"), 10),
            Column(gettext_lazy("积分"), 8),
            *metric_cols,
            *RECORD_COLUMNS,
            Column(gettext_lazy("犯规"), 6),
            Column(gettext_lazy("名次依据"), 12),
            Column(gettext_lazy("奖项"), 10),
        )

    def rows(self):
        for row in self.rows_:
            pair = self.pairs.get(row.pair)
            yield [
                row.rank,
                pair_name(pair, row.pair),
                pair.unit if pair else "",
                pair.player(1) if pair else "",
                pair.player(2) if pair else "",
                row.points,
                *(metric_value(row, k) for k in self.keys),
                row.tables,
                row.wins,
                row.draws,
                row.losses,
                row.byes,
                row.fouls,
                decided_label(row),
                self.awards.get(row.pair, ""),
            ]


def standings_section(
    event: EventInfo,
    rows: Sequence[StandingRow],
    pairs: Mapping[int, PrintedPair],
    title: str,
    *,
    with_awards: bool,
    new_page: bool = False,
) -> Section:
    keys = metric_keys(event.tiebreaks)
    labels = award_labels(rows, event.award_tiers) if with_awards else {}
    columns = [
        Col(gettext_noop("名次"), 0.9, "center", bold=True),
        Col(gettext_noop("组合"), 4.2),
        Col(gettext_noop("积分"), 1.1, "center", bold=True),
        *(
            Col(short_label(k), {"last_rounds": 2.2, "lot": 1.6}.get(k, 1.1), "center")
            for k in keys
        ),
        Col(gettext_noop("胜/平/负"), 1.4, "center"),
        Col(gettext_noop("名次依据"), 1.4, "center"),
        Col(gettext_noop("说明"), 1.2, "center"),
    ]
    if with_awards:
        columns.append(Col(gettext_noop("奖项"), 1.2, "center", bold=True))

    def cells(row: StandingRow) -> list[object]:
        pair = pairs.get(row.pair)
        detail = " · ".join(p for p in (pair.unit, pair.players_text) if p) if pair else ""
        values = []
        for k in keys:
            v = metric_value(row, k)
            values.append("" if v is None else f"{v:+d}" if k in SIGNED_METRICS else v)
        out = [
            row.rank,
            Two(pair_name(pair, row.pair), detail),
            row.points,
            *values,
            f"{row.wins}/{row.draws}/{row.losses}",
            decided_label(row),
            _("犯规%(n)s") % {"n": row.fouls} if row.fouls else "",
        ]
        if with_awards:
            out.append(labels.get(row.pair, ""))
        return out

    tie_note = _("名次依据：") + " → ".join(metric_label(k) for k in event.tiebreaks)
    return Section(
        title,
        columns,
        (cells(r) for r in rows),
        row_height=9 * mm,
        font_size=9.5,
        new_page=new_page,
        note=tie_note,
    )


class StandingsPdf(ListDocument):
    """成绩公告 of the standings (landscape: one column per tiebreak), signed by the chief
    referee."""

    landscape = True
    signature = True

    def __init__(
        self,
        event: EventInfo,
        rows: Sequence[StandingRow],
        pairs: Mapping[int, PrintedPair],
        *,
        after_round: int | None,
        final: bool,
    ) -> None:
        super().__init__(event)
        self.rows = rows
        self.pairs = pairs
        self.final = final
        self.title = standings_title(after_round, final)

    def sections(self) -> Iterable[Section]:
        title = _("成绩公告：%(title)s") % {"title": self.title}
        yield standings_section(self.event, self.rows, self.pairs, title, with_awards=self.final)


# -- unit ranking -------------------------------------------------------------------------


def unit_rows(units: Sequence[UnitRow], pairs: Mapping[int, PrintedPair]) -> Iterable[list[object]]:
    for u in units:
        counted = listing(
            _("%(pair)s（第%(r)s名）") % {"pair": pairs[t].name if t in pairs else t, "r": r}
            for t, r in zip(u.pairs, u.ranks, strict=True)
        )
        yield [u.rank, str(u.unit), u.score, len(u.pairs), counted]


class UnitsExport(Exporter):
    sheet_title = gettext_lazy("单位团体")
    columns = (
        Column(gettext_lazy("名次"), 6),
        Column(gettext_lazy("单位"), 20),
        Column(gettext_lazy("得分"), 8),
        Column(gettext_lazy("计分组合数"), 10),
        Column(gettext_lazy("计分组合"), 60),
    )

    def __init__(self, units: Sequence[UnitRow], pairs: Mapping[int, PrintedPair]) -> None:
        self.units = units
        self.pairs = pairs

    def rows(self):
        return unit_rows(self.units, self.pairs)


class UnitsPdf(ListDocument):
    def __init__(
        self, event: EventInfo, units: Sequence[UnitRow], pairs: Mapping[int, PrintedPair]
    ):
        super().__init__(event)
        self.units = units
        self.pairs = pairs
        self.title = _("单位团体成绩")

    def sections(self) -> Iterable[Section]:
        columns = [
            Col(gettext_noop("名次"), 1, "center", bold=True),
            Col(gettext_noop("单位"), 3, bold=True),
            Col(gettext_noop("得分"), 1, "center", bold=True),
            Col(gettext_noop("组合数"), 1, "center"),
            Col(gettext_noop("计分组合（名次）"), 8),
        ]
        yield Section(
            self.title,
            columns,
            unit_rows(self.units, self.pairs),
            row_height=7 * mm,
            note=_("每个单位计成绩最好的%(k)s对组合的积分") % {"k": self.event.unit_best_k},
        )


def standings_title(after_round: int | None, final: bool) -> str:
    """ "第5轮后成绩", or "最终成绩（第7轮后）" for the final standings."""
    after = number_title(after_round or 0)
    if final:
        return _("最终成绩（%(round)s后）") % {"round": after}
    return _("%(round)s后成绩") % {"round": after}
