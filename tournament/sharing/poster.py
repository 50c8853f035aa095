"""The event poster (A4 portrait, PNG and PDF): the event's name, dates, venue and host and a
big QR code of find-my-table, for the hall's walls and the group chat.

Written in the event's print language (Chinese, or English). The PNG carries its lines as
text chunks; the PDF's text is real text (the PDFs' embedded fonts), both readable back.
"""

from __future__ import annotations

import io

from django.utils import translation
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw
from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from tournament.core import qr
from tournament.printing import fonts
from tournament.sharing.data import event_dates
from tournament.sharing.draw import ACCENT, INK, MUTED, PAPER, fitted, font, png_bytes, qr_image

PX_W, PX_H = 1240, 1754  # A4 at 150 dpi
PT_W, PT_H = A4


def poster_lines(tournament) -> dict:
    """The poster's texts in the event's print language."""
    with translation.override(tournament.print_language or "zh-hans"):
        facts = [
            (_("日期"), event_dates(tournament)),
            (_("地点"), tournament.venue),
            (_("主办"), tournament.host),
        ]
        return {
            "name": tournament.name,
            "facts": [
                f"{label}：{value}" if _is_zh(tournament) else f"{label}: {value}"
                for label, value in facts
                if value
            ],
            "call": _("扫码查找我的台号"),
            "hint": _("输入姓名或队名，即可看到每轮的台号和对手"),
        }


def _is_zh(tournament) -> bool:
    return (tournament.print_language or "zh-hans") != "en"


def _all_lines(lines: dict) -> list[str]:
    return [lines["name"], *lines["facts"], lines["call"], lines["hint"]]


def poster_png(tournament, url: str) -> bytes:
    """The poster as a PNG (A4 at 150 dpi)."""
    lines = poster_lines(tournament)
    image = Image.new("RGB", (PX_W, PX_H), PAPER)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, PX_W, 330), fill=ACCENT)
    name, face = fitted(pen, lines["name"], PX_W - 160, 92, 40)
    pen.text((PX_W // 2, 165), name, font=face, fill=PAPER, anchor="mm")
    y = 400
    for fact in lines["facts"]:
        text, face = fitted(pen, fact, PX_W - 160, 46, 24)
        pen.text((PX_W // 2, y), text, font=face, fill=INK, anchor="mt")
        y += 72
    code = qr_image(url, 760)
    top = max(y + 30, 700)
    image.paste(code, ((PX_W - code.width) // 2, top))
    y = top + code.height + 30
    call, face = fitted(pen, lines["call"], PX_W - 160, 72, 32)
    pen.text((PX_W // 2, y), call, font=face, fill=ACCENT, anchor="mt")
    hint, face = fitted(pen, lines["hint"], PX_W - 160, 38, 20)
    pen.text((PX_W // 2, y + 100), hint, font=face, fill=MUTED, anchor="mt")
    pen.text((PX_W // 2, PX_H - 60), url, font=font(26), fill=MUTED, anchor="mb")
    return png_bytes(image, _all_lines(lines), url)


def poster_pdf(tournament, url: str) -> bytes:
    """The poster as a one-page A4 PDF (vector QR code, embedded fonts)."""
    lines = poster_lines(tournament)
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4)
    canvas.setTitle(lines["name"])
    accent = Color(*(c / 255 for c in ACCENT))
    canvas.setFillColor(accent)
    canvas.rect(0, PT_H - 160, PT_W, 160, stroke=0, fill=1)
    canvas.setFillColor(Color(*(c / 255 for c in INK)))
    fonts.draw(
        canvas,
        PT_W / 2,
        PT_H - 95,
        lines["name"],
        40,
        align="center",
        bold=True,
        max_width=PT_W - 80,
        min_size=18,
        color=Color(1, 1, 1),
    )
    y = PT_H - 205
    for fact in lines["facts"]:
        fonts.draw(canvas, PT_W / 2, y, fact, 20, align="center", max_width=PT_W - 80, min_size=10)
        y -= 32
    size = 330
    qr.draw(canvas, url, (PT_W - size) / 2, y - 20 - size, size)
    y -= size + 70
    fonts.draw(
        canvas,
        PT_W / 2,
        y,
        lines["call"],
        32,
        align="center",
        bold=True,
        max_width=PT_W - 80,
        min_size=14,
        color=accent,
    )
    fonts.draw(
        canvas, PT_W / 2, y - 40, lines["hint"], 16, align="center", max_width=PT_W - 80, min_size=8
    )
    fonts.draw(canvas, PT_W / 2, 30, url, 11, align="center", max_width=PT_W - 60, min_size=6)
    canvas.showPage()
    canvas.save()
    return out.getvalue()
