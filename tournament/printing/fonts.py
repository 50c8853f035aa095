"""The fonts of the PDFs: a real CJK TrueType font embedded (subset), a Latin font beside it.

Decision
--------
Chinese runs use a TrueType CJK font found on the machine, embedded as a subset (only the
glyphs used), so every viewer shows the characters, including one without Adobe's CJK data
(poppler without ``poppler-data``, many print shops' machines). Where it comes from, first
found wins (:data:`CJK_CANDIDATES`):

1. the setting ``PDF_CJK_FONT`` (environment variable of the same name): a ``.ttf`` or
   ``.ttc`` path, ``path#N`` for face N of a collection;
2. Debian's packages: ``fonts-wqy-zenhei`` (文泉驿正黑, the one CI installs),
   ``fonts-wqy-microhei``, ``fonts-arphic-uming``/``ukai``, ``fonts-droid-fallback``;
3. Windows' system fonts (``msyh.ttc`` 微软雅黑, ``simhei.ttf``, ``simsun.ttc``) and
   macOS's (``Songti.ttc``, ``STHeiti Light.ttc``, ``Arial Unicode.ttf``).

reportlab embeds only TrueType outlines (``glyf``): Debian's ``fonts-noto-cjk`` (OpenType
with CFF outlines) is refused by it and skipped. With none found, the last fallback is the
CID font ``STSong-Light`` (Adobe's Simplified-Chinese font pack name, encoding
UniGB-UCS2-H), which reportlab knows by metrics only: nothing is embedded and the viewer
must supply the glyphs (:func:`chosen` says which is used).

Latin runs (table numbers, levels, scores, Latin names, the English of an English print)
use a Latin TrueType font, embedded too: Liberation Sans (Debian ``fonts-liberation2``,
the metrics of Helvetica/Arial, so the layout is Helvetica's), else Arial, else DejaVu
Sans, drawn condensed to Helvetica's width (:func:`_helvetica_scale`); without any, the
built-in Helvetica (not embedded, WinAnsi). A character is *Latin*
when it is Latin-1 or punctuation of English text the Latin font has (– — ‘ ’ “ ” … →):
an en dash drawn in the CJK font took a full em ("North– South").
:func:`runs` splits a string into runs of one font each.

Characters outside the Basic Multilingual Plane (a rare surname such as U+20BB7), and
with a TrueType CJK font the characters it lacks, are printed as 〓 (the conventional
"missing character" mark) instead of a blank box.

There is no bold CJK face: bold Chinese is drawn with fill+stroke (text render mode 2).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

CID_FALLBACK = "STSong-Light"
HELVETICA, HELVETICA_BOLD = "Helvetica", "Helvetica-Bold"
MISSING = "〓"
_WINDOWS = os.path.join(os.environ.get("WINDIR", r"C:\Windows"), "Fonts")
CJK_CANDIDATES: tuple[str, ...] = (
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc#0",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc#0",
    "/usr/share/fonts/truetype/arphic/uming.ttc#0",
    "/usr/share/fonts/truetype/arphic/ukai.ttc#0",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    os.path.join(_WINDOWS, "msyh.ttc") + "#0",
    os.path.join(_WINDOWS, "msyh.ttf"),
    os.path.join(_WINDOWS, "simhei.ttf"),
    os.path.join(_WINDOWS, "simsun.ttc") + "#0",
    "/System/Library/Fonts/Supplemental/Songti.ttc#0",
    "/System/Library/Fonts/STHeiti Light.ttc#0",
    "/Library/Fonts/Arial Unicode.ttf",
    "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
)
"""Where a CJK TrueType font is looked for, in order (``#N``: face N of a collection)."""
LATIN_CANDIDATES: tuple[tuple[str, str], ...] = (
    (
        "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
    ),
    (
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    ),
    (os.path.join(_WINDOWS, "arial.ttf"), os.path.join(_WINDOWS, "arialbd.ttf")),
    (
        "/System/Library/Fonts/Supplemental/Arial.ttf",
        "/System/Library/Fonts/Supplemental/Arial Bold.ttf",
    ),
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    ),
)
"""Latin TrueType fonts (regular, bold) looked for, in order."""
ENGLISH_PUNCTUATION = "–—‘’“”…→←↔•"
"""Punctuation of the English prints drawn in the Latin font when it has the glyph."""
HELVETICA_EXTRA = "–—‘’“”…•"
"""The same that Helvetica's WinAnsi encoding has."""


@dataclass(frozen=True)
class FontSet:
    """The fonts the PDFs use in this process: reportlab names, and what they are."""

    cjk: str
    latin: str
    latin_bold: str
    cjk_source: str  # the file, or "" for the CID fallback
    latin_source: str  # the file, or "" for Helvetica
    covered: Collection[int] | None  # code points of the CJK TrueType font; None: CID font
    latin_extra: str  # the punctuation of ENGLISH_PUNCTUATION the Latin font has
    latin_scales: tuple[float, float] = (1.0, 1.0)  # regular, bold: see _helvetica_scale

    @property
    def embedded(self) -> bool:
        """Whether both fonts are embedded in the PDFs."""
        return bool(self.cjk_source and self.latin_source)


def _truetype(name: str, spec: str) -> TTFont | None:
    """The TrueType font at ``spec`` (``path`` or ``path#N``) registered as ``name``, or
    None when it is missing or not TrueType (CFF outlines, a broken file)."""
    path, _sep, index = spec.partition("#")
    if not os.path.isfile(path):
        return None
    try:
        font = TTFont(name, path, subfontIndex=int(index or 0))
    except Exception:  # noqa: BLE001 - reportlab raises several kinds for a font it cannot use
        return None
    pdfmetrics.registerFont(font)
    return font


