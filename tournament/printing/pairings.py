"""Table assignments (对阵表) of one round: by table, and by pair name ("find your table").

The by-table list gives each table's East–West and North–South pairs with unit, players and
points before the round; byes follow. The by-name list is in pinyin order of the pair name
(how Chinese lists are sorted) with the table, the seat and the opponent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from tournament.printing.data import PrintedPair, PrintedTable, table_sort_key
from tournament.printing.deallines import short_side
from tournament.printing.pdf import Col, ListDocument, Section, Two
from tournament.printing.tabular import Column, Exporter
from tournament.text.pinyin import name_sort_key
from tournament.text.titles import number_title

ORDERS = ("both", "table", "name", "match")
"""``match``: a team event's list by team match alone (a pairs event prints its by-table
list); ``both`` is then by team match and by name."""


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One pair's line in the "find your table" list."""

    pair: PrintedPair
    table: int | None
    seat: str
    opponent: PrintedPair | None


# Said by the pairs' and the individuals' pairings alike (tournament.printing.individual_pairings).
BY_TABLE_TITLE = gettext_noop("%(round)s对阵表（按台号）")
EW_POINTS_BEFORE = gettext_lazy("东西赛前积分")
NS_POINTS_BEFORE = gettext_lazy("南北赛前积分")


def seat_lines(tables: Iterable[PrintedTable]) -> list[SeatLine]:
    """Every pair of the round once, in pinyin order of its name."""
    lines = []
    for t in tables:
        # The seat column is narrow: the short side names ("North–South" was cut).
        seat = _("轮空") if t.is_bye else short_side("EW")
        lines.append(SeatLine(t.ew, t.table, seat, t.ns))
        if t.ns is not None:
            lines.append(SeatLine(t.ns, t.table, short_side("NS"), t.ew))
    lines.sort(key=lambda line: (name_sort_key(line.pair.name), line.pair.name))
    return lines


def pair_detail(pair: PrintedPair) -> str:
    """Unit and players on one line: "江苏队 · 张三、李四"."""
    return " · ".join(part for part in (pair.unit, pair.players_text) if part)


class PairingsPdf(ListDocument):
    """对阵表: the by-table list, the by-name list, or both (each from a new page)."""

    def __init__(
        self,
        event,
        round_number: int,
        tables: Sequence[PrintedTable],
        points: Mapping[int, int],
        order: str = "both",
    ) -> None:
        super().__init__(event)
        self.round_number = round_number
        self.tables = sorted(tables, key=table_sort_key)
        self.points = points
        self.order = order if order in ORDERS else "both"
        if self.order == "match":
            self.order = "table"  # a pairs event's matches are its tables
        self.round_name = number_title(round_number)
        self.title = _("%(round)s对阵表") % {"round": self.round_name}

    def sections(self) -> Iterable[Section]:
        if self.order in ("both", "table"):
            yield from self.by_table()
        if self.order in ("both", "name"):
            yield self.by_name(new_page=self.order == "both")

    def by_table(self) -> Iterable[Section]:
        columns = [
            Col(gettext_noop("台号"), 1.0, "center", bold=True),
            Col(gettext_noop("东西（东 / 西）"), 5.0),
            Col(gettext_noop("积分"), 1.0, "center"),
            Col(gettext_noop("南北（南 / 北）"), 5.0),
            Col(gettext_noop("积分"), 1.0, "center"),
        ]
        played = [t for t in self.tables if not t.is_bye]
        byes = [t for t in self.tables if t.is_bye]
        yield Section(
            _(BY_TABLE_TITLE) % {"round": self.round_name},
            columns,
            (self._table_row(t) for t in played),
            row_height=10 * mm,
            font_size=10.5,
            note=_(
                "积分为本轮开始前的积分；东西组合选手1坐东、选手2坐西，南北组合选手1坐南、选手2坐北"
            ),
        )
        if byes:
            yield Section(
                _("轮空"),
                [
                    Col(gettext_noop("组合"), 5.0),
                    Col(gettext_noop("积分"), 1.0, "center"),
                    Col(gettext_noop("说明"), 6.0),
                ],
                (
                    (Two(t.ew.name, pair_detail(t.ew)), self.points.get(t.ew.id, 0), _("本轮轮空"))
                    for t in byes
                ),
                row_height=10 * mm,
                font_size=10.5,
            )

    def _table_row(self, t: PrintedTable) -> list[object]:
        assert t.ns is not None
        return [
            t.table,
            Two(t.ew.name, pair_detail(t.ew)),
            self.points.get(t.ew.id, 0),
            Two(t.ns.name, pair_detail(t.ns)),
            self.points.get(t.ns.id, 0),
        ]

    def by_name(self, *, new_page: bool) -> Section:
        columns = [
            Col(gettext_noop("组合"), 3.2, bold=True),
            Col(gettext_noop("单位"), 2.4),
            Col(gettext_noop("选手"), 3.0),
            Col(gettext_noop("台号"), 1.0, "center", bold=True),
            Col(gettext_noop("座位"), 1.0, "center"),
            Col(gettext_noop("对手"), 3.2),
        ]
        rows = (
            [
                line.pair.name,
                line.pair.unit,
                line.pair.players_text,
                line.table if line.table is not None else "—",
                line.seat,
                line.opponent.name if line.opponent else "",
            ]
            for line in seat_lines(self.tables)
        )
        return Section(
            _("%(round)s查找台号（按组合名称排序）") % {"round": self.round_name},
            columns,
            rows,
            row_height=6.2 * mm,
            font_size=9.5,
            new_page=new_page,
        )


class PairingsExport(Exporter):
    """对阵表 as a sheet: one row per table, byes last."""

    columns = (
        Column(gettext_lazy("台号"), 6),
        Column(gettext_lazy("东西组合"), 20),
        Column(gettext_lazy("东西单位"), 16),
        Column(gettext_lazy("东西选手"), 20),
        Column(EW_POINTS_BEFORE, 10),
        Column(gettext_lazy("南北组合"), 20),
        Column(gettext_lazy("南北单位"), 16),
        Column(gettext_lazy("南北选手"), 20),
        Column(NS_POINTS_BEFORE, 10),
    )

    def __init__(
        self, round_number: int, tables: Iterable[PrintedTable], points: Mapping[int, int]
    ):
        self.sheet_title = _("第%(n)s轮对阵") % {"n": round_number}
        self.tables = tables
        self.points = points

    def rows(self):
        for t in sorted(self.tables, key=table_sort_key):
            ns = t.ns
            yield [
                t.table,
                t.ew.name,
                t.ew.unit,
                t.ew.players_text,
                self.points.get(t.ew.id, 0),
                ns.name if ns else _("轮空"),
                ns.unit if ns else "",
                ns.players_text if ns else "",
                self.points.get(ns.id, 0) if ns else None,
            ]
