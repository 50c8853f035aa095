"""Excel (.xlsx, and Excel 97 .xls), OpenDocument (.ods) and binary Excel (.xlsb) sheets, read
by python-calamine.

The format is told by the file's first bytes (:func:`sniff`), not by its name: an OLE2
compound file is an .xls, a ZIP is an .xlsx, .xlsb or .ods by the parts it holds. calamine
(Rust) reads a 5,000-row .xlsx in 0.05 CPU-s where openpyxl took 1.2 (issue 31), but it reads a
whole sheet into a dense grid from its first to its last used cell, so before it opens a
ZIP-based file every bound it could pass is checked on the raw parts: the number of parts,
their unpacked sizes, the shared strings' count, and the sheet's real extent (the cells of
each .xlsx sheet, :mod:`~tournament.sheets.xlsx_extent`; the cells of ``content.xml`` with
their repeat counts; the row and cell records of each ``.bin`` sheet). An .xls (not a ZIP) is
bounded by its file size and by each sheet's extent, read from its BIFF cell records
(:mod:`~tournament.sheets.xls_extent`). Rows then go through the same budget as every other sheet (rows, columns, cells,
characters, seconds).
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from xml.parsers.expat import ExpatError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse
from python_calamine import CalamineWorkbook, SheetTypeEnum

from tournament.sheets.reader import (
    MSG_BAD_XML,
    MSG_DAMAGED,
    MSG_TOO_MANY_CELLS,
    MSG_TOO_MANY_STRINGS,
    MSG_UNREADABLE,
    Limits,
    RowBudget,
    TableFileError,
    bounded_members,
    unpacked_too_big,
)
from tournament.sheets.xls_extent import NotOle, sheet_extents
from tournament.sheets.xlsx_extent import check_sheet_extent

OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP = b"PK\x03\x04"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
# Record types of an .xlsb sheet: the row header, then the cells (blank to formula error).
_ROW_HEADER = 0
_CELLS = range(1, 12)


def damaged(kind: str = "") -> TableFileError:
    """The refusal of a file calamine cannot read (an .xlsx names its own format)."""
    return TableFileError(MSG_UNREADABLE if kind == "xlsx" else MSG_DAMAGED)


def sniff(data: bytes) -> str | None:
    """ "xls", "xlsx", "xlsb", "ods", or ``None`` (not a spreadsheet: perhaps a CSV)."""
    if data.startswith(OLE2):
        return "xls"
    if not data.startswith(ZIP):
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = {name.lower() for name in archive.namelist()[:1000]}
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        return "zip"
    if "xl/workbook.bin" in names:
        return "xlsb"
    if "content.xml" in names:
        return "ods"
    return "xlsx"


def calamine_sheets(data: bytes, kind: str, limits: Limits) -> Iterator[tuple[str, Iterator]]:
    """Each worksheet's title and bounded rows (chart sheets have no cells), for an .xlsx,
    .xls, .xlsb or .ods file."""
    if kind == "xls":
        _check_xls(data, limits.max_cells)
    else:
        _check_parts(data, kind, limits)
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        kinds = [sheet.typ for sheet in book.sheets_metadata]
    except Exception:  # calamine raises its own and plain errors for a broken file
        raise damaged(kind) from None
    budget = RowBudget(limits)
    try:
        for index in range(min(len(kinds), limits.max_sheets)):
            if kinds[index] != SheetTypeEnum.WorkSheet:
                continue
            try:
                sheet = book.get_sheet_by_index(index)
            except Exception:
                raise damaged(kind) from None
            if sheet.height * sheet.width > limits.max_cells:
                raise TableFileError(MSG_TOO_MANY_CELLS, n=limits.max_cells)
            yield sheet.name, budget.rows_of(sheet.iter_rows())
    finally:
        book.close()


def _check_xls(data: bytes, max_cells: int) -> None:
    """Refuse an .xls any of whose sheets spans more cells than the cap, before calamine."""
    try:
        extents = sheet_extents(data)
    except NotOle:
        raise damaged() from None
    if any(rows * columns > max_cells for rows, columns in extents):
        raise _too_many_cells(max_cells)


def _check_parts(data: bytes, kind: str, limits: Limits) -> None:
    """Refuse a ZIP whose parts or sheets are too big, before calamine unpacks any of them."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for member in bounded_members(archive, limits):
                name = member.filename.lower()
                if _is_sheet(name, kind):
                    with archive.open(member) as stream:
                        _extent(stream, kind, limits)
                elif "sharedstrings" in name:
                    if member.file_size > 8 * limits.max_part:
                        raise unpacked_too_big(member.file_size, 8 * limits.max_part)
                    if kind == "xlsx":
                        _count_strings(archive, member, limits.max_strings)
                elif member.file_size > limits.max_part:
                    raise unpacked_too_big(member.file_size, limits.max_part)
    except TableFileError:
        raise
    except ExpatError:
        raise TableFileError(MSG_BAD_XML) from None
    except (zipfile.BadZipFile, zlib.error, ValueError, OSError, EOFError, struct.error):
        raise damaged(kind) from None
    except (DefusedXmlException, SyntaxError):  # ParseError is a SyntaxError
        raise damaged(kind) from None


