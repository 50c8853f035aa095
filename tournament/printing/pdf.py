"""The base of every printed document (after pretix's invoice renderers).

A renderer is a class: page setup as attributes (size, orientation, margins, fonts), hooks
to override (:meth:`PdfDocument.draw`, :meth:`PdfDocument.page_header`), and
:meth:`PdfDocument.render` that writes the PDF to a binary file object. Drawing goes page by
page on a reportlab canvas; there is no story of flowables held in memory.

Memory: reportlab keeps every finished page until ``save()``, uncompressed, then formats
the whole file in memory. Two measures keep long documents small:
:func:`_compress_finished_page` compresses each page's content as soon as it is finished
(about 2 KB a page instead of 15–20 KB; the one place that touches reportlab internals,
pinned 5.1 — if they change it does nothing and the output stays correct), and a document
with ``part_pages`` set (the score sheets) is drawn in parts of that many pages, each joined
into the output file as soon as it is done (:mod:`tournament.printing.pdfjoin`), so memory is
that of one part whatever the page count.

:class:`ListDocument` draws tables of rows (pairings, results, standings, sign-in sheets)
with repeated column headers and page breaks.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import BinaryIO

import reportlab.rl_config
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFName, PDFStream
from reportlab.pdfgen.canvas import Canvas

from tournament.printing import fonts
from tournament.printing.cells import Two as Two  # re-exported: the lists import it from here
from tournament.printing.cells import draw_cell
from tournament.printing.data import EventInfo
from tournament.printing.pdfjoin import PdfJoiner
from tournament.text.messages.labels import APP_NAME

# Content streams are Flate-compressed binary; the extra ASCII85 layer (reportlab's default,
# for 7-bit mail transports) costs a quarter more bytes and slow pure-Python encoding.
reportlab.rl_config.useA85 = 0

CREATOR = APP_NAME  # the Chinese name: a file property, not translated
GREY = colors.Color(0.93, 0.93, 0.93)
MID_GREY = colors.Color(0.55, 0.55, 0.55)
DARK = colors.Color(0.1, 0.1, 0.1)
RED = colors.Color(0.7, 0.1, 0.1)


def _compress_finished_page(canvas: Canvas) -> None:
    """Compress the content of the page just finished (see the module docstring)."""
    try:
        page = canvas._doc.Pages.pages[-1]
        stream = page.stream
    except (AttributeError, IndexError):
        return
    if not isinstance(stream, str) or page.Contents:
        return
    content = PDFStream(content=zlib.compress(stream.encode("utf8"), 6))
    content.dictionary["Filter"] = PDFName("FlateDecode")
    page.Contents = content
    page.stream = None


class PdfDocument:
    """One PDF. Subclasses set the attributes and implement :meth:`draw`."""

    pagesize: tuple[float, float] = A4
    landscape: bool = False
    margin_top: float = 14 * mm
    margin_bottom: float = 14 * mm
    margin_left: float = 14 * mm
    margin_right: float = 14 * mm
    header: bool = True
    footer: bool = True
    title: str = ""
    # 0: one canvas for the whole file. n: a new canvas every n pages, the parts joined into
    # the output as they are finished (flat memory; only for documents without "共 N 页").
    part_pages: int = 0

    def __init__(self, event: EventInfo) -> None:
        self.event = event
        self.canvas: Canvas | None = None
        self.page_number = 0
        self._joiner: PdfJoiner | None = None
        self._part: io.BytesIO | None = None
        self._part_count = 0

    # -- page geometry ------------------------------------------------------------------
    @property
    def size(self) -> tuple[float, float]:
        return landscape(self.pagesize) if self.landscape else self.pagesize

    @property
    def width(self) -> float:
        return self.size[0]

    @property
    def height(self) -> float:
        return self.size[1]

    @property
    def left(self) -> float:
        return self.margin_left

    @property
    def right(self) -> float:
        return self.width - self.margin_right

    @property
    def content_width(self) -> float:
        return self.right - self.left

    @property
    def top(self) -> float:
        """Where content starts on a page, below the header."""
        return self.height - self.margin_top - (9 * mm if self.header else 0)

    @property
    def bottom(self) -> float:
        return self.margin_bottom + (6 * mm if self.footer else 0)

    # -- rendering ----------------------------------------------------------------------
    def render(self, out: BinaryIO) -> None:
        """Write the whole PDF to ``out``."""
        self.page_number = 0
        if self.part_pages:
            assert not self.footer, "page totals need the whole document in one canvas"
            self._joiner = PdfJoiner(out)
            self._new_part()
        else:
            self.canvas = self._canvas(out)
            self.begin_canvas()
        self.draw()
        c = self.canvas
        if self.footer:
            c.beginForm("page_total")
            fonts.draw(c, 0, 0, _("%(n)s 页") % {"n": self.page_number}, 8)
            c.endForm()
        if self._joiner is not None:
            self._flush_part(last=True)
            self._joiner.close(title=self._doc_title(), author=self.event.host, creator=CREATOR)
            self._joiner = None
        else:
            c.save()
        self.canvas = None

    def _doc_title(self) -> str:
        return f"{self.event.name} {self.title}".strip()

    def _canvas(self, out: BinaryIO) -> Canvas:
        c = Canvas(out, pagesize=self.size, pageCompression=1, initialFontName=fonts.chosen().latin)
        c.setTitle(self._doc_title())
        c.setAuthor(self.event.host)
        c.setCreator(CREATOR)
        return c

    def begin_canvas(self) -> None:
        """Hook: called on every new canvas (each part), e.g. to define its forms."""

    def _new_part(self) -> None:
        self._part = io.BytesIO()
        self._part_count = 0
        self.canvas = self._canvas(self._part)
        self.begin_canvas()

    def _flush_part(self, *, last: bool) -> None:
        if self._part_count or last and not self._joiner.kids:
            self.canvas.save()
            self._joiner.add(self._part.getvalue(), more=not last)
        self._part = None
        if not last:
            self._new_part()

    def render_bytes(self) -> bytes:
        out = io.BytesIO()
        self.render(out)
        return out.getvalue()

    def draw(self) -> None:
        """Draw every page: call :meth:`start_page` and :meth:`end_page` around each."""
        raise NotImplementedError

    def start_page(self) -> float:
        """Begin a page with its header and footer; return the y where content starts."""
        self.page_number += 1
        if self.header:
            self.page_header()
        if self.footer:
            self.page_footer()
        return self.top

    def end_page(self) -> None:
        assert self.canvas is not None
        self.canvas.showPage()
        _compress_finished_page(self.canvas)
        if self._joiner is not None:
            self._part_count += 1
            if self._part_count >= self.part_pages:
                self._flush_part(last=False)

    def page_header(self) -> None:
        """Event name and the document title, with a rule under them."""
        c = self.canvas
        y = self.height - self.margin_top - 5 * mm
        fonts.draw(
            c, self.left, y, self.event.name, 11, bold=True, max_width=self.content_width * 0.6
        )
        fonts.draw(
            c, self.right, y, self.title, 11, align="right", max_width=self.content_width * 0.4
        )
        c.setLineWidth(0.6)
        c.line(self.left, y - 2.5 * mm, self.right, y - 2.5 * mm)

    def page_footer(self) -> None:
        """Host, print time and "第 n 页 / 共 N 页" (N filled in when the file is written)."""
        c = self.canvas
        y = self.margin_bottom
        fonts.draw(
            c,
            self.left,
            y,
            _("%(host)s  打印于 %(at)s") % {"host": self.event.host, "at": self.event.printed_at},
            8,
            color=MID_GREY,
        )
        label = _("第 %(n)s 页 / 共 ") % {"n": self.page_number}
        x = self.right - 12 * mm
        fonts.draw(c, x, y, label, 8, align="right")
        c.saveState()
        c.translate(x + 0.8 * mm, y)
        c.doForm("page_total")
        c.restoreState()


# -- tables of rows ----------------------------------------------------------------------


@dataclass(frozen=True)
class Col:
    """A column of a printed table: title, relative width, alignment."""

    title: str
    weight: float
    align: str = "left"
    bold: bool = False


class Banded(list):
    """A row that says whether it is shaded, instead of every other row, and how many rows
    from it on stay on one page (``keep``: a team match's tables)."""

    def __init__(self, cells, shaded: bool, keep: int = 1) -> None:
        super().__init__(cells)
        self.shaded = shaded
        self.keep = keep


@dataclass
class Section:
    """A titled table: columns and rows (each a sequence of str, number or :class:`Two`)."""

    title: str
    columns: Sequence[Col]
    rows: Iterable[Sequence[object]]
    row_height: float = 6.5 * mm
    font_size: float = 9.5
    new_page: bool = False
    note: str = ""


class ListDocument(PdfDocument):
    """A document made of :class:`Section` tables; subclasses implement :meth:`sections`.

    ``signature``: a line for the chief referee's signature after the last table."""

    zebra = True
    grid = False
    section_gap = 6 * mm
    signature = False
    note_size, note_min_size = 8, 6.5  # a section note's, and the least it shrinks to

    def sections(self) -> Iterable[Section]:
        raise NotImplementedError

    def draw(self) -> None:
        y = None
        for section in self.sections():
            if y is None or section.new_page:
                if y is not None:
                    self.end_page()
                y = self.start_page()
            elif y - 4 * section.row_height < self.bottom:
                self.end_page()
                y = self.start_page()
            else:
                y -= self.section_gap
            y = self._draw_section(section, y)
        if y is None:  # nothing to print: one page saying so
            y = self.start_page()
            fonts.draw(self.canvas, self.left, y - 8 * mm, _("（无数据）"), 12)
        if self.signature:
            if y - 18 * mm < self.bottom:
                self.end_page()
                y = self.start_page()
            self.signature_line(y - 14 * mm)
        self.end_page()

    def signature_line(self, y: float) -> None:
        """裁判长签名 and the date, with lines to write on."""
        c = self.canvas
        x = self.right - 150 * mm
        fonts.draw(c, x, y, _("裁判长签名："), 11, bold=True)
        c.setLineWidth(0.6)
        c.line(x + 26 * mm, y - 1 * mm, x + 86 * mm, y - 1 * mm)
        fonts.draw(c, x + 92 * mm, y, _("日期："), 11, bold=True)
        c.line(x + 106 * mm, y - 1 * mm, self.right, y - 1 * mm)

    def _widths(self, columns: Sequence[Col]) -> list[float]:
        total = sum(col.weight for col in columns)
        return [self.content_width * col.weight / total for col in columns]

    def _section_title(self, section: Section, y: float, continued: bool) -> float:
        title = section.title + (_("（续）") if continued else "")
        fonts.draw(self.canvas, self.left, y - 5 * mm, title, 12, bold=True)
        if not section.note or continued:
            return y - 7.5 * mm
        return self._section_note(section.note, fonts.width(fonts.clean(title), 12, True), y)

    def _section_note(self, note: str, title_width: float, y: float) -> float:
        """The section's note in grey: right of its title when it fits there at a readable
        size, else wrapped under the title. A fallback Latin font wider than Helvetica's
        metrics (DejaVu Sans) cut the English pairings' seat note beside the title."""
        size, beside = self.note_size, self.content_width - title_width - 6 * mm
        if fonts.width(fonts.clean(note), self.note_min_size) <= beside:
            fit = {"max_width": beside, "min_size": self.note_min_size, "color": MID_GREY}
            fonts.draw(self.canvas, self.right, y - 5 * mm, note, size, align="right", **fit)
            return y - 7.5 * mm
        y -= 7.5 * mm
        for line in fonts.wrap(note, self.content_width, size):
            y -= size * 1.3
            fonts.draw(self.canvas, self.left, y + 1 * mm, line, size, color=MID_GREY)
        return y - 1 * mm

    def _header_row(self, section: Section, widths: list[float], y: float) -> float:
        c = self.canvas
        h = 6 * mm
        c.setFillColor(GREY)
        c.rect(self.left, y - h, self.content_width, h, stroke=0, fill=1)
        c.setFillColor(colors.black)
        x = self.left
        for col, w in zip(section.columns, widths, strict=True):
            # Column titles are msgids: translated here, in the print language.
            self._cell(_(col.title), x, y, w, h, section.font_size - 0.5, col.align, True)
            x += w
        c.setLineWidth(0.5)
        c.line(self.left, y - h, self.right, y - h)
        return y - h

    def _draw_section(self, section: Section, y: float) -> float:
        c = self.canvas
        widths = self._widths(section.columns)
        y = self._header_row(section, widths, self._section_title(section, y, False))
        h = section.row_height
        for index, row in enumerate(section.rows):
            if y - h * getattr(row, "keep", 1) < self.bottom:
                self.end_page()
                y = self.start_page()
                y = self._header_row(section, widths, self._section_title(section, y, True))
            # A row may say whether it is shaded (the tables of one team match share a band).
            if self.zebra and getattr(row, "shaded", index % 2):
                c.setFillColor(colors.Color(0.97, 0.97, 0.97))
                c.rect(self.left, y - h, self.content_width, h, stroke=0, fill=1)
                c.setFillColor(colors.black)
            x = self.left
            for col, w, value in zip(section.columns, widths, row, strict=True):
                self._cell(value, x, y, w, h, section.font_size, col.align, col.bold)
                if self.grid:
                    c.setLineWidth(0.4)
                    c.line(x, y, x, y - h)
                x += w
            if self.grid:
                c.line(self.right, y, self.right, y - h)
                c.line(self.left, y - h, self.right, y - h)
            y -= h
        c.setLineWidth(0.5)
        c.line(self.left, y, self.right, y)
        return y

    def _cell(self, value, x, y, w, h, size, align, bold) -> None:
        draw_cell(self.canvas, value, x, y, w, h, size, align, bold)
