"""Drawing one cell of a printed table: a value, or a :class:`Two` (name above, details
below), never cutting a name while the cell has room for it (:func:`fonts.two_lines`)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tournament.printing import fonts

MID_GREY = colors.Color(0.55, 0.55, 0.55)
PAD = 1.2 * mm


@dataclass(frozen=True)
class Two:
    """A cell of two lines: the main text and a smaller second line (unit, players)."""

    main: str
    sub: str = ""


def draw_cell(c: Canvas, value, x, y, w, h, size, align, bold) -> None:
    """Draw ``value`` in the cell whose top-left corner is (x, y)."""
    anchor = {"left": x + PAD, "center": x + w / 2, "right": x + w - PAD}[align]
    if isinstance(value, Two):
        if value.sub:
            draw_two(c, value, anchor, y, w - 2 * PAD, h, size, align)
            return
        value, bold = value.main, True
    text = "" if value is None else str(value)
    # Too long for one line: two smaller lines when the row has room for them.
    lines, used = fonts.two_lines(text, w - 2 * PAD, size, size * 0.6, bold)
    if len(lines) == 2 and used * 2.3 > h:
        # Two lines too tall for the row: smaller, while not below the floor; only then cut
        # ("Opponents' p…" in the English results notice's header had room on two lines).
        if h / 2.3 >= size * 0.6:
            used = h / 2.3
        else:
            lines, used = [fonts.fit(text, w - 2 * PAD, size, size * 0.6, bold)[0]], size
    base = y - h / 2 - used * 0.35 + (used * 0.58 if len(lines) == 2 else 0)
    for line in lines:
        fonts.draw(
            c,
            anchor,
            base,
            line,
            used,
            align=align,
            bold=bold,
            max_width=w - 2 * PAD,
            min_size=size * 0.6,
        )
        base -= used * 1.16


def draw_two(
    c: Canvas, value: Two, anchor: float, y: float, w: float, h: float, size: float, align: str
) -> None:
    """Name above, unit and players below in grey; when the lower line would be cut and the
    name leaves room, the unit moves up beside the name (left-aligned cells)."""
    main, sub, small, smallest = value.main, value.sub, size * 0.78, size * 0.5
    beside = ""
    cut = fonts.fit(sub, w, small, smallest)[0] != fonts.clean(sub)
    if cut and align == "left" and " · " in sub:
        unit, players = sub.split(" · ", 1)
        if fonts.width(main + "  ", size, True) + fonts.width(unit, smallest) <= w:
            beside, sub = unit, players
    used = fonts.draw(
        c,
        anchor,
        y - h / 2 + 0.6 * mm,
        main,
        size,
        align=align,
        bold=True,
        max_width=w,
        min_size=size * 0.6,
    )
    if beside:
        x = anchor + fonts.width(main + "  ", used, True)
        fonts.draw(
            c,
            x,
            y - h / 2 + 0.6 * mm,
            beside,
            small,
            color=MID_GREY,
            max_width=anchor + w - x,
            min_size=smallest,
        )
    fonts.draw(
        c,
        anchor,
        y - h + 1.6 * mm,
        sub,
        small,
        align=align,
        max_width=w,
        min_size=smallest,
        color=MID_GREY,
    )
