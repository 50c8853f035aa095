"""Score sheets (比赛记录表), one per table: what the referee and the players fill in.

A sheet shows the event, round, table and time limit; both pairs with unit, players and
seats (the EW pair sits 东/西, the NS pair 南/北: player 1 East or South, player 2 West or
North); a level track 2…A, 过A per side to strike through after every deal (docs/rules.md §12);
the deal table (deal, level played, finishing order, upgrade, levels after the deal);
warning and foul boxes and a foul record; final levels, level difference and score in the
event's system; signatures of both pairs and the referee. The players' entry codes are NOT
on the sheet (one sheet must never hold both): each side gets its own slip
(:mod:`tournament.printing.slips`). A table whose deals or result were already entered is
printed with them filled in.

Speed and memory: everything that is the same on every sheet of a round is drawn once into
a PDF form (XObject, :mod:`~tournament.printing.scoresheet_layout`) and placed on each page; a page
adds only its names and QR codes. Pages go to the canvas one by one (see
:mod:`tournament.printing.pdf`), so 2,500 sheets take seconds and little memory.

Two sheets per page: the A4 portrait sheet scaled by 1/√2 is exactly A5, so two fit side by
side on landscape A4, with a cut line between them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm

from rules import RuleSet
from tournament.printing import fonts
from tournament.printing.data import EventInfo, PrintedPair, PrintedTable, level_text
from tournament.printing.deallines import (
    DealLine,
    deal_lines,
    kind_label,
    short_side,
    table_fouls,
)
from tournament.printing.pdf import MID_GREY, RED, PdfDocument
from tournament.printing.scoresheet_layout import (
    DEAL_COLUMNS,
    FORM,
    FOUL_BOXES,
    FOUL_COLUMNS,
    PORTRAIT_H,
    PORTRAIT_W,
    WARNING_BOXES,
    L,
    Layout,
    R,
    ScoreSheetRound,
    column_x,
    draw_form,
    tick_x,
    y,
)
from tournament.text.titles import number_title, table_title

EntryUrl = Callable[[PrintedTable, str], str | None]
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
        tables: Iterable[PrintedTable],
        *,
        per_page: int = 1,
        entry_url: EntryUrl | None = None,
        rules: RuleSet | None = None,
        sheet_round: ScoreSheetRound | None = None,
    ) -> None:
        super().__init__(event)
        self.round_number = round_number
        self.tables = tables
        self.per_page = 2 if per_page == 2 else 1
        self.landscape = self.per_page == 2
        self.entry_url = entry_url if event.table_entry else None
        self.rules = rules
        self.round = sheet_round or ScoreSheetRound(number_title(round_number))
        self.title = _("%(round)s比赛记录表") % {"round": self.round.title}
        self.sheets = 0

    def begin_canvas(self) -> None:
        c = self.canvas
        # The form's box is the portrait sheet, whatever the page orientation (two per page).
        c.beginForm(FORM, 0, 0, PORTRAIT_W, PORTRAIT_H)
        draw_form(c, self.event, self.round, self.layout)
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
            message = _("%(round)s没有需要记录表的台") % {"round": self.round.title}
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
    def sheet(self, t: PrintedTable) -> None:
        assert t.ns is not None
        c = self.canvas
        c.doForm(FORM)
        table_text = _("第 %(n)s 台") % {"n": t.table}
        fonts.draw(
            c, R - 19 * mm, y(23.5), table_text, 20, align="center", bold=True, max_width=36 * mm
        )
        if t.bracket_id and self.round.knockout:
            table = table_title(t.bracket_id, self.round.size)
            if t.game and self.round.games > 1:
                table += _("（第%(n)s局）") % {"n": t.game}
            fonts.draw(c, R, y(33.5), table, 11, align="right", bold=True, max_width=55 * mm)
        self._pair(t, t.ew, "EW")
        self._pair(t, t.ns, "NS")
        self._times(t)
        if self.rules is not None and t.deals:
            self._deals(deal_lines(self.rules, t.deals))
        self._fouls(t)
        if t.counted:
            self._result(t)
        footer = _("%(event)s · %(round)s %(table)s · 打印于 %(at)s") % {
            "event": self.event.name,
            "round": self.round.title,
            "table": table_text,
            "at": self.event.printed_at,
        }
        fonts.draw(c, L, y(291), footer, 7, color=MID_GREY, max_width=R - L, min_size=5)

    def _times(self, t: PrintedTable) -> None:
        """The referee's name and a lateness forfeit on the line of times."""
        c = self.canvas
        base = self.layout.times_base
        if t.referee:
            fonts.draw(c, 158 * mm, y(base), t.referee, 9, bold=True, max_width=R - 158 * mm)
        if t.forfeit in ("EW", "NS", "both") and t.defeat_reason == "late":
            sides = ("EW", "NS") if t.forfeit == "both" else (t.forfeit,)
            for side in sides:
                x = 108 if side == "EW" else 126
                fonts.draw(c, x * mm, y(base - 3.2), _("迟到判负"), 7, color=RED, bold=True)

    def _fouls(self, t: PrintedTable) -> None:
        """Tick the warning and foul boxes and fill the foul log: every warning and foul of the
        log and of the deal sheet (:func:`merge_fouls`), each as it counted."""
        lines = table_fouls(self.rules, t.fouls, t.deals)
        if not lines and not (t.ew_fouls or t.ns_fouls):
            return
        c = self.canvas
        lay = self.layout
        base = lay.foul_title + 7
        for side, counted in (("EW", t.ew_fouls), ("NS", t.ns_fouls)):
            warnings = sum(1 for x in lines if x.side == side and x.severity == "warning")
            fouls = max(counted, sum(1 for x in lines if x.side == side and x.severity == "foul"))
            for severity, n, boxes in (
                ("warning", warnings, WARNING_BOXES),
                ("foul", fouls, FOUL_BOXES),
            ):
                for k in range(min(n, boxes)):
                    x0 = tick_x(side, severity, k) * mm
                    c.setLineWidth(1)
                    c.line(x0, y(base + 0.7), x0 + 4.5 * mm, y(base - 3.8))
                    c.line(x0, y(base - 3.8), x0 + 4.5 * mm, y(base + 0.7))
        xs = column_x(FOUL_COLUMNS)
        for i, x in enumerate(lines[: lay.foul_rows]):
            row_base = y(lay.foul_title + 10 + 6 + (i + 1) * 6 - 1.8)
            cells = [
                str(x.deal or ""),
                short_side(x.side),  # a 16 mm column: "North–South" was cut
                kind_label(x.kind),
                _("警告") if x.severity == "warning" else _("犯规"),
                f"{x.levels:+d}" if x.levels else "",
                x.referee,
                x.remark,
            ]
            for (x0, w), text in zip(xs, cells, strict=True):
                fonts.draw(
                    c,
                    x0 + w / 2,
                    row_base,
                    text,
                    8.5,
                    align="center",
                    max_width=w - 2 * mm,
                    min_size=5,
                )
        if len(lines) > lay.foul_rows:
            more = _("另有%(n)s条记录见犯规记录") % {"n": len(lines) - lay.foul_rows}
            fonts.draw(c, R, y(lay.foul_title), more, 7.5, align="right", color=RED)

    def _pair(self, t: PrintedTable, pair: PrintedPair, side: str) -> None:
        c = self.canvas
        lay = self.layout
        x = lay.box_x(side)
        top = lay.box_top
        text_w = (lay.box_w - 6) * mm
        fonts.draw(
            c, x + 3 * mm, y(top + 13.5), pair.name, 13, bold=True, max_width=text_w, min_size=8
        )
        fonts.draw(
            c,
            x + 3 * mm,
            y(top + 19.5),
            _("单位：%(unit)s") % {"unit": pair.unit or "—"},
            9,
            max_width=text_w,
            min_size=6,
        )
        for position, top_mm in ((1, top + 26.5), (2, top + 33)):
            fonts.draw(
                c,
                x + 11 * mm,
                y(top_mm),
                pair.player(position),
                12,
                max_width=text_w - 8 * mm,
                min_size=7,
            )

    def _deals(self, lines: list[DealLine]) -> None:
        c = self.canvas
        lay = self.layout
        xs = column_x(DEAL_COLUMNS)
        for i, line in enumerate(lines[: lay.deal_rows]):
            base = y(lay.deal_top + lay.deal_head_h + (i + 1) * lay.deal_row_h - 1.7)
            cells = [
                str(line.number or ""),
                line.played,
                *(line.places or ("",) * 4),
                line.winner,
                line.upgrade,
                line.ew,
                line.ns,
                line.note,
            ]
            for (x0, w), text in zip(xs, cells, strict=True):
                wide = w > 30 * mm
                fonts.draw(
                    c,
                    x0 + 1.2 * mm if wide else x0 + w / 2,
                    base,
                    text,
                    8.5,
                    align="left" if wide else "center",
                    max_width=w - 2 * mm,
                    min_size=5,
                )
        if len(lines) > lay.deal_rows:
            more = _("共%(n)s行记录，此处只列前%(k)s行") % {"n": len(lines), "k": lay.deal_rows}
            fonts.draw(c, R, y(lay.deal_top - 2), more, 7.5, align="right", color=colors.red)

    def _result(self, t: PrintedTable) -> None:
        c = self.canvas
        lay = self.layout
        s = t.score
        values = {
            "ew_level": level_text(t.ew_level),
            "ns_level": level_text(t.ns_level),
            "diff": str(s.level_difference) if s and t.ew_level and t.ns_level else "",
            "winner": winner_text(t),
        }
        for key, x in lay.result_boxes().items():
            fonts.draw(
                c,
                (x + 8) * mm,
                y(lay.result_top + 5.3),
                values[key],
                11,
                align="center",
                max_width=15 * mm,
            )
        if t.result_note():
            fonts.draw(
                c,
                R,
                y(lay.result_top - 2),
                t.result_note(),
                10,
                align="right",
                bold=True,
                color=RED,
            )
        if s is None:
            return
        points = {
            "ew_points": s.ew_points,
            "ns_points": s.ns_points,
            "ew_lp": f"{s.ew_level_points:+d}",
            "ns_lp": f"{s.ns_level_points:+d}",
        }
        for key, x in lay.points_boxes(self.event.scoring).items():
            fonts.draw(
                c,
                (x + 8) * mm,
                y(lay.points_top + 5.3),
                str(points[key]),
                11,
                align="center",
                max_width=15 * mm,
            )


def winner_text(t: PrintedTable) -> str:
    """东西 / 南北 / 平局 from the score ("" without one), short: the 胜方 box is 16 mm."""
    s = t.score
    if s is None:
        return ""
    if s.ew_outcome == "win":
        return short_side("EW")
    if s.ns_outcome == "win":
        return short_side("NS")
    return _("平局") if s.ew_outcome == "draw" else ""
