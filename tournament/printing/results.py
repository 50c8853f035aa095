"""Round results (成绩公告): every table's final levels and score, then the standings.

A table whose result is not entered yet (or, for the public, whose round is not locked)
shows no levels and no score, only its state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm

from rules import RuleSet
from scoring import StandingRow
from tournament.printing.data import (
    SIDE_LABELS,
    STATE_LABELS,
    EventInfo,
    PrintedPair,
    PrintedTable,
    level_text,
    table_sort_key,
)
from tournament.printing.deallines import kind_label, table_fouls
from tournament.printing.pdf import Col, ListDocument, Section, Two
from tournament.printing.standings import standings_section
from tournament.printing.tabular import SIGNED, Column, Exporter
from tournament.results.results_spreadsheet import HEADERS as RESULT_HEADERS
from tournament.results.results_spreadsheet import PAIR_NAME_HEADERS
from tournament.text.titles import number_title, table_title


def _detail(pair: PrintedPair) -> str:
    return " · ".join(p for p in (pair.unit, pair.players_text) if p)


def levels_text(t: PrintedTable) -> str:
    if not t.counted or t.is_bye or not (t.ew_level or t.ns_level):
        return ""
    return f"{level_text(t.ew_level) or '—'} : {level_text(t.ns_level) or '—'}"


def fouls_text(t: PrintedTable, rules: RuleSet | None = None) -> str:
    """The table's warnings and fouls in words: "东西犯规1 南北警告2" ("" without any)."""
    parts = []
    lines = table_fouls(rules, t.fouls, t.deals)
    for side, counted in (("EW", t.ew_fouls), ("NS", t.ns_fouls)):
        warnings = sum(1 for f in lines if f.side == side and f.severity == "warning")
        fouls = max(counted, sum(1 for f in lines if f.side == side and f.severity == "foul"))
        label = _(SIDE_LABELS[side])
        if fouls:
            parts.append(_("%(side)s犯规%(n)s") % {"side": label, "n": fouls})
        if warnings:
            parts.append(_("%(side)s警告%(n)s") % {"side": label, "n": warnings})
    return " ".join(parts)


class ResultsPdf(ListDocument):
    """第N轮成绩公告: the round's tables, then the standings after the round, and the chief
    referee's signature. Landscape, so that names and units fit at full size."""

    landscape = True
    signature = True

    def __init__(
        self,
        event: EventInfo,
        round_number: int,
        tables: Sequence[PrintedTable],
        standings: Sequence[StandingRow],
        pairs: Mapping[int, PrintedPair],
        *,
        round_name: str = "",
        bracket_size: int = 0,
        rules: RuleSet | None = None,
    ) -> None:
        self.rules = rules
        super().__init__(event)
        self.round_number = round_number
        self.tables = sorted(tables, key=table_sort_key)
        self.standings = standings
        self.pairs = pairs
        self.round_name = round_name or number_title(round_number)
        self.bracket_size = bracket_size
        self.title = _("%(round)s成绩公告") % {"round": self.round_name}

    def sections(self) -> Iterable[Section]:
        level_points = self.event.scoring == "match_points"
        columns = [
            Col(_("台号"), 0.9, "center", bold=True),
            Col(_("东西"), 4.0),
            Col(_("南北"), 4.0),
            Col(_("终局级数"), 1.5, "center"),
            Col(_("级差"), 0.9, "center"),
            Col(_("得分"), 1.4, "center", bold=True),
        ]
        if level_points:
            columns.append(Col(_("级差分"), 1.4, "center"))
        columns.append(Col(_("说明"), 3.0))
        title = _("%(round)s各台成绩") % {"round": self.round_name}
        yield Section(
            title, columns, (self._row(t, level_points) for t in self.tables), row_height=9 * mm
        )
        yield standings_section(
            self.event,
            self.standings,
            self.pairs,
            _("%(round)s后排名") % {"round": number_title(self.round_number)},
            with_awards=False,
            new_page=True,
        )

    def _row(self, t: PrintedTable, level_points: bool) -> list[object]:
        s = t.score
        row: list[object] = [
            t.table if t.table is not None else "—",
            Two(t.ew.name, _detail(t.ew)),
            Two(t.ns.name, _detail(t.ns)) if t.ns else _("轮空"),
            levels_text(t),
            s.level_difference if s and levels_text(t) else "",
            f"{s.ew_points} : {s.ns_points}" if s and t.ns else (s.ew_points if s else ""),
        ]
        if level_points:
            row.append(f"{s.ew_level_points:+d} : {s.ns_level_points:+d}" if s and t.ns else "")
        state = _(STATE_LABELS[t.state]) if t.state in STATE_LABELS else t.state
        notes = [
            table_title(t.bracket_id, self.bracket_size),
            t.result_note() if t.counted else state,
            fouls_text(t, self.rules),
        ]
        row.append(" ".join(n for n in notes if n))
        return row


class ResultsExport(Exporter):
    """第N轮成绩 as a sheet (also one sheet per round of the whole-event workbook; the sheet
    or file name carries the round)."""

    columns = (
        Column(gettext_lazy("台号"), 6),
        Column(gettext_lazy("东西组合"), 20),
        Column(gettext_lazy("东西单位"), 16),
        Column(gettext_lazy("东西选手"), 20),
        Column(gettext_lazy("南北组合"), 20),
        Column(gettext_lazy("南北单位"), 16),
        Column(gettext_lazy("南北选手"), 20),
        Column(gettext_lazy("东西级数"), 8),
        Column(gettext_lazy("南北级数"), 8),
        Column(gettext_lazy("级差"), 6),
        Column(gettext_lazy("弃权/判负"), 16),
        Column(gettext_lazy("东西犯规"), 8),
        Column(gettext_lazy("南北犯规"), 8),
        Column(gettext_lazy("东西得分"), 8),
        Column(gettext_lazy("南北得分"), 8),
        Column(gettext_lazy("东西级差分"), 10, SIGNED),
        Column(gettext_lazy("南北级差分"), 10, SIGNED),
        Column(gettext_lazy("状态"), 10),
    )

    def __init__(self, round_number: int, tables: Iterable[PrintedTable], title: str | None = None):
        self.sheet_title = title or number_title(round_number)
        self.tables = tables

    def rows(self):
        for t in self.tables:
            yield result_cells(t)


