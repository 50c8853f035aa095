"""Score sheets (比赛记录表), one per table: what the referee and the players fill in.

A sheet shows the event, round, table and time limit; both pairs with unit, players and
seats (the EW pair sits 东/西, the NS pair 南/北: player 1 East or South, player 2 West or
North); a level track 2…A, 过A per side to strike through after every deal (RULES.md §12);
the deal table (deal, level played, finishing order, upgrade, levels after the deal);
warning and foul boxes and a foul record; final levels, level difference and score in the
event's system; signatures of both pairs and the referee. The players' entry codes are NOT
on the sheet (one sheet must never hold both): each side gets its own slip
(:mod:`tournament.exports.slips`). A table whose deals or result were already entered is
printed with them filled in.

Speed and memory: everything that is the same on every sheet of a round is drawn once into
a PDF form (XObject, :mod:`~tournament.exports.sheetlayout`) and placed on each page; a page
adds only its names and QR codes. Pages go to the canvas one by one (see
:mod:`tournament.exports.pdf`), so 2,500 sheets take seconds and little memory.

Two sheets per page: the A4 portrait sheet scaled by 1/√2 is exactly A5, so two fit side by
side on landscape A4, with a cut line between them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from reportlab.lib import colors
from reportlab.lib.units import mm

from rules import RuleSet
from tournament.exports import fonts
from tournament.exports.data import SIDE_LABELS, EventInfo, Pair, Table
from tournament.exports.deallines import DealLine, deal_lines
from tournament.exports.pdf import MID_GREY, RED, PdfDocument
from tournament.exports.sheetlayout import (
    DEAL_COLUMNS,
    FORM,
    PORTRAIT_H,
    PORTRAIT_W,
    L,
    Layout,
    R,
    column_x,
    draw_form,
    y,
)

EntryUrl = Callable[[Table, str], str | None]
"""(table, "EW" or "NS") → the absolute URL of that pair's entry link, or None."""


