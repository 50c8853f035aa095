"""The share cards (PNG, 1080 × 1440: a phone's screen, what 朋友圈 shows whole): the
standings' top places, and a pair's result of the day, each with a QR code back to its page.

Every card's text lines are also written in the PNG (:func:`tournament.sharing.draw.png_bytes`).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from PIL import Image, ImageDraw

from tournament.sharing.data import event_dates
from tournament.sharing.draw import (
    ACCENT,
    BAND,
    INK,
    MUTED,
    PAPER,
    fitted,
    font,
    png_bytes,
    qr_image,
)

WIDTH, HEIGHT = 1080, 1440
MARGIN = 64
QR_SIZE = 300


def _canvas(tournament, title: str) -> tuple[Image.Image, ImageDraw.ImageDraw, list[str], int]:
    """A card with the event's name, date and the card's title drawn: the image, its pen,
    the lines written so far and where the body starts."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, WIDTH, 230), fill=ACCENT)
    name, face = fitted(pen, tournament.name, WIDTH - 2 * MARGIN, 64, 32)
    pen.text((MARGIN, 50), name, font=face, fill=PAPER)
    dates = event_dates(tournament)
    pen.text((MARGIN, 150), dates, font=font(36), fill=PAPER)
    heading, face = fitted(pen, title, WIDTH - 2 * MARGIN, 56, 30)
    pen.text((MARGIN, 270), heading, font=face, fill=INK)
    return image, pen, [tournament.name, dates, title], 370


def _footer(image, pen, url: str, caption: str, lines: list[str]) -> None:
    """The QR code at the bottom right, with a caption beside it."""
    code = qr_image(url, QR_SIZE)
    top = HEIGHT - MARGIN - code.height
    image.paste(code, (WIDTH - MARGIN - code.width, top))
    pen.text((MARGIN, top + code.height // 2 - 60), caption, font=font(36), fill=INK)
    words = _("长按识别二维码")
    pen.text((MARGIN, top + code.height // 2), words, font=font(30), fill=MUTED)
    lines += [caption, words]


def standings_card(tournament, top: dict, url: str) -> bytes:
    """The top places (rank, name, points) after the last locked round."""
    after = top["after_round"]
    title = (
        _("第%(round)s轮后 前%(n)s名") % {"round": after, "n": len(top["rows"])}
        if after is not None
        else _("尚无成绩")
    )
    image, pen, lines, y = _canvas(tournament, title)
    row_height = 88
    for i, (rank, name, points) in enumerate(top["rows"]):
        if i % 2 == 0:
            pen.rectangle(
                (MARGIN - 16, y - 12, WIDTH - MARGIN + 16, y + row_height - 16), fill=BAND
            )
        colour = ACCENT if rank <= 3 else INK
        pen.text((MARGIN, y), str(rank), font=font(48), fill=colour)
        shown, face = fitted(pen, str(name), WIDTH - 2 * MARGIN - 300, 44, 24)
        pen.text((MARGIN + 110, y + 2), shown, font=face, fill=INK)
        score = _("%(points)s分") % {"points": points}
        pen.text((WIDTH - MARGIN, y + 2), score, font=font(44), fill=INK, anchor="ra")
        lines.append(f"{rank} {name} {score}")
        y += row_height
    _footer(image, pen, url, _("完整成绩"), lines)
    return png_bytes(image, lines, url)


def pair_card(tournament, name: str, result: dict, url: str) -> bytes:
    """A pair's (team's, player's) day: rank, points and each round's result."""
    image, pen, lines, y = _canvas(tournament, name)
    summary = []
    if result["rank"] is not None:
        summary.append(_("第%(rank)s名") % {"rank": result["rank"]})
    if result["points"] is not None:
        summary.append(_("%(points)s分") % {"points": result["points"]})
    if summary:
        text = "  ".join(summary)
        pen.text((MARGIN, y), text, font=font(60), fill=ACCENT)
        lines.append(text)
        y += 100
    rounds = result["rounds"]
    row_height = 64 if len(rounds) <= 9 else max(30, 620 // len(rounds))
    size = min(38, row_height - 16)
    for number, opponent, outcome in rounds:
        label = _("第%(round)s轮") % {"round": number}
        pen.text((MARGIN, y), label, font=font(size), fill=MUTED)
        shown, face = fitted(pen, str(opponent), WIDTH - 2 * MARGIN - 400, size, 16)
        pen.text((MARGIN + 180, y), shown, font=face, fill=INK)
        pen.text((WIDTH - MARGIN, y), outcome, font=font(size), fill=INK, anchor="ra")
        lines.append(f"{label} {opponent} {outcome}")
        y += row_height
        if y > HEIGHT - MARGIN - QR_SIZE - 40:
            break
    _footer(image, pen, url, _("全部轮次"), lines)
    return png_bytes(image, lines, url)