def _cjk_specs() -> list[str]:
    named = getattr(settings, "PDF_CJK_FONT", "") or os.environ.get("PDF_CJK_FONT", "")
    return [named, *CJK_CANDIDATES] if named else list(CJK_CANDIDATES)


@lru_cache(maxsize=1)
def chosen() -> FontSet:
    """Find and register the fonts (once a process: a CJK font takes about 0.1 s to read)."""
    cjk, cjk_source, covered = CID_FALLBACK, "", None
    for spec in _cjk_specs():
        font = _truetype("GuandanCJK", spec)
        if font is not None:
            cjk, cjk_source, covered = "GuandanCJK", spec, font.face.charToGlyph
            break
    else:
        pdfmetrics.registerFont(UnicodeCIDFont(CID_FALLBACK))
    latin, bold, latin_source, extra = HELVETICA, HELVETICA_BOLD, "", HELVETICA_EXTRA
    for regular_path, bold_path in LATIN_CANDIDATES:
        # A name of its own per file: reportlab keeps a registered name's widths.
        name = "GuandanLatin-" + os.path.splitext(os.path.basename(regular_path))[0]
        regular = _truetype(name, regular_path)
        if regular is not None and _truetype(name + "-Bold", bold_path) is not None:
            latin, bold, latin_source = name, name + "-Bold", regular_path
            has = regular.face.charToGlyph
            extra = "".join(ch for ch in ENGLISH_PUNCTUATION if ord(ch) in has)
            break
    scales = (_helvetica_scale(latin, HELVETICA), _helvetica_scale(bold, HELVETICA_BOLD))
    return FontSet(cjk, latin, bold, cjk_source, latin_source, covered, extra, scales)


WIDTH_SAMPLE = "Round 12 pairings: Level-difference points, Opponents' points 0123456789"


def _helvetica_scale(font: str, helvetica: str) -> float:
    """How much a Latin font is condensed to Helvetica's width (1.0: not at all).

    The layouts are made for Helvetica's metrics (Liberation Sans and Arial have them).
    DejaVu Sans, the last TrueType fallback, is about 10 % wider: English headers and
    notes were cut. Its runs are drawn condensed (the PDF's horizontal scaling) to
    Helvetica's width, so every print keeps its layout with whichever font a machine has.
    """
    ratio = pdfmetrics.stringWidth(WIDTH_SAMPLE, helvetica, 1) / pdfmetrics.stringWidth(
        WIDTH_SAMPLE, font, 1
    )
    return 1.0 if ratio > 0.98 else ratio


def reset() -> None:
    """Forget the fonts chosen (after ``PDF_CJK_FONT`` changes: the tests)."""
    chosen.cache_clear()
    _patterns.cache_clear()
    _unit_width.cache_clear()


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern, re.Pattern]:
    latin = "\x20-\x7e\xa0-\xff" + re.escape(chosen().latin_extra)
    return re.compile(f"[{latin}]+|[^{latin}]+"), re.compile(f"[^{latin}]")


_OUTSIDE_BMP = re.compile(r"[^\u0000-\uffff]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# Characters the GB character set lacks, with the glyph Chinese print uses instead.
_SUBSTITUTES = str.maketrans({"\u2212": "-", "\u2011": "-", "\u00ad": "-"})


def _missing(text: str) -> str:
    """``text`` with the non-Latin characters the CJK TrueType font lacks as 〓."""
    covered = chosen().covered
    if covered is None:
        return text
    return _patterns()[1].sub(lambda m: m.group() if ord(m.group()) in covered else MISSING, text)


def clean(text: object, *, newlines: bool = False) -> str:
    """Printable text: ``None`` → "", control characters → space, non-BMP → 〓."""
    if text is None:
        return ""
    s = str(text)
    if newlines:
        return "\n".join(clean(line) for line in s.splitlines())
    return _missing(_OUTSIDE_BMP.sub(MISSING, _CONTROL.sub(" ", s)).translate(_SUBSTITUTES))


def runs(text: str) -> list[tuple[str, bool]]:
    """Split ``text`` into (run, is_latin) pieces.

    >>> runs("第12台 A+")
    [('第', False), ('12', True), ('台', False), (' A+', True)]
    """
    latin = chosen().latin_extra
    return [
        (m.group(), m.group()[0] <= "\xff" or m.group()[0] in latin)
        for m in _patterns()[0].finditer(text)
    ]


@lru_cache(maxsize=4096)  # labels repeat; names are mostly unique
def _unit_width(text: str, bold: bool) -> float:
    f = chosen()
    latin, scale = (f.latin_bold, f.latin_scales[1]) if bold else (f.latin, f.latin_scales[0])
    return sum(
        pdfmetrics.stringWidth(run, latin, scale)
        if ascii_
        else pdfmetrics.stringWidth(run, f.cjk, 1)
        for run, ascii_ in runs(text)
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
    f = chosen()
    t = canvas.beginText(x, y)
    for run, ascii_ in runs(s):
        if bold:
            # Fill and stroke (mode 2): a faux bold for the CJK font, which has no bold face.
            t.setTextRenderMode(0 if ascii_ else 2)
        t.setFont((f.latin_bold if bold else f.latin) if ascii_ else f.cjk, size)
        if f.latin_scales != (1.0, 1.0):
            t.setHorizScale(100 * f.latin_scales[bold] if ascii_ else 100)
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