def _is_sheet(name: str, kind: str) -> bool:
    if kind == "ods":
        return name == "content.xml"
    suffix = ".xml" if kind == "xlsx" else ".bin"
    return name.startswith("xl/worksheets/") and name.endswith(suffix)


def _extent(stream, kind: str, limits: Limits) -> None:
    if kind == "xlsx":
        check_sheet_extent(stream, limits)
    elif kind == "ods":
        _ods_extent(stream, limits.max_cells)
    else:
        _xlsb_extent(stream, limits.max_cells)


_SHARED_STRING = re.compile(rb"<(?:\w+:)?si[\s/>]")


def _count_strings(archive: zipfile.ZipFile, member: zipfile.ZipInfo, limit: int) -> None:
    """Count an .xlsx's shared strings in chunks, at flat memory, without parsing the XML:
    calamine reads the whole table before any row."""
    count = 0
    tail = b""
    with archive.open(member) as stream:
        while chunk := stream.read(1024 * 1024):
            block = tail + chunk
            count += len(_SHARED_STRING.findall(block))
            tail = block[-8:]
            count -= len(_SHARED_STRING.findall(tail))  # counted again with the next chunk
            if count > limit:
                break
    if count + len(_SHARED_STRING.findall(tail)) > limit:
        raise TableFileError(MSG_TOO_MANY_STRINGS, n=limit)


def _too_many_cells(limit: int) -> TableFileError:
    return TableFileError(MSG_TOO_MANY_CELLS, n=limit)


def _ods_extent(stream, max_cells: int) -> None:
    """The grid calamine would build for each table of ``content.xml`` stays under the cap.

    A row or cell may be repeated (``number-rows-repeated``): LibreOffice ends every sheet
    with a million repeated empty rows, which calamine does not expand, so only repeats that
    hold a value count toward the extent."""
    rows = width = last_row = last_col = 0
    row_repeat = col = 0
    row_has_value = False
    for event, element in iterparse(stream, events=("start", "end")):
        tag = element.tag
        if event == "start":
            if tag == f"{{{_TABLE}}}table":
                rows = last_row = last_col = 0
            elif tag == f"{{{_TABLE}}}table-row":
                row_repeat = int(element.get(f"{{{_TABLE}}}number-rows-repeated", "1"))
                col, row_has_value = 0, False
            continue
        if tag in (f"{{{_TABLE}}}table-cell", f"{{{_TABLE}}}covered-table-cell"):
            repeat = int(element.get(f"{{{_TABLE}}}number-columns-repeated", "1"))
            if len(element) or element.get(f"{{{_OFFICE}}}value-type"):
                last_col = max(last_col, col + repeat)
                row_has_value = True
            col += repeat
            element.clear()
        elif tag == f"{{{_TABLE}}}table-row":
            rows += row_repeat
            if row_has_value:
                last_row = rows
            width = max(width, last_col)
            if last_row * width > max_cells:
                raise _too_many_cells(max_cells)
            element.clear()


def _varint(stream, limit: int) -> int:
    value = 0
    for shift in range(0, 7 * limit, 7):
        byte = stream.read(1)
        if not byte:
            raise EOFError
        value |= (byte[0] & 0x7F) << shift
        if byte[0] < 0x80:
            return value
    return value


def _xlsb_extent(stream, max_cells: int) -> None:
    """Walk an .xlsb sheet's records: the last row and column that hold a cell, under the cap."""
    stream = io.BufferedReader(stream, 1024 * 1024)
    row = last_row = last_col = 0
    while stream.peek(1):
        kind, size = _varint(stream, 2), _varint(stream, 4)
        body = stream.read(size)
        if kind == _ROW_HEADER and len(body) >= 4:
            row = struct.unpack_from("<I", body)[0]
        elif kind in _CELLS and len(body) >= 4:
            last_row = max(last_row, row + 1)
            last_col = max(last_col, struct.unpack_from("<I", body)[0] + 1)
            if last_row * last_col > max_cells:
                raise _too_many_cells(max_cells)
