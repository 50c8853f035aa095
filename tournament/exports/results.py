"""Round results (成绩公告): every table's final levels and score, then the standings.

A table whose result is not entered yet (or, for the public, whose round is not locked)
shows no levels and no score, only its state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from reportlab.lib.units import mm

from scoring import StandingRow
from tournament.exports.data import STATE_LABELS, EventInfo, Pair, Table, table_sort_key
from tournament.exports.pdf import Col, ListDocument, Section, Two
from tournament.exports.standings import standings_section
from tournament.exports.tabular import SIGNED, Column, Exporter


def _detail(pair: Pair) -> str:
    return " · ".join(p for p in (pair.unit, pair.players_text) if p)


def levels_text(t: Table) -> str:
    if not t.counted or t.is_bye or not (t.ew_level or t.ns_level):
        return ""
    return f"{t.ew_level or '—'} : {t.ns_level or '—'}"


class ResultsPdf(ListDocument):
    """第N轮成绩公告: the round's tables, then the standings after the round."""

    def __init__(self, event: EventInfo, round_number: int, tables: Sequence[Table],
                 standings: Sequence[StandingRow], pairs: Mapping[int, Pair]) -> None:  # fmt: skip
        super().__init__(event)
        self.round_number = round_number
        self.tables = sorted(tables, key=table_sort_key)
        self.standings = standings
        self.pairs = pairs
        self.title = f"第{round_number}轮成绩公告"

    def sections(self) -> Iterable[Section]:
        level_points = self.event.scoring == "match_points"
        columns = [
            Col("台号", 0.9, "center", bold=True),
            Col("东西", 4.0),
            Col("南北", 4.0),
            Col("终局级数", 1.5, "center"),
            Col("级差", 0.9, "center"),
            Col("得分", 1.4, "center", bold=True),
        ]
        if level_points:
            columns.append(Col("级差分", 1.4, "center"))
        columns.append(Col("说明", 2.2))
        yield Section(f"第{self.round_number}轮各台成绩", columns,
                      (self._row(t, level_points) for t in self.tables), row_height=9 * mm)  # fmt: skip
        yield standings_section(
            self.event, self.standings, self.pairs, f"第{self.round_number}轮后排名",
            with_awards=False, new_page=True,
        )  # fmt: skip

    def _row(self, t: Table, level_points: bool) -> list[object]:
        s = t.score
        row: list[object] = [
            t.table if t.table is not None else "—",
            Two(t.ew.name, _detail(t.ew)),
            Two(t.ns.name, _detail(t.ns)) if t.ns else "轮空",
            levels_text(t),
            s.level_difference if s and levels_text(t) else "",
            f"{s.ew_points} : {s.ns_points}" if s and t.ns else (s.ew_points if s else ""),
        ]
        if level_points:
            row.append(f"{s.ew_level_points:+d} : {s.ns_level_points:+d}" if s and t.ns else "")
        note = t.result_note() if t.counted else STATE_LABELS.get(t.state, t.state)
        row.append(note)
        return row


class ResultsExport(Exporter):
    """第N轮成绩 as a sheet (also one sheet per round of the whole-event workbook; the sheet
    or file name carries the round)."""

    columns = (
        Column("台号", 6), Column("东西组合", 20), Column("东西单位", 16),
        Column("东西选手", 20), Column("南北组合", 20), Column("南北单位", 16),
        Column("南北选手", 20), Column("东西级数", 8), Column("南北级数", 8), Column("级差", 6),
        Column("弃权/判负", 16), Column("东西犯规", 8), Column("南北犯规", 8),
        Column("东西得分", 8), Column("南北得分", 8), Column("东西级差分", 10, SIGNED),
        Column("南北级差分", 10, SIGNED), Column("状态", 10),
    )  # fmt: skip

    def __init__(self, round_number: int, tables: Iterable[Table]) -> None:
        self.sheet_title = f"第{round_number}轮"
        self.tables = tables

    def rows(self):
        for t in self.tables:
            yield result_cells(t)


def result_cells(t: Table) -> list[object]:
    s = t.score if t.counted else None
    ns = t.ns
    return [
        t.table,
        t.ew.name,
        t.ew.unit,
        t.ew.players_text,
        ns.name if ns else "轮空",
        ns.unit if ns else "",
        ns.players_text if ns else "",
        t.ew_level or None,
        t.ns_level or None,
        s.level_difference if s and t.ew_level and t.ns_level else None,
        t.result_note() if t.forfeit or t.defeat_side else None,
        t.ew_fouls,
        t.ns_fouls if ns else None,
        s.ew_points if s else None,
        s.ns_points if s and ns else None,
        s.ew_level_points if s else None,
        s.ns_level_points if s and ns else None,
        "轮空" if t.is_bye else STATE_LABELS.get(t.state, t.state),
    ]
