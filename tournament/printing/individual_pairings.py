"""Table assignments (对阵表) of an individual event's round (个人赛).

By table: the table number, the East–West and the North–South partnership ("甲/乙") with
each player's seat and points before the round; the players who sit out follow. By name
("查找台号"): every player in pinyin order with the table, the seat (东/西/南/北) and the
partner. The sheets (xlsx, csv) carry the same two lists.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from tournament.printing.data import SIDE_LABELS, PrintedPair, PrintedTable, table_sort_key
from tournament.printing.individual_source import SEATS, Seat, side_players
from tournament.printing.pairings import BY_TABLE_TITLE, EW_POINTS_BEFORE, NS_POINTS_BEFORE
from tournament.printing.pdf import Col, ListDocument, Section, Two
from tournament.printing.tabular import Column, Exporter
from tournament.text.titles import listing, number_title


def seated(players: Sequence[PrintedPair], side: str) -> str:
    """ "张三（东）、李四（西）"."""
    return listing(
        _("%(name)s（%(seat)s）") % {"name": p.name, "seat": _(seat)}
        for p, seat in zip(players, SEATS[side], strict=False)
    )


def seat_text(seat: Seat) -> str:
    return _(seat.seat) if seat.table is not None else _("轮空")


class IndividualRound:
    """One round's tables read as players: what both the PDF and the sheets print."""

    def __init__(
        self,
        round_number: int,
        tables: Iterable[PrintedTable],
        people: Mapping[int, tuple[int, ...]],
        players: Mapping[int, PrintedPair],
        seats: Sequence[Seat],
        points: Mapping[int, int],
    ) -> None:
        self.number = round_number
        tables = sorted(tables, key=table_sort_key)
        self.played = [t for t in tables if not t.is_bye]
        self.byes = [t for t in tables if t.is_bye]
        self.people, self.players = people, players
        self.seats = seats
        self.points = points

    def side(self, pair: PrintedPair | None) -> tuple[PrintedPair, ...]:
        return side_players(pair, self.people, self.players)

    def side_points(self, pair: PrintedPair | None) -> str:
        return "/".join(str(self.points.get(p.id, 0)) for p in self.side(pair))

    def sitting_out(self) -> list[PrintedPair]:
        return [p for t in self.byes for p in self.side(t.ew)]


class IndividualPairingsPdf(ListDocument):
    """对阵表 of an individual event: by table, then by player's name (``order``)."""

    def __init__(self, event, data: IndividualRound, order: str = "both") -> None:
        super().__init__(event)
        self.data = data
        self.order = order if order in ("table", "name") else "both"
        self.round_name = number_title(data.number)
        self.title = _("%(round)s对阵表") % {"round": self.round_name}

    def sections(self) -> Iterable[Section]:
        if self.order in ("both", "table"):
            yield from self.by_table()
        if self.order in ("both", "name"):
            yield self.by_name(new_page=self.order == "both")

    def by_table(self) -> Iterable[Section]:
        d = self.data
        columns = [
            Col(gettext_noop("台号"), 1.0, "center", bold=True),
            Col(gettext_noop("东西（东 / 西）"), 5.0),
            Col(gettext_noop("积分"), 1.2, "center"),
            Col(gettext_noop("南北（南 / 北）"), 5.0),
            Col(gettext_noop("积分"), 1.2, "center"),
        ]
        rows = (
            [
                t.table,
                Two(t.ew.name, seated(d.side(t.ew), "EW")),
                d.side_points(t.ew),
                Two(t.ns.name, seated(d.side(t.ns), "NS")) if t.ns else "",
                d.side_points(t.ns),
            ]
            for t in d.played
        )
        yield Section(
            _(BY_TABLE_TITLE) % {"round": self.round_name},
            columns,
            rows,
            row_height=10 * mm,
            font_size=10.5,
            note=_("积分为两位选手本轮开始前各自的积分；括号内为座位"),
        )
        out = d.sitting_out()
        if out:
            yield Section(
                _("本轮轮空的选手"),
                [
                    Col(gettext_noop("选手"), 5.0),
                    Col(gettext_noop("积分"), 1.2, "center"),
                    Col(gettext_noop("说明"), 6.0),
                ],
                ([Two(p.name, p.unit), d.points.get(p.id, 0), _("本轮轮空")] for p in out),
                row_height=10 * mm,
                font_size=10.5,
            )

    def by_name(self, *, new_page: bool) -> Section:
        columns = [
            Col(gettext_noop("选手"), 3.0, bold=True),
            Col(gettext_noop("单位"), 3.0),
            Col(gettext_noop("台号"), 1.0, "center", bold=True),
            Col(gettext_noop("座位"), 1.2, "center", bold=True),
            Col(gettext_noop("搭档"), 3.0),
        ]
        rows = (
            [
                s.player.name,
                s.player.unit,
                s.table if s.table is not None else "—",
                seat_text(s),
                s.partner.name if s.partner else "",
            ]
            for s in self.data.seats
        )
        return Section(
            _("%(round)s查找台号（按选手姓名排序）") % {"round": self.round_name},
            columns,
            rows,
            row_height=6.2 * mm,
            font_size=9.5,
            new_page=new_page,
        )


class IndividualPairingsExport(Exporter):
    """对阵表 as a sheet: one row per table (the four players in their seats), sit-outs last."""

    columns = (
        Column(gettext_lazy("台号"), 6),
        Column(gettext_lazy("东西组合"), 20),
        Column(gettext_lazy("东"), 10),
        Column(gettext_lazy("西"), 10),
        Column(EW_POINTS_BEFORE, 12),
        Column(gettext_lazy("南北组合"), 20),
        Column(gettext_lazy("南"), 10),
        Column(gettext_lazy("北"), 10),
        Column(NS_POINTS_BEFORE, 12),
    )

    def __init__(self, data: IndividualRound) -> None:
        self.sheet_title = _("第%(n)s轮对阵") % {"n": data.number}
        self.data = data

    def rows(self):
        d = self.data
        for t in d.played:
            ew, ns = (*d.side(t.ew), "", ""), (*d.side(t.ns), "", "")
            yield [
                t.table,
                t.ew.name,
                *(getattr(p, "name", p) for p in ew[:2]),
                d.side_points(t.ew),
                t.ns.name if t.ns else "",
                *(getattr(p, "name", p) for p in ns[:2]),
                d.side_points(t.ns),
            ]
        for p in d.sitting_out():
            yield [None, p.name, p.name, "", d.points.get(p.id, 0), _("轮空"), "", "", None]


class IndividualSeatsExport(Exporter):
    """查找台号 as a sheet: every player with the table, the seat and the partner."""

    columns = (
        Column(gettext_lazy("选手"), 12),
        Column(gettext_lazy("单位"), 16),
        Column(gettext_lazy("台号"), 6),
        Column(gettext_lazy("座位"), 6),
        Column(gettext_lazy("方"), 6),
        Column(gettext_lazy("搭档"), 12),
    )

    def __init__(self, data: IndividualRound) -> None:
        self.sheet_title = _("第%(n)s轮查找台号") % {"n": data.number}
        self.data = data

    def rows(self):
        for s in self.data.seats:
            yield [
                s.player.name,
                s.player.unit,
                s.table,
                seat_text(s),
                _(SIDE_LABELS[s.side]) if s.side else "",
                s.partner.name if s.partner else "",
            ]
