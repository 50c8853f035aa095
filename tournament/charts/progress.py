"""How far a round has got: a bar that fills with the tables confirmed, entered and still
playing, and each table's pace as a strip (levels reached against minutes played)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.levels import LEVELS
from tournament.charts.svg import figure, frame, hidden_table, num, text
from tournament.models import Table

BAR_W, BAR_H = 600, 66
STRIP_W, STRIP_H = 600, 220
TOP_LEVEL = 13  # past A (rules.levels: "2" is 0 … "A" is 12, passed A 13)


def progress_bar(confirmed: int, entered: int, playing: int) -> str:
    """Tables confirmed, entered (not yet confirmed) and still playing, as one bar. The
    last are named 未完成 (unfinished), as round control's summary names them: they are
    every table without a result, also those not started (which its filter calls 未开始)."""
    total = confirmed + entered + playing
    parts = [
        (_("已确认"), confirmed, "seg-confirmed"),
        (_("已录入"), entered, "seg-entered"),
        (_("未完成"), playing, "seg-playing"),
    ]
    label = _("共 %(total)s 桌：已确认 %(confirmed)s，已录入 %(entered)s，未完成 %(playing)s") % {
        "total": total,
        "confirmed": confirmed,
        "entered": entered,
        "playing": playing,
    }
    body, x = [f'<rect class="bar-bg" x="0" y="0" width="{BAR_W}" height="32" rx="4"/>'], 0.0
    for name, count, cls in parts:
        width = BAR_W * count / total if total else 0
        if width:
            body.append(
                f'<rect class="{cls}" x="{num(x)}" y="0" width="{num(width)}" height="32"'
                f' data-count="{count}"><title>{name} {count}</title></rect>'
            )
        x += width
    done = round(100 * (confirmed + entered) / total) if total else 0
    body.append(text(0, 60, label, "chart-note"))
    body.append(text(BAR_W, 60, f"{done}%", "chart-note", "end"))
    table = hidden_table(label, [_("状态"), _("桌数")], [[n, c] for n, c, _cls in parts])
    return figure(frame("progress", BAR_W, BAR_H, label, label, body), table)


def summary_bar(counts: dict[str, int], playing: int) -> str:
    """:func:`progress_bar` of a round's table counts (``RoundSummary.counts``)."""
    return progress_bar(counts.get(Table.CONFIRMED, 0), counts.get(Table.ENTERED, 0), playing)


@dataclass(frozen=True)
class TablePace:
    """One table in play: how far its leading side has climbed (level index) after how
    many minutes, and whether the pace rules flag it as slow or idle."""

    table: int
    level: int
    minutes: float
    slow: bool = False
    idle: bool = False


def pace_strip(tables: list[TablePace], *, time_limit: int, elapsed: float) -> str:
    """Each table a dot: minutes played across, level reached up; slow tables in red,
    idle ones in amber, both larger (and listed in the hidden table). The dashed line is the pace that passes A exactly at the time limit."""
    left, bottom, right, top = 34, STRIP_H - 30, STRIP_W - 8, 10
    limit = max(time_limit, elapsed, 1)

    def xy(minutes: float, level: int) -> tuple[str, str]:
        x = left + (right - left) * min(max(minutes, 0), limit) / limit
        y = bottom - (bottom - top) * min(level, TOP_LEVEL) / TOP_LEVEL
        return num(x), num(y)

    x0, y0 = xy(0, 0)
    x1, y1 = xy(time_limit, TOP_LEVEL)
    body = [
        f'<line class="axis" x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}"/>',
        f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{bottom}"/>',
        f'<line class="pace-target" x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}"/>',
        text(left - 6, bottom + 6, "2", "chart-note", "end"),
        text(left - 6, top + 14, "A", "chart-note", "end"),
        text(left, STRIP_H - 4, "0", "chart-note"),
        text(right, STRIP_H - 4, _("%(m)s 分钟") % {"m": int(limit)}, "chart-note", "end"),
    ]
    ex, _ey = xy(elapsed, 0)
    body.append(f'<line class="pace-now" x1="{ex}" y1="{top}" x2="{ex}" y2="{bottom}"/>')
    slow = []
    for t in sorted(tables, key=lambda t: (t.slow, t.idle)):  # flagged ones drawn on top
        x, y = xy(t.minutes, t.level)
        cls, r = ("dot-slow", 7) if t.slow else ("dot-idle", 6) if t.idle else ("dot", 4)
        body.append(f'<circle class="{cls}" cx="{x}" cy="{y}" r="{r}" data-table="{t.table}"/>')
        if t.slow or t.idle:
            slow.append(t)
    label = _("%(n)s 桌的进度，%(slow)s 桌偏慢或停顿") % {"n": len(tables), "slow": len(slow)}
    desc = _("横轴为已用分钟，纵轴为领先一方打到的级数；虚线为按时打过A的进度。")
    rows = [
        [t.table, LEVELS[min(t.level, TOP_LEVEL)], int(t.minutes)]
        for t in sorted(slow, key=lambda t: t.table)
    ]
    table = hidden_table(label, [_("台号"), _("级数"), _("分钟")], rows)
    return figure(frame("pace", STRIP_W, STRIP_H, label, desc, body), table)
