"""Side slips (选手录入纸条): one slip per side per table, with that side's link and PIN only.

Vocabulary: see :mod:`tournament.results.sides`. The referee cuts the page along
the dashed lines and hands each pair its own slip, so no printed paper ever holds both
sides' codes: one person with one slip can enter a result but cannot confirm it.

Eight slips per A4 page (two columns, four rows, 105 × 74 mm each), in table order, the
East–West slip of a table beside its North–South slip.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm

from tournament.core import qr
from tournament.printing import fonts
from tournament.printing.data import EventInfo
from tournament.printing.pdf import MID_GREY, PdfDocument
from tournament.text.titles import number_title

COLUMNS, ROWS = 2, 4
QR_SIZE = 36 * mm
PAD = 6 * mm
SIDE_TITLES = {"EW": gettext_lazy("东西方"), "NS": gettext_lazy("南北方")}
HOW_TO = (
    gettext_lazy("扫码打开本方录入页：录入成绩，或确认对方录入的成绩。"),
    gettext_lazy("确认时输入本方PIN。本纸条只给本方选手，请勿给对方看。"),
)


@dataclass(frozen=True)
class Slip:
    """What one side's slip shows."""

    table: int
    side: str  # "EW" or "NS"
    pair: str
    url: str
    pin: str


class SideSlipsPdf(PdfDocument):
    header = False
    footer = False
    part_pages = 250
    margin_top = margin_bottom = margin_left = margin_right = 0

    def __init__(self, event: EventInfo, round_number: int, slips: Iterable[Slip]) -> None:
        super().__init__(event)
        self.round_number = round_number
        self.slips = slips
        self.title = _("%(round)s选手录入纸条") % {"round": number_title(round_number)}

    @property
    def slip_w(self) -> float:
        return self.width / COLUMNS

    @property
    def slip_h(self) -> float:
        return self.height / ROWS

    def draw(self) -> None:
        slot = 0
        for slip in self.slips:
            if slot == 0:
                self.page_number += 1
            col, row = slot % COLUMNS, slot // COLUMNS
            self._slip(slip, col * self.slip_w, self.height - (row + 1) * self.slip_h)
            slot += 1
            if slot == COLUMNS * ROWS:
                self._cut_lines()
                self.end_page()
                slot = 0
        if slot:
            self._cut_lines()
            self.end_page()
        if self.page_number == 0:
            fonts.draw(
                self.canvas,
                20 * mm,
                self.height - 30 * mm,
                _("%(round)s没有需要纸条的台") % {"round": number_title(self.round_number)},
                14,
            )
            self.end_page()

    def _cut_lines(self) -> None:
        c = self.canvas
        c.saveState()
        c.setDash(3, 3)
        c.setStrokeColor(MID_GREY)
        c.setLineWidth(0.4)
        for col in range(1, COLUMNS):
            c.line(col * self.slip_w, 0, col * self.slip_w, self.height)
        for row in range(1, ROWS):
            c.line(0, row * self.slip_h, self.width, row * self.slip_h)
        fonts.draw(c, 2 * mm, self.height - 4 * mm, _("沿虚线剪开"), 6, color=MID_GREY)
        c.restoreState()

    def _slip(self, s: Slip, x: float, y: float) -> None:
        """One slip with its lower-left corner at (x, y)."""
        c = self.canvas
        top = y + self.slip_h - PAD
        text_w = self.slip_w - 2 * PAD - QR_SIZE - 3 * mm
        fonts.draw(
            c,
            x + PAD,
            top - 3 * mm,
            f"{self.event.name} · {number_title(self.round_number)}",
            8,
            max_width=text_w,
            min_size=5,
            color=MID_GREY,
        )
        fonts.draw(
            c,
            x + PAD,
            top - 12 * mm,
            _("第 %(n)s 台") % {"n": s.table} + f" · {SIDE_TITLES[s.side]}",
            16,
            bold=True,
            max_width=text_w,
            min_size=9,
        )
        fonts.draw(c, x + PAD, top - 19 * mm, s.pair, 10, max_width=text_w, min_size=6)
        fonts.draw(c, x + PAD, top - 30 * mm, "PIN", 9, color=MID_GREY)
        fonts.draw(c, x + PAD + 9 * mm, top - 30 * mm, s.pin, 20, bold=True)
        for i, line in enumerate(HOW_TO):
            fonts.draw(
                c,
                x + PAD,
                y + PAD + (len(HOW_TO) - 1 - i) * 4 * mm,
                line,
                7,
                max_width=self.slip_w - 2 * PAD,
                min_size=5,
            )
        if s.url:
            left, bottom = x + self.slip_w - PAD - QR_SIZE, top - QR_SIZE
            qr.draw(c, s.url, left, bottom, QR_SIZE)
            # A slip sent as a file (WeChat) opens on the phone it must be scanned with:
            # the code is also a link there. Paper is unchanged.
            c.linkURL(s.url, (left, bottom, left + QR_SIZE, bottom + QR_SIZE), relative=0)


def slips_for(tables: Iterable, pins: dict[int, tuple[str, str]], url: Callable) -> Iterable[Slip]:
    """Two slips per played table: ``url(table, side)`` is the side's entry link."""
    for t in tables:
        if t.is_bye:
            continue
        ew_pin, ns_pin = pins[t.table_id]
        yield Slip(t.table, "EW", t.ew.name, url(t, "EW"), ew_pin)
        yield Slip(t.table, "NS", t.ns.name, url(t, "NS"), ns_pin)
