"""Team score sheets (团体记录表): one per team match, with every table of the match.

A sheet names the round, the match and its two teams (X first); a line per table with its
number, the East–West and North–South pairs and their players' seats, the final levels and
each team's score at that table; then the team totals, the 级差分 sums, the team match
points and the winner; and lines for the referee's and both captains' signatures. Entered
results are printed: a table's levels and scores once it counts, the totals once every
table of the match counts (the score of :func:`scoring.score_team_match`, as the standings
count it). The per-table score sheets (:mod:`tournament.printing.scoresheet`) stay what the
referees fill in at the table; this sheet gathers the match.

``per_page=2`` prints two sheets on one A4 page, one above the other, with a cut line.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from reportlab.lib import colors
from reportlab.lib.units import mm

from tournament.printing import fonts
from tournament.printing.cells import draw_cell
from tournament.printing.data import EventInfo, PrintedTable, level_text
from tournament.printing.pdf import GREY, MID_GREY, RED, PdfDocument
from tournament.printing.scoresheet_layout import ScoreSheetRound
from tournament.printing.team_data import PrintedTeam, PrintedTeamMatch
from tournament.printing.team_pairings import seated

SHEET_H = 134 * mm  # half an A4 page less the margins: two fit one above the other
ROW_H = 13 * mm
HEAD_H = 8 * mm
SUM_H = 8 * mm
# (title msgid, width in mm): 182 mm, the width between the page margins
COLUMNS = (
    (gettext_noop("台号"), 13),
    (gettext_noop("东西（东 / 西）"), 45),
    (gettext_noop("南北（南 / 北）"), 45),
    (gettext_noop("终局级数（东西 : 南北）"), 35),
    (gettext_noop("X队得分"), 22),
    (gettext_noop("Y队得分"), 22),
)


class TeamSheetPdf(PdfDocument):
    header = False
    footer = False
    part_pages = 250

    def __init__(
        self,
        event: EventInfo,
        matches: Iterable[PrintedTeamMatch],
        *,
        sheet_round: ScoreSheetRound,
        per_page: int = 1,
    ) -> None:
        super().__init__(event)
        self.matches = matches
        self.round = sheet_round
        self.per_page = 2 if per_page == 2 else 1
        self.title = _("%(round)s团体记录表") % {"round": sheet_round.title}
        self.sheets = 0

    def draw(self) -> None:
        slot = 0
        for m in self.matches:
            if m.is_bye:
                continue
            self.sheets += 1
            if slot == 0:
                self.page_number += 1
            top = self.height - self.margin_top - slot * (self.height / 2)
            self.sheet(m, top)
            slot += 1
            if slot == self.per_page:
                if self.per_page == 2:
                    self._cut_line()
                self.end_page()
                slot = 0
        if slot:
            self.end_page()
        if not self.sheets:
            self.page_number += 1
            fonts.draw(self.canvas, self.left, self.height / 2, _("（无数据）"), 12)
            self.end_page()

    def _cut_line(self) -> None:
        c = self.canvas
        c.saveState()
        c.setDash(3, 3)
        c.setStrokeColor(MID_GREY)
        c.setLineWidth(0.4)
        c.line(5 * mm, self.height / 2, self.width - 5 * mm, self.height / 2)
        c.restoreState()

    def sheet(self, m: PrintedTeamMatch, top: float) -> None:
        assert m.y is not None
        c = self.canvas
        fonts.draw(c, self.left, top - 5 * mm, self.event.name, 11, bold=True, max_width=110 * mm)
        when = " ".join(p for p in (self.round.date, self.round.start) if p)
        fonts.draw(c, self.right, top - 5 * mm, when, 9, align="right", color=MID_GREY)
        heading = _("%(round)s团体记录表 · 第%(n)s场") % {"round": self.round.title, "n": m.number}
        fonts.draw(c, self.width / 2, top - 14 * mm, heading, 16, align="center", bold=True)
        self._team_line(m.x, "X", self.left, top - 22 * mm, "left")
        self._team_line(m.y, "Y", self.right, top - 22 * mm, "right")
        y = self._grid(m, top - 26 * mm)
        y = self._sums(m, y)
        self._signatures(y - 11 * mm)

    def _team_line(self, team: PrintedTeam, letter: str, x: float, y: float, align: str) -> None:
        text = _("%(letter)s队：%(name)s") % {"letter": letter, "name": team.name}
        if team.unit:
            text += _("（%(unit)s）") % {"unit": team.unit}
        fonts.draw(self.canvas, x, y, text, 12, align=align, bold=True, max_width=88 * mm)

    def _grid(self, m: PrintedTeamMatch, top: float) -> float:
        c = self.canvas
        c.setFillColor(GREY)
        c.rect(self.left, top - HEAD_H, self.content_width, HEAD_H, stroke=0, fill=1)
        c.setFillColor(colors.black)
        x = self.left
        for title, w in COLUMNS:
            draw_cell(c, _(title), x, top, w * mm, HEAD_H, 9, "center", True)
            x += w * mm
        y = top - HEAD_H
        side = m.side(m.x), m.side(m.y)
        for index, t in enumerate(m.tables):
            self._table_row(m, index, t, y, side)
            y -= ROW_H
        self._rules(top, y, [w for _t, w in COLUMNS[:-1]], top - HEAD_H, ROW_H)
        return y

    def _table_row(self, m: PrintedTeamMatch, index: int, t: PrintedTable, y, side) -> None:
        cells = [
            t.table,
            seated(t.ew, (gettext_noop("东"), gettext_noop("西"))),
            seated(t.ns, (gettext_noop("南"), gettext_noop("北"))),
            self._levels(t),
            *self._table_points(m, index, t, side),
        ]
        x = self.left
        for (_title, w), value in zip(COLUMNS, cells, strict=True):
            align = "left" if _title.startswith(("东西", "南北")) else "center"
            draw_cell(self.canvas, value, x, y, w * mm, ROW_H, 10, align, align == "center")
            x += w * mm
        note = t.result_note()
        if note and t.counted:
            x = self.left + sum(w for _t, w in COLUMNS[:3]) * mm + COLUMNS[3][1] * mm / 2
            fonts.draw(self.canvas, x, y - ROW_H + 1.8 * mm, note, 7, align="center", color=RED)

    @staticmethod
    def _levels(t: PrintedTable) -> str:
        if not t.counted or not (t.ew_level or t.ns_level):
            return ":"
        return f"{level_text(t.ew_level)} : {level_text(t.ns_level)}"

    @staticmethod
    def _table_points(m: PrintedTeamMatch, index: int, t: PrintedTable, side) -> list[str]:
        """X's and Y's score at the table: from the match's score, else the table's own."""
        if side[0] is not None:
            return [str(side[0].table_points[index]), str(side[1].table_points[index])]
        if t.score is None:
            return ["", ""]
        x_seat = m.x_seats[index]
        y_seat = "EW" if x_seat == "NS" else "NS"
        return [str(t.score.seat(x_seat).points), str(t.score.seat(y_seat).points)]

    def _sums(self, m: PrintedTeamMatch, top: float) -> float:
        x_side, y_side = m.side(m.x), m.side(m.y)
        lines = [
            (_("团体总分（各台得分之和）"), "total", "{}"),
            (_("级差分合计"), "level_diff", "{:+d}"),
            (_("团体赛积分（胜2 平1 负0）"), "points", "{}"),
        ]
        label_w = sum(w for _t, w in COLUMNS[:4]) * mm
        col_w = COLUMNS[4][1] * mm
        y = top
        for label, key, fmt in lines:
            draw_cell(self.canvas, label, self.left, y, label_w, SUM_H, 10, "right", True)
            for n, s in enumerate((x_side, y_side)):
                value = fmt.format(getattr(s, key)) if s is not None else ""
                x = self.left + label_w + n * col_w
                draw_cell(self.canvas, value, x, y, col_w, SUM_H, 11, "center", True)
            y -= SUM_H
        self._rules(top, y, [label_w / mm, COLUMNS[4][1]], top - SUM_H, SUM_H)
        winner = ""
        if x_side is not None:
            winner = {"win": m.x.name, "loss": m.y.name}.get(x_side.outcome, _("平局"))
        label = _("胜方：")
        fonts.draw(self.canvas, self.left, y - 6 * mm, label, 11, bold=True)
        x = self.left + fonts.width(label, 11, True) + 1 * mm
        fonts.draw(self.canvas, x + 1 * mm, y - 6 * mm, winner, 11, bold=True, color=RED)
        self.canvas.line(x, y - 7 * mm, self.left + 90 * mm, y - 7 * mm)
        return y - 6 * mm

    def _rules(self, top: float, bottom: float, xs, start: float, step: float) -> None:
        """The grid's frame, its column lines at widths ``xs`` (mm) and a line every
        ``step`` from ``start`` down to ``bottom``."""
        c = self.canvas
        c.setLineWidth(0.5)
        c.rect(self.left, bottom, self.content_width, top - bottom)
        x = self.left
        for w in xs:
            x += w * mm
            c.line(x, top, x, bottom)
        y = start
        while y - bottom > 1:
            c.line(self.left, y, self.right, y)
            y -= step

    def _signatures(self, y: float) -> None:
        c = self.canvas
        labels = (_("裁判员签名："), _("X队队长签名："), _("Y队队长签名："))
        step = self.content_width / 3
        c.setLineWidth(0.6)
        for n, label in enumerate(labels):
            x = self.left + n * step
            used = fonts.width(label, 10, True)
            fonts.draw(c, x, y, label, 10, bold=True)
            c.line(x + used + 1 * mm, y - 1 * mm, x + step - 4 * mm, y - 1 * mm)
