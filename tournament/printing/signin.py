"""The registration list (报名名单) and the sign-in sheet (签到表).

The sign-in sheet lists the pairs still in the event in pinyin order, with room for each
player's signature; the registration list (XLSX/CSV) holds every registered pair with its
status and phone numbers, for the organizer's records.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from tournament.core.qr import draw as draw_qr
from tournament.printing.data import EventInfo, PrintedPair
from tournament.printing.pdf import Col, ListDocument, Section
from tournament.printing.tabular import Column, Exporter
from tournament.text.pinyin import name_sort_key

STATUS_LABELS = {
    "active": gettext_noop("参赛"),
    "withdrawn": gettext_noop("退赛"),
    "disqualified": gettext_noop("取消资格"),
}


def by_pinyin(pairs: Iterable[PrintedPair]) -> list[PrintedPair]:
    return sorted(pairs, key=lambda p: (name_sort_key(p.name), p.name))


@dataclass(frozen=True)
class QrCell:
    """A cell holding a QR code of ``text`` (the pair's check-in link)."""

    text: str


class SigninPdf(ListDocument):
    """The sign-in sheet; with ``checkin_url`` (pair id → link) each row carries the pair's
    check-in QR, which the check-in desk scans (检录)."""

    title = "签到表"  # msgid; translated in __init__
    grid = True  # ruled boxes: each signature has its own place
    zebra = False

    def __init__(
        self,
        event: EventInfo,
        pairs: Sequence[PrintedPair],
        checkin_url: Callable[[int], str] | None = None,
    ) -> None:
        super().__init__(event)
        self.title = _("签到表")
        self.pairs = by_pinyin(p for p in pairs if p.status == "active")
        self.checkin_url = checkin_url

    def _cell(self, value, x, y, w, h, size, align, bold) -> None:
        if isinstance(value, QrCell):
            side = h - 2.5 * mm  # centred, with a quiet margin a phone camera needs
            draw_qr(self.canvas, value.text, x + (w - side) / 2, y - h + 1.25 * mm, side)
            return
        super()._cell(value, x, y, w, h, size, align, bold)

    def sections(self) -> Iterable[Section]:
        columns = [
            Col(gettext_noop("序号"), 0.8, "center"),
            Col(gettext_noop("抽签号"), 1.0, "center"),
            Col(gettext_noop("组合"), 3.0, bold=True),
            Col(gettext_noop("单位"), 2.6),
            Col(gettext_noop("选手1"), 1.8),
            Col(gettext_noop("签名"), 2.2),
            Col(gettext_noop("选手2"), 1.8),
            Col(gettext_noop("签名"), 2.2),
        ]
        rows = [
            [i, p.draw_number or "", p.name, p.unit, p.player(1), "", p.player(2), ""]
            for i, p in enumerate(self.pairs, start=1)
        ]
        height = 9.5 * mm
        if self.checkin_url is not None:
            columns.append(Col(gettext_noop("检录码"), 1.4, "center"))
            for row, pair in zip(rows, self.pairs, strict=True):
                row.append(QrCell(self.checkin_url(pair.id)))
            height = 14 * mm  # a 12.5 mm code: modules of about 0.4 mm, read by a phone
        title = _("签到表（共%(n)s对，按组合名称排序）") % {"n": len(self.pairs)}
        yield Section(title, columns, rows, row_height=height, font_size=10, note=self.event.dates)


class RegistrationExport(Exporter):
    """The registration list; with ``fees`` (pair id → fee label) a fee column and, after
    the pairs, the ``totals`` lines (label, value) of :mod:`tournament.signup.fees`."""

    sheet_title = gettext_lazy("报名名单")
    columns = (
        Column(gettext_lazy("序号"), 6),
        Column(gettext_lazy("抽签号"), 8),
        Column(gettext_lazy("组合"), 20),
        Column(gettext_lazy("单位"), 18),
        Column(gettext_lazy("选手1"), 10),
        Column(gettext_lazy("电话1"), 14),
        Column(gettext_lazy("选手2"), 10),
        Column(gettext_lazy("电话2"), 14),
        Column(gettext_lazy("状态"), 8),
    )

    def __init__(
        self,
        pairs: Iterable[PrintedPair],
        fees: dict[int, str] | None = None,
        totals: Sequence[tuple[str, object]] = (),
    ) -> None:
        self.pairs = by_pinyin(pairs)
        self.fees, self.totals = fees, totals
        if fees is not None:
            self.columns = (*self.columns, Column("报名费", 10))

    def rows(self):
        for i, p in enumerate(self.pairs, start=1):
            phones = (*p.phones, "", "")
            row = [
                i,
                p.draw_number,
                p.name,
                p.unit,
                p.player(1),
                phones[0],
                p.player(2),
                phones[1],
                _(STATUS_LABELS[p.status]) if p.status in STATUS_LABELS else p.status,
            ]
            if self.fees is not None:
                row.append(self.fees.get(p.id, ""))
            yield row
        if self.totals:
            yield []
        for label, value in self.totals:
            yield [label, value]
