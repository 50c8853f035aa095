"""Chinese text in the PDFs, with nothing to download or embed.

Decision
--------
Chinese runs use reportlab's built-in CID font ``STSong-Light`` (Adobe's Simplified-Chinese
font pack name, encoding UniGB-UCS2-H). reportlab ships its metrics, so no font file is needed
on the server and none is embedded: the PDF viewer supplies the glyphs (Acrobat, WPS,
Chrome/pdfium, macOS Preview and poppler with a CJK font all do). pypdf extracts the text back
exactly, which the tests rely on.

Latin runs (table numbers, levels, scores, Latin names, and Latin-1 such as the middle dot
of 买买提·艾力) use Helvetica, another built-in, whose WinAnsi encoding covers them. The
half-width glyphs of STSong-Light come with Adobe's widths; a viewer that substitutes a
different CJK font for it draws them crowded, while every viewer has a Helvetica-compatible
font. :func:`runs` splits a string into runs of one font each.

The UCS-2 encoding cannot carry characters outside the Basic Multilingual Plane (a rare
surname such as U+20BB7); they are printed as 〓 (the conventional "missing character" mark)
instead of corrupting the rest of the line.

The CID font has no bold face: bold Chinese is drawn with fill+stroke (text render mode 2).
"""

from __future__ import annotations

import re
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen.canvas import Canvas

CJK = "STSong-Light"
LATIN = "Helvetica"
LATIN_BOLD = "Helvetica-Bold"
MISSING = "〓"

_LATIN = "\x20-\x7e\xa0-\xff"
_RUN = re.compile(f"[{_LATIN}]+|[^{_LATIN}]+")
_OUTSIDE_BMP = re.compile(r"[^\u0000-\uffff]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# Characters the GB character set lacks, with the glyph Chinese print uses instead.
_SUBSTITUTES = str.maketrans({"\u2212": "-", "\u2011": "-", "\u00ad": "-"})


def register() -> None:
    """Register the CID font with reportlab (idempotent, cheap)."""
    if CJK not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(CJK))


register()


def clean(text: object, *, newlines: bool = False) -> str:
    """Printable text: ``None`` → "", control characters → space, non-BMP → 〓."""
    if text is None:
        return ""
    s = str(text)
    if newlines:
        return "\n".join(clean(line) for line in s.splitlines())
    return _OUTSIDE_BMP.sub(MISSING, _CONTROL.sub(" ", s)).translate(_SUBSTITUTES)


def runs(text: str) -> list[tuple[str, bool]]:
    """Split ``text`` into (run, is_latin) pieces.

    >>> runs("第12台 A+")
    [('第', False), ('12', True), ('台', False), (' A+', True)]
    """
    return [(m.group(), m.group()[0] <= "\xff") for m in _RUN.finditer(text)]


@lru_cache(maxsize=4096)  # labels repeat; names are mostly unique
def _unit_width(text: str, bold: bool) -> float:
    latin = LATIN_BOLD if bold else LATIN
    return sum(
        pdfmetrics.stringWidth(run, latin if ascii_ else CJK, 1) for run, ascii_ in runs(text)
    )


def width(text: str, size: float, bold: bool = False) -> float:
    """Width in points of ``text`` (already cleaned) at ``size``."""
    return _unit_width(text, bold) * size


def fit(text: str, max_width: float, size: float, min_size: float | None = None, bold=False):
    """Return ``(text, size)`` that fits ``max_width``: shrink down to ``min_size``, then cut
    the end and add an ellipsis. A name is better small than cut, but never overflowing."""
    text = clean(text)
    w = width(text, size, bold)
    if w <= max_width or not text:
        return text, size
    floor = min_size if min_size is not None else size * 0.7
    shrunk = size * max_width / w
    if shrunk >= floor:
        return text, shrunk
    while text and width(text + "…", floor, bold) > max_width:
        text = text[:-1]
    return text + "…", floor


def wrap(text: str, max_width: float, size: float, bold: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``max_width``.

    Chinese breaks between any two characters; an ASCII word is kept whole when it fits on
    a line of its own. Explicit new lines are kept.
    """
    lines: list[str] = []
    for paragraph in clean(text, newlines=True).split("\n"):
        line = ""
        for token in re.findall(r"[A-Za-z0-9]+|.", paragraph):
            if width(line + token, size, bold) <= max_width or not line:
                line += token
            else:
                lines.append(line.rstrip())
                line = token.lstrip()
        lines.append(line)
    return lines


def draw(
    canvas: Canvas,
    x: float,
    y: float,
    text: object,
    size: float,
    *,
    align: str = "left",
    bold: bool = False,
    max_width: float | None = None,
    min_size: float | None = None,
    color=None,
) -> float:
    """Draw one line of mixed Chinese/ASCII text; return the font size used.

    ``align`` is "left", "center" or "right" (x is then the centre or the right edge).
    With ``max_width`` the text is shrunk or shortened to fit (see :func:`fit`); ``color``
    sets fill and stroke for this line only.
    """
    s = clean(text)
    if max_width is not None:
        s, size = fit(s, max_width, size, min_size, bold)
    if not s:
        return size
    if align != "left":
        w = width(s, size, bold)
        x -= w if align == "right" else w / 2
    local_state = bold or color is not None
    if local_state:
        canvas.saveState()
    if color is not None:
        canvas.setFillColor(color)
        canvas.setStrokeColor(color)
    if bold:
        canvas.setLineWidth(size * 0.035)
    t = canvas.beginText(x, y)
    for run, ascii_ in runs(s):
        if bold:
            # Fill and stroke (mode 2): a faux bold for the CID font, which has no bold face.
            t.setTextRenderMode(0 if ascii_ else 2)
        t.setFont((LATIN_BOLD if bold else LATIN) if ascii_ else CJK, size)
        t.textOut(run)
    canvas.drawText(t)
    if local_state:
        canvas.restoreState()
    return size


def two_lines(
    text: str, max_width: float, size: float, min_size: float, bold: bool = False
) -> tuple[list[str], float]:
    """``text`` on one line if it fits at ``min_size`` or more, else on two lines split where
    their widths are most even (at a separator · 、, or between characters), at the largest
    size up to ``size`` where both fit. Only when two lines at ``min_size`` do not fit either
    is the text cut (by :func:`fit`): a name is never cut while the cell has room for it."""
    text = clean(text)
    one, one_size = fit(text, max_width, size, min_size, bold)
    if one == text:
        return [one], one_size
    breaks = [i + 1 for i, ch in enumerate(text) if ch in " ·、，,"] or range(1, len(text))
    best = min(breaks, key=lambda i: max(width(text[:i], 1, bold), width(text[i:], 1, bold)))
    lines = [text[:best].rstrip(" ·、，,"), text[best:].lstrip(" ·")]
    widest = max(width(line, 1, bold) for line in lines)
    two_size = min(size, max_width / widest) if widest else size
    if two_size >= min_size:
        return lines, two_size
    return [one], one_size
