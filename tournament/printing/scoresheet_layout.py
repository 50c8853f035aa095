"""The fixed layout of a score sheet: geometry, and the form drawn once per round.

Distances are in millimetres from the top-left corner of an A4 portrait sheet
(:func:`y` turns them into reportlab coordinates). :mod:`tournament.printing.scoresheet`
places the names, QR codes and any recorded result into the boxes defined here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, pgettext, pgettext_lazy
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from rules import LEVELS
from rules.ruleset import A_FAIL_OPTIONS
from tournament.printing import fonts
from tournament.printing.data import SEATS_EW, SEATS_NS, EventInfo, level_text
from tournament.printing.pdf import GREY, MID_GREY
from tournament.printing.scoresheet_notes import fouls_note, scoring_note

PORTRAIT_W, PORTRAIT_H = A4
L, R = 12 * mm, PORTRAIT_W - 12 * mm
FORM = "scoresheet"
WARNING_BOXES, FOUL_BOXES = 4, 3
LABEL_W = 16 * mm  # room for a label before a result box (the gap after the previous box)

A_FAIL_NOTES = {key: A_FAIL_OPTIONS[key] for key in ("three_back_to_2", "three_back_to_J")}

# Column titles and widths (mm) of the deal table and of the foul record.
# The deal number's column: "Deal" in English (副 alone also means "deals", a count).
DEAL = pgettext_lazy("foul log column: the deal it happened in", "副")
DEAL_COLUMNS = (
    (DEAL, 9),
    (gettext_lazy("打几（级/方）"), 20),
    (gettext_lazy("头游"), 13),
    (gettext_lazy("二游"), 13),
    (gettext_lazy("三游"), 13),
    (gettext_lazy("末游"), 13),
    (gettext_lazy("胜方"), 14),
    (gettext_lazy("升级"), 12),
    (gettext_lazy("东西"), 13),
    (gettext_lazy("南北"), 13),
    (gettext_lazy("备注"), 53),
)
FOUL_COLUMNS = (
    (DEAL, 12),
    (gettext_lazy("方"), 16),
    (gettext_lazy("类型"), 40),
    (gettext_lazy("警告/犯规"), 22),
    (gettext_lazy("级数处罚"), 22),
    (gettext_lazy("裁判签名"), 30),
    (gettext_lazy("备注"), 44),
)


def y(top_mm: float) -> float:
    """A distance from the top of the sheet (mm) as a reportlab y coordinate."""
    return PORTRAIT_H - top_mm * mm


def column_x(columns) -> list[tuple[float, float]]:
    """(left x, width) in points of each column, starting at the left margin."""
    xs, x = [], L
    for _title, w in columns:
        xs.append((x, w * mm))
        x += w * mm
    return xs


@dataclass(frozen=True)
class Layout:
    """Where things go (mm from the top). One instance per document."""

    box_top: float = 37.0
    box_h: float = 36.0
    box_w: float = 91.0
    box_gap: float = 4.0
    qr_size: float = 24.0
    times_base: float = 79.0
    track_top: float = 87.0
    track_row_h: float = 8.0
    deal_top: float = 116.1
    deal_head_h: float = 6.5
    deal_row_h: float = 5.6
    deal_rows: int = 15
    foul_title: float = 211.0
    foul_rows: int = 3
    result_top: float = 254.0
    points_top: float = 263.0
    sign_base: float = 283.0

    def box_x(self, side: str) -> float:
        return L if side == "EW" else L + (self.box_w + self.box_gap) * mm

    def result_boxes(self) -> dict[str, float]:
        """Final-level row: box name → left x in mm (all at ``result_top``)."""
        return {"ew_level": 44, "ns_level": 79, "diff": 113, "winner": 147}

    def points_boxes(self, scoring: str) -> dict[str, float]:
        boxes = {"ew_points": 44, "ns_points": 79}
        if scoring == "match_points":
            boxes.update(ew_lp=134, ns_lp=170)
        return boxes


def _box(c: Canvas, x_mm: float, top_mm: float, w_mm: float, h_mm: float) -> None:
    c.rect(x_mm * mm, y(top_mm + h_mm), w_mm * mm, h_mm * mm)


def _grid(c: Canvas, columns, top: float, head_h: float, rows: int, row_h: float, size: float):
    xs = column_x(columns)
    bottom = top + head_h + rows * row_h
    c.setFillColor(GREY)
    c.rect(L, y(top + head_h), R - L, head_h * mm, stroke=0, fill=1)
    c.setFillColor(colors.black)
    c.setLineWidth(0.8)
    c.rect(L, y(bottom), R - L, (bottom - top) * mm)
    c.setLineWidth(0.35)
    for i in range(rows + 1):
        yy = y(top + head_h + i * row_h)
        c.line(L, yy, R, yy)
    for x0, _w in xs[1:]:
        c.line(x0, y(top), x0, y(bottom))
    for (title, _w), (x0, w) in zip(columns, xs, strict=True):
        fonts.draw(
            c,
            x0 + w / 2,
            y(top + head_h / 2 + 1.2),
            title,
            size,
            align="center",
            max_width=w - 1.5 * mm,
            min_size=5,
        )


@dataclass(frozen=True)
class ScoreSheetRound:
    """What the form of one round prints: its name, date and start, knockout or not."""

    title: str
    date: str = ""
    start: str = ""
    knockout: bool = False
    games: int = 1
    size: int = 0


def draw_form(c: Canvas, event: EventInfo, rnd: ScoreSheetRound, lay: Layout) -> None:
    """Draw every fixed part of the sheet of one round."""
    c.setStrokeColor(colors.black)
    # Title block and the table-number box (the number itself is per sheet).
    fonts.draw(c, L, y(19), event.name, 15, bold=True, max_width=140 * mm, min_size=10)
    fonts.draw(
        c,
        L,
        y(27),
        _("%(round)s  比赛记录表") % {"round": rnd.title},
        13,
        bold=True,
        max_width=140 * mm,
        min_size=9,
    )
    c.setLineWidth(1.2)
    _box(c, 160, 11, 38, 18)
    c.setLineWidth(0.8)
    limit = _("每轮时限 %(n)s 分钟") % {"n": event.time_limit} + (
        _("（%(rule)s）") % {"rule": _(event.at_time_label)} if event.at_time_label else ""
    )
    line = _("%(limit)s    计分：%(scoring)s    日期：%(date)s") % {
        "limit": limit,
        "scoring": _(event.scoring_label),
        "date": rnd.date or "__________",
    }
    fonts.draw(c, L, y(33.5), line, 9, max_width=140 * mm, min_size=6)
    _pair_boxes(c, event, lay)
    _times(c, rnd, lay)
    _level_track(c, event, lay)
    _heading(
        c,
        lay.deal_top - 2,
        _("逐副记录"),
        _("名次栏填该名次所属的一方（东西/南北）；“东西”“南北”栏填本副结束后的级数"),
    )
    columns = [(str(title), w) for title, w in DEAL_COLUMNS]
    _grid(c, columns, lay.deal_top, lay.deal_head_h, lay.deal_rows, lay.deal_row_h, 8.5)
    _fouls(c, event, lay)
    _result(c, event, rnd, lay)
    _signatures(c, lay)


def _heading(c: Canvas, top: float, title: str, hint: str) -> None:
    """A part's title, and its hint in grey just after it (whatever the title's length)."""
    fonts.draw(c, L, y(top), title, 10.5, bold=True)
    x = L + fonts.width(title, 10.5, True) + 3 * mm
    fonts.draw(c, x, y(top), hint, 7.5, color=MID_GREY, max_width=R - x, min_size=5)


def _times(c: Canvas, rnd: ScoreSheetRound, lay: Layout) -> None:
    """Start and end time, lateness per side and the table referee (filled per sheet)."""
    base = lay.times_base
    start = rnd.start or "______"
    fonts.draw(c, L, y(base), _("开始时间 %(start)s   结束时间 ______") % {"start": start}, 9)
    fonts.draw(c, 75 * mm, y(base), _("迟到（分钟）：东西 ____  南北 ____"), 9)
    fonts.draw(c, 140 * mm, y(base), _("本台裁判："), 9)


def _pair_boxes(c: Canvas, event: EventInfo, lay: Layout) -> None:
    for side, title, seats in (
        ("EW", gettext_noop("东西方"), SEATS_EW),
        ("NS", gettext_noop("南北方"), SEATS_NS),
    ):
        x = lay.box_x(side) / mm
        c.setLineWidth(0.8)
        _box(c, x, lay.box_top, lay.box_w, lay.box_h)
        c.setFillColor(GREY)
        c.rect(x * mm, y(lay.box_top + 6), lay.box_w * mm, 6 * mm, stroke=0, fill=1)
        c.setFillColor(colors.black)
        fonts.draw(c, x * mm + 3 * mm, y(lay.box_top + 4.3), _(title), 10, bold=True)
        for seat, top in zip(seats, (lay.box_top + 26.5, lay.box_top + 33), strict=True):
            c.circle(x * mm + 6 * mm, y(top - 1.4), 2.9 * mm)
            fonts.draw(c, x * mm + 6 * mm, y(top), _(seat), 10, align="center", bold=True)
        if event.table_entry:  # the codes are on each side's own slip, never on the sheet
            note = _("录入码和PIN见本方纸条")
            fonts.draw(c, (x + lay.box_w - 3) * mm, y(lay.box_top + 4.3), note, 7, align="right")


def _level_track(c: Canvas, event: EventInfo, lay: Layout) -> None:
    top = lay.track_top
    _heading(c, top - 2.5, _("级数记录"), _("每副结束后，划线至胜方下一副所打的级数"))
    label_w = 18
    cell_w = (186 - label_w) / len(LEVELS)
    for row, side in enumerate((_("东西"), _("南北"))):
        t = top + row * lay.track_row_h
        c.setLineWidth(0.8)
        _box(c, 12, t, label_w, lay.track_row_h)
        fonts.draw(
            c,
            (12 + label_w / 2) * mm,
            y(t + 5.5),
            side,
            11,
            align="center",
            bold=True,
            max_width=(label_w - 1.5) * mm,
            min_size=6,
        )
        for i, level in enumerate(LEVELS):
            x = 12 + label_w + i * cell_w
            c.setLineWidth(0.5)
            _box(c, x, t, cell_w, lay.track_row_h)
            text = level_text(level)
            fonts.draw(
                c,
                (x + cell_w / 2) * mm,
                y(t + 5.6),
                text,
                12,
                align="center",
                max_width=(cell_w - 1) * mm,
                min_size=6,
            )
    if event.a_fail in A_FAIL_NOTES:
        base = top + 2 * lay.track_row_h + 5
        note = _(A_FAIL_NOTES[event.a_fail])
        fonts.draw(c, L, y(base), _("打A未过次数（%(rule)s）：") % {"rule": note}, 8.5)
        for side, x0 in ((_("东西"), 75), (_("南北"), 125)):
            fonts.draw(c, x0 * mm, y(base), side, 8.5)
            for k in range(3):
                _box(c, x0 + 9 + k * 6, base - 3.6, 4.5, 4.5)


def _fouls(c: Canvas, event: EventInfo, lay: Layout) -> None:
    top = lay.foul_title
    _heading(c, top, _("警告与犯规"), fouls_note(event))
    base = top + 7
    c.setLineWidth(0.5)
    # The side's short name: "North–South" does not fit before the warning boxes.
    ew, ns = (
        pgettext("fouls line: side, short", "东西"),
        pgettext("fouls line: side, short", "南北"),
    )
    for side, x0 in ((ew, 12), (ns, 105)):
        used = fonts.draw(c, x0 * mm, y(base), side, 10, bold=True, max_width=10.5 * mm, min_size=5)
        # "Warning" starts after the side's name, leaving it the room up to the boxes.
        start = x0 + min(11, fonts.width(side, used, bold=True) / mm + 2)
        room = (x0 + 19.5 - start) * mm
        fonts.draw(c, start * mm, y(base), _("警告"), 9, max_width=room, min_size=5)
        for k in range(WARNING_BOXES):
            _box(c, x0 + 20 + k * 6, base - 3.8, 4.5, 4.5)
        fonts.draw(c, (x0 + 47) * mm, y(base), _("犯规"), 9, max_width=8.5 * mm, min_size=5)
        for k in range(FOUL_BOXES):
            _box(c, x0 + 56 + k * 6, base - 3.8, 4.5, 4.5)
    columns = [(str(title), w) for title, w in FOUL_COLUMNS]
    _grid(c, columns, top + 10, 6, lay.foul_rows, 6, 8.5)


def tick_x(side: str, severity: str, k: int) -> float:
    """Left edge (mm) of the k-th warning or foul box of a side."""
    return (12 if side == "EW" else 105) + (20 if severity == "warning" else 56) + k * 6


def _result(c: Canvas, event: EventInfo, rnd: ScoreSheetRound, lay: Layout) -> None:
    fonts.draw(c, L, y(lay.result_top - 2), _("比赛结果"), 10.5, bold=True)
    labels = {"ew_level": _("东西"), "ns_level": _("南北"), "diff": _("级差"), "winner": _("胜方")}
    fonts.draw(c, L, y(lay.result_top + 5), _("终局级数"), 10, max_width=16 * mm, min_size=6)
    for key, x in lay.result_boxes().items():
        fonts.draw(
            c,
            (x - 1.5) * mm,
            y(lay.result_top + 5),
            labels[key],
            10,
            align="right",
            max_width=min(LABEL_W, (x - 30) * mm),
            min_size=5,
        )
        c.setLineWidth(0.8)
        _box(c, x, lay.result_top, 16, 7.5)
    points_label = _("胜负分") if event.scoring == "match_points" else _("得分")
    fonts.draw(c, L, y(lay.points_top + 5), points_label, 10, max_width=16 * mm, min_size=6)
    labels = {
        "ew_points": _("东西"),
        "ns_points": _("南北"),
        "ew_lp": _("级差分 东西"),
        "ns_lp": _("南北"),
    }
    for key, x in lay.points_boxes(event.scoring).items():
        width = 38 * mm if key == "ew_lp" else min(LABEL_W, (x - 30) * mm)
        fonts.draw(
            c,
            (x - 1.5) * mm,
            y(lay.points_top + 5),
            labels[key],
            10,
            align="right",
            max_width=width,
            min_size=5,
        )
        _box(c, x, lay.points_top, 16, 7.5)
    note = scoring_note(event)
    if rnd.knockout:
        games = _("三局两胜") if rnd.games > 1 else _("一局决胜")
        note = _("淘汰赛（%(games)s），胜方晋级；计分：%(scoring)s") % {
            "games": games,
            "scoring": _(event.scoring_label),
        }
        fonts.draw(c, 140 * mm, y(lay.points_top + 12), _("加赛胜方："), 9, align="right")
        for k, side in enumerate((_("东西"), _("南北"))):
            _box(c, 141 + k * 20, lay.points_top + 8.6, 4.5, 4.5)
            fonts.draw(c, (147 + k * 20) * mm, y(lay.points_top + 12), side, 9)
    fonts.draw(
        c,
        L,
        y(lay.points_top + 12),
        note,
        7.5,
        max_width=(125 if rnd.knockout else 186) * mm,
        color=MID_GREY,
        min_size=5,
    )


def _signatures(c: Canvas, lay: Layout) -> None:
    base = lay.sign_base
    c.setLineWidth(0.5)
    for label, x0 in ((_("东西签名"), 12), (_("南北签名"), 76), (_("裁判签名"), 140)):
        fonts.draw(c, x0 * mm, y(base), label, 10, bold=True)
        c.line((x0 + 17) * mm, y(base + 0.8), (x0 + 57) * mm, y(base + 0.8))