class FoulLogExport(Exporter):
    """犯规记录: every warning and foul of the event (foul log and deal sheets), one a row.

    :meth:`collect` passes a round's tables through while noting their fouls, so the
    workbook reads the matches once."""

    columns = (
        Column(gettext_lazy("轮次"), 6),
        Column(gettext_lazy("台号"), 6),
        Column(gettext_lazy("方"), 6),
        Column(gettext_lazy("组合"), 20),
        Column(gettext_lazy("第几副"), 7),
        Column(gettext_lazy("类型"), 14),
        Column(gettext_lazy("警告/犯规"), 10),
        Column(gettext_lazy("级数处罚"), 9),
        Column(gettext_lazy("裁判"), 12),
        Column(gettext_lazy("备注"), 30),
    )

    def __init__(self, rules: RuleSet | None = None) -> None:
        self.sheet_title = _("犯规记录")
        self.columns = tuple(Column(str(c.title), c.width) for c in FoulLogExport.columns)
        self.rules = rules
        self.lines: list[list[object]] = []

    def collect(self, tables: Iterable[PrintedTable]) -> Iterator[PrintedTable]:
        for t in tables:
            for f in table_fouls(self.rules, t.fouls, t.deals):
                pair = t.ew if f.side == "EW" or t.ns is None else t.ns
                severity = _("警告") if f.severity == "warning" else _("犯规")
                self.lines.append(
                    [
                        t.round,
                        t.table,
                        _(SIDE_LABELS[f.side]),
                        pair.name,
                        f.deal,
                        kind_label(f.kind),
                        severity,
                        f.levels or None,
                        f.referee,
                        f.remark,
                    ]
                )
            yield t

    def rows(self):
        return self.lines


class ClerkSpreadsheetExport(Exporter):
    """成绩录入表: a blank results sheet for one round, one row per table, in the columns
    :mod:`tournament.results.results_spreadsheet` reads (its first header of each field), so a clerk
    types the paper sheets in and ``import_results`` takes the file back as it is.

    Each row names both pairs of its table, with their draw numbers, so the clerk checks
    the paper against the row; the importer compares the draw numbers (a shifted row is
    refused) and does not read the names. 到时 is ticked for a match ended by time."""

    RESULT_KEYS = ("ew", "ns", "ew_fouls", "ns_fouls", "forfeit", "at_time")

    def __init__(
        self,
        round_title: str,
        tables: Iterable[PrintedTable],
        *,
        pass_column: bool = False,
        decider_column: bool = False,
    ) -> None:
        """``pass_column``: the 过A方式 column, for an event scored 100+ (which counts how a
        pass of A was won); the other systems do not need it. ``decider_column``: 加赛胜方,
        for a knockout round (a table drawn at time is decided by a play-off)."""
        self.sheet_title = _("%(round)s成绩录入表") % {"round": round_title}
        # The importer's own headers, never translated: it reads these words.
        keys = self.RESULT_KEYS + (("pass_how",) if pass_column else ())
        keys += ("decider",) if decider_column else ()
        self.columns = (
            Column(RESULT_HEADERS["table"][0], 6),
            Column(RESULT_HEADERS["ew_draw"][0], 10),
            Column(PAIR_NAME_HEADERS[0], 28),
            Column(RESULT_HEADERS["ns_draw"][0], 10),
            Column(PAIR_NAME_HEADERS[1], 28),
            *(Column(RESULT_HEADERS[key][0], 9) for key in keys),
        )
        self.tables = tables

    def rows(self):
        blanks = [None] * (len(self.columns) - 5)
        for t in sorted(self.tables, key=table_sort_key):
            if not t.is_bye:
                pairs = [t.ew.draw_number, pair_text(t.ew), t.ns.draw_number, pair_text(t.ns)]
                yield [t.table, *pairs, *blanks]


def pair_text(pair: PrintedPair) -> str:
    """A pair as the clerk's sheet names it: 队名（甲、乙）."""
    players = pair.players_text
    return (
        _("%(name)s（%(players)s）") % {"name": pair.name, "players": players}
        if players
        else pair.name
    )


def result_cells(t: PrintedTable) -> list[object]:
    s = t.score if t.counted else None
    ns = t.ns
    return [
        t.table,
        t.ew.name,
        t.ew.unit,
        t.ew.players_text,
        ns.name if ns else _("轮空"),
        ns.unit if ns else "",
        ns.players_text if ns else "",
        t.ew_level or None,
        t.ns_level or None,
        s.level_difference if s and t.ew_level and t.ns_level else None,
        t.result_note() or None,
        t.ew_fouls,
        t.ns_fouls if ns else None,
        s.ew_points if s else None,
        s.ns_points if s and ns else None,
        s.ew_level_points if s else None,
        s.ns_level_points if s and ns else None,
        _("轮空") if t.is_bye else _(STATE_LABELS[t.state]) if t.state in STATE_LABELS else t.state,
    ]
