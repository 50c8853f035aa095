"""An .xlsx workbook from :class:`~tournament.printing.tabular.Exporter` sheets, in
openpyxl's write-only mode: rows stream to the file instead of building a workbook in
memory. Text that looks like a formula is typed as text (see
:mod:`tournament.printing.tabular`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, BinaryIO

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from tournament.printing.tabular import FORMULA_PREFIXES, Exporter

_SHEET_TITLE_BAD = str.maketrans({c: "_" for c in "[]:*?/\\"})

_HEADER_FONT = Font(bold=True)
_TITLE_FONT = Font(bold=True, size=14)
_HEADER_FILL = PatternFill("solid", fgColor="EEEEEE")
_HEADER_ALIGN = Alignment(vertical="center")


def sheet_title(title: str, used: set[str]) -> str:
    """A valid, unique sheet title (31 characters, none of []:*?/\\)."""
    base = title.translate(_SHEET_TITLE_BAD)[:31] or "Sheet"
    name, n = base, 2
    while name.lower() in used:
        suffix = f"({n})"
        name = base[: 31 - len(suffix)] + suffix
        n += 1
    used.add(name.lower())
    return name


def _xlsx_text(ws, value: str):
    value = ILLEGAL_CHARACTERS_RE.sub("", value)
    if value.startswith(FORMULA_PREFIXES):
        cell = WriteOnlyCell(ws, value)
        cell.data_type = "s"  # text, never a formula
        return cell
    return value


def _xlsx_row(ws, row: Sequence[Any], formats: Sequence[str | None]) -> list:
    # The hot loop of a 25,000-row workbook: plain values pass through untouched.
    out = list(row)
    for i, value in enumerate(out):
        if type(value) is str:
            out[i] = _xlsx_text(ws, value)
        elif formats[i] and type(value) in (int, float):
            cell = WriteOnlyCell(ws, value)
            cell.number_format = formats[i]
            out[i] = cell
    return out


def write_sheet(
    book: Workbook, exporter: Exporter, used_titles: set[str], heading: str = ""
) -> None:
    """One sheet: with ``heading`` (the event's name), a title row above the column headers
    ("2025春季公开赛 · 第3轮"), so a printed or forwarded sheet says which event it is."""
    ws = book.create_sheet(sheet_title(exporter.sheet_title, used_titles))
    columns = list(exporter.columns)
    for index, col in enumerate(columns, start=1):
        ws.column_dimensions[get_column_letter(index)].width = col.width
    top = 2 if heading else 1
    ws.freeze_panes = f"A{top + 1}"  # sheet settings first: write-only sheets stream rows
    ws.print_title_rows = f"{top}:{top}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = "9"  # A4
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    if heading:
        text = ILLEGAL_CHARACTERS_RE.sub("", f"{heading} · {exporter.sheet_title}")
        title = WriteOnlyCell(ws, text)
        title.font = _TITLE_FONT
        title.data_type = "s"
        ws.append([title])
    formats = [col.number_format for col in columns]
    rows = iter(exporter)
    header = []
    for title in next(rows):
        cell = WriteOnlyCell(ws, ILLEGAL_CHARACTERS_RE.sub("", str(title)))
        cell.font, cell.fill, cell.alignment = _HEADER_FONT, _HEADER_FILL, _HEADER_ALIGN
        header.append(cell)
    ws.append(header)
    count = top
    for row in rows:
        ws.append(_xlsx_row(ws, row, formats))
        count += 1
    if columns:
        ws.auto_filter.ref = f"A{top}:{get_column_letter(len(columns))}{count}"


def write_book(exporters: Iterable[Exporter], out: BinaryIO, heading: str = "") -> None:
    """One sheet per exporter, in order, then the workbook saved to ``out``."""
    book = Workbook(write_only=True)
    used: set[str] = set()
    for exporter in exporters:
        write_sheet(book, exporter, used, heading)
    if not used:
        book.create_sheet("Sheet1")
    book.save(out)