class ScoreSheetPdf(PdfDocument):
    header = False
    footer = False
    part_pages = 250
    layout = Layout()

    def __init__(
        self,
        event: EventInfo,
        round_number: int,
        tables: Iterable[Table],
        *,
        per_page: int = 1,
        entry_url: EntryUrl | None = None,
        rules: RuleSet | None = None,
    ) -> None:
        super().__init__(event)
        self.round_number = round_number
        self.tables = tables
        self.per_page = 2 if per_page == 2 else 1
        self.landscape = self.per_page == 2
        self.entry_url = entry_url if event.table_entry else None
        self.rules = rules
        self.title = f"第{round_number}轮比赛记录表"
        self.sheets = 0

    def begin_canvas(self) -> None:
        c = self.canvas
        # The form's box is the portrait sheet, whatever the page orientation (two per page).
        c.beginForm(FORM, 0, 0, PORTRAIT_W, PORTRAIT_H)
        draw_form(c, self.event, self.round_number, self.layout)
        c.endForm()

    def draw(self) -> None:
        slot = 0
        scale = min(self.width / 2 / PORTRAIT_W, self.height / PORTRAIT_H)
        for table in self.tables:
            if table.is_bye:
                continue
            self.sheets += 1
            if self.per_page == 1:
                self.page_number += 1
                self.sheet(table)
                self.end_page()
                continue
            if slot == 0:
                self.page_number += 1
            c = self.canvas
            c.saveState()
            c.translate(slot * self.width / 2, (self.height - PORTRAIT_H * scale) / 2)
            c.scale(scale, scale)
            self.sheet(table)
            c.restoreState()
            slot += 1
            if slot == 2:
                self._cut_line()
                self.end_page()
                slot = 0
        if slot:
            self._cut_line()
            self.end_page()
        if self.sheets == 0:
            message = f"第{self.round_number}轮没有需要记录表的台"
            fonts.draw(self.canvas, L, self.height - 30 * mm, message, 14)
            self.end_page()

    def _cut_line(self) -> None:
        c = self.canvas
        c.saveState()
        c.setDash(3, 3)
        c.setStrokeColor(MID_GREY)
        c.setLineWidth(0.4)
        c.line(self.width / 2, 5 * mm, self.width / 2, self.height - 5 * mm)
        c.restoreState()

    # -- the parts that change from table to table -----------------------------------------
    def sheet(self, t: Table) -> None:
        assert t.ns is not None
        c = self.canvas
        c.doForm(FORM)
        fonts.draw(c, R - 19 * mm, y(23.5), f"第 {t.table} 台", 20, align="center", bold=True,
                   max_width=36 * mm)  # fmt: skip
        self._pair(t, t.ew, "EW")
        self._pair(t, t.ns, "NS")
        if self.rules is not None and t.deals:
            self._deals(deal_lines(self.rules, t.deals))
        if t.counted:
            self._result(t)
        fonts.draw(c, L, y(291), f"{self.event.name} · 第{self.round_number}轮 第{t.table}台 · "
                   f"打印于 {self.event.printed_at}", 7, color=MID_GREY)  # fmt: skip

    def _pair(self, t: Table, pair: Pair, side: str) -> None:
        c = self.canvas
        lay = self.layout
        x = lay.box_x(side)
        top = lay.box_top
        text_w = (lay.box_w - 6) * mm
        fonts.draw(c, x + 3 * mm, y(top + 13.5), pair.name, 13, bold=True, max_width=text_w,
                   min_size=8)  # fmt: skip
        fonts.draw(c, x + 3 * mm, y(top + 19.5), f"单位：{pair.unit or '—'}", 9,
                   max_width=text_w, min_size=6)  # fmt: skip
        for position, top_mm in ((1, top + 26.5), (2, top + 33)):
            fonts.draw(c, x + 11 * mm, y(top_mm), pair.player(position), 12,
                       max_width=text_w - 8 * mm, min_size=7)  # fmt: skip

    def _deals(self, lines: list[DealLine]) -> None:
        c = self.canvas
        lay = self.layout
        xs = column_x(DEAL_COLUMNS)
        for i, line in enumerate(lines[: lay.deal_rows]):
            base = y(lay.deal_top + lay.deal_head_h + (i + 1) * lay.deal_row_h - 1.7)
            cells = [str(line.number or ""), line.played, *(line.places or ("",) * 4),
                     line.winner, line.upgrade, line.ew, line.ns, line.note]  # fmt: skip
            for (x0, w), text in zip(xs, cells, strict=True):
                wide = w > 30 * mm
                fonts.draw(c, x0 + 1.2 * mm if wide else x0 + w / 2, base, text, 8.5,
                           align="left" if wide else "center", max_width=w - 2 * mm,
                           min_size=5)  # fmt: skip
        if len(lines) > lay.deal_rows:
            fonts.draw(c, R, y(lay.deal_top - 2), f"共{len(lines)}行记录，此处只列前{lay.deal_rows}行",
                       7.5, align="right", color=colors.red)  # fmt: skip

    def _result(self, t: Table) -> None:
        c = self.canvas
        lay = self.layout
        s = t.score
        values = {
            "ew_level": t.ew_level,
            "ns_level": t.ns_level,
            "diff": str(s.level_difference) if s and t.ew_level and t.ns_level else "",
            "winner": winner_text(t),
        }
        for key, x in lay.result_boxes().items():
            fonts.draw(c, (x + 8) * mm, y(lay.result_top + 5.3), values[key], 11,
                       align="center", max_width=15 * mm)  # fmt: skip
        if t.result_note():
            fonts.draw(c, R, y(lay.result_top - 2), t.result_note(), 10, align="right", bold=True,
                       color=RED)  # fmt: skip
        if s is None:
            return
        points = {"ew_points": s.ew_points, "ns_points": s.ns_points,
                  "ew_lp": f"{s.ew_level_points:+d}", "ns_lp": f"{s.ns_level_points:+d}"}  # fmt: skip
        for key, x in lay.points_boxes(self.event.scoring).items():
            fonts.draw(c, (x + 8) * mm, y(lay.points_top + 5.3), str(points[key]), 11,
                       align="center", max_width=15 * mm)  # fmt: skip


def winner_text(t: Table) -> str:
    """东西 / 南北 / 平局 from the score ("" without one)."""
    s = t.score
    if s is None:
        return ""
    if s.ew_outcome == "win":
        return SIDE_LABELS["EW"]
    if s.ns_outcome == "win":
        return SIDE_LABELS["NS"]
    return "平局" if s.ew_outcome == "draw" else ""
