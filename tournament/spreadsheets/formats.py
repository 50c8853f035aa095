"""Excel (.xlsx, and Excel 97 .xls), OpenDocument (.ods) and binary Excel (.xlsb) sheets, read
by python-calamine.

The format is told by the file's first bytes (:func:`sniff`), not by its name: an OLE2
compound file is an .xls, a ZIP is an .xlsx, .xlsb or .ods by the parts it holds. calamine
(Rust) reads a 5,000-row .xlsx in 0.05 CPU-s where openpyxl took 1.2, but it reads a
whole sheet into a dense grid from its first to its last used cell, so before it opens a
ZIP-based file every bound it could pass is checked on the raw parts: the number of parts,
their unpacked sizes, the shared strings' count, and the sheet's real extent (the cells of
each .xlsx sheet, :mod:`~tournament.spreadsheets.xlsx_extent`; the cells of ``content.xml`` with
their repeat counts; the row and cell records of each ``.bin`` sheet). An .xls (not a ZIP) is
bounded by its file size and by each sheet's extent, read from its BIFF cell records
(:mod:`~tournament.spreadsheets.xls_extent`). Rows then go through the same budget as every other sheet (rows, columns, cells,
characters, seconds).
"""

from __future__ import annotations

import io
import re
import struct
import xml.parsers.expat
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from xml.parsers.expat import ExpatError

from python_calamine import CalamineWorkbook, SheetTypeEnum

from tournament.spreadsheets.reader import (
    MSG_BAD_XML,
    MSG_DAMAGED,
    MSG_TOO_MANY_CELLS,
    MSG_TOO_MANY_STRINGS,
    MSG_UNREADABLE,
    Deadline,
    Limits,
    RowBudget,
    TableFileError,
    bounded_members,
    unpacked_too_big,
)
from tournament.spreadsheets.xls_extent import NotOle, sheet_extents
from tournament.spreadsheets.xlsx_extent import TooDeep, check_sheet_extent, feed

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


def calamine_sheets(
    data: bytes, kind: str, limits: Limits, deadline: Deadline | None = None
) -> Iterator[tuple[str, Iterator]]:
    """Each worksheet's title and bounded rows (chart sheets have no cells), for an .xlsx,
    .xls, .xlsb or .ods file."""
    deadline = deadline or Deadline(limits.max_seconds)
    if kind == "xls":
        _check_xls(data, limits.max_cells, deadline)
    else:
        _check_parts(data, kind, limits, deadline)
    with _calamine_errors(kind):
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        kinds = [sheet.typ for sheet in book.sheets_metadata]
    budget = RowBudget(limits, deadline)
    try:
        for index in range(min(len(kinds), limits.max_sheets)):
            if kinds[index] != SheetTypeEnum.WorkSheet:
                continue
            with _calamine_errors(kind):
                sheet = book.get_sheet_by_index(index)
            if sheet.height * sheet.width > limits.max_cells:
                raise TableFileError(MSG_TOO_MANY_CELLS, n=limits.max_cells)
            yield sheet.name, budget.rows_of(_rows(sheet, kind))
    finally:
        book.close()


@contextmanager
def _calamine_errors(kind: str) -> Iterator[None]:
    """calamine's errors as a damaged file: its own and plain errors, and its panics (pyo3's
    ``PanicException`` is a ``BaseException``: a cut-off .xls made calamine panic, a 500)."""
    try:
        yield
    except Exception:
        raise damaged(kind) from None
    except BaseException as exc:
        if type(exc).__name__ != "PanicException":
            raise
        raise damaged(kind) from None


def _rows(sheet, kind: str) -> Iterator:
    with _calamine_errors(kind):
        yield from sheet.iter_rows()


def _check_xls(data: bytes, max_cells: int, deadline: Deadline) -> None:
    """Refuse an .xls whose sheets span (or declare) more cells than the cap, before calamine:
    it builds every sheet of the workbook as it opens it, so the cap is on their sum."""
    try:
        extents = sheet_extents(data, deadline.check)
    except NotOle:
        raise damaged() from None
    if sum(max(rows * columns, reserved) for rows, columns, reserved in extents) > max_cells:
        raise _too_many_cells(max_cells)


def _check_parts(data: bytes, kind: str, limits: Limits, deadline: Deadline) -> None:
    """Refuse a ZIP whose parts or sheets are too big, before calamine unpacks any of them."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for member in bounded_members(archive, limits):
                name = member.filename.lower()
                if _is_sheet(name, kind):
                    with archive.open(member) as stream:
                        _extent(stream, kind, limits, deadline)
                elif "sharedstrings" in name:
                    if member.file_size > 8 * limits.max_part:
                        raise unpacked_too_big(member.file_size, 8 * limits.max_part)
                    if kind == "xlsx":
                        _count_strings(archive, member, limits.max_strings, deadline)
                elif member.file_size > limits.max_part:
                    raise unpacked_too_big(member.file_size, limits.max_part)
    except TableFileError:
        raise
    except TooDeep:
        raise damaged(kind) from None
    except ExpatError:  # an .ods's broken content.xml is a damaged file, as it always was
        raise (TableFileError(MSG_BAD_XML) if kind == "xlsx" else damaged(kind)) from None
    except (
        zipfile.BadZipFile,
        zlib.error,
        ValueError,
        OSError,
        EOFError,
        IndexError,
        struct.error,
    ):
        raise damaged(kind) from None


def _is_sheet(name: str, kind: str) -> bool:
    if kind == "ods":
        return name == "content.xml"
    suffix = ".xml" if kind == "xlsx" else ".bin"
    return name.startswith("xl/worksheets/") and name.endswith(suffix)


def _extent(stream, kind: str, limits: Limits, deadline: Deadline) -> None:
    if kind == "xlsx":
        check_sheet_extent(stream, limits, deadline.check)
    elif kind == "ods":
        _ods_extent(stream, limits.max_cells, deadline)
    else:
        _xlsb_extent(stream, limits, deadline)


_SHARED_STRING = re.compile(rb"<(?:\w+:)?si[\s/>]")


def _count_strings(
    archive: zipfile.ZipFile, member: zipfile.ZipInfo, limit: int, deadline: Deadline
) -> None:
    """Count an .xlsx's shared strings in chunks, at flat memory, without parsing the XML:
    calamine reads the whole table before any row."""
    count = 0
    tail = b""
    with archive.open(member) as stream:
        while chunk := stream.read(1024 * 1024):
            deadline.check()
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


class _OdsWalk:
    """The grid calamine builds for the tables of ``content.xml``, walked element by element.

    A row or cell may be repeated (``number-rows-repeated``): LibreOffice ends every sheet
    with a million repeated empty rows, which calamine does not expand, so only repeats that
    hold a value count toward the extent. calamine builds every table when it opens the file,
    so the cap is on the sum of their grids."""

    def __init__(self, max_cells: int) -> None:
        self.max_cells = max_cells
        self.before = 0  # the cells of the tables already walked
        self.rows = self.width = self.last_row = self.last_col = 0
        self.row_repeat = self.col = 0
        self.row_has_value = False
        self.cell: int | None = None  # the open cell's end column, until it shows a value
        self.starts = self.ends = 0  # elements opened and closed (feed's depth bound)

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.starts += 1
        if self.cell is not None and name not in (_CELL, _COVERED):
            self._value(self.cell)  # a cell with something in it
        if name in (_CELL, _COVERED):
            repeat = int(attributes.get(_COLUMNS_REPEATED, "1"))
            self.col += repeat
            self.cell = self.col
            if attributes.get(_VALUE_TYPE):
                self._value(self.col)
        elif name == _ROW:
            self.row_repeat = int(attributes.get(_ROWS_REPEATED, "1"))
            self.col, self.row_has_value = 0, False
        elif name == _TABLE_TAG:
            self.rows = self.width = self.last_row = self.last_col = 0

    def _value(self, end: int) -> None:
        self.last_col = max(self.last_col, end)
        self.row_has_value = True
        self.cell = None

    def end(self, name: str) -> None:
        self.ends += 1
        if name in (_CELL, _COVERED):
            self.cell = None
        elif name == _ROW:
            self.rows += self.row_repeat
            if self.row_has_value:
                self.last_row = self.rows
            self.width = max(self.width, self.last_col)
            if self.before + self.last_row * self.width > self.max_cells:
                raise _too_many_cells(self.max_cells)
        elif name == _TABLE_TAG:
            self.before += self.last_row * self.width


_CELL = f"{_TABLE} table-cell"
_COVERED = f"{_TABLE} covered-table-cell"
_ROW = f"{_TABLE} table-row"
_TABLE_TAG = f"{_TABLE} table"
_COLUMNS_REPEATED = f"{_TABLE} number-columns-repeated"
_ROWS_REPEATED = f"{_TABLE} number-rows-repeated"
_VALUE_TYPE = f"{_OFFICE} value-type"


def _ods_extent(stream, max_cells: int, deadline: Deadline) -> None:
    """The grids calamine would build for the tables of ``content.xml`` stay under the cap
    (expat, streaming, within :func:`~tournament.spreadsheets.xlsx_extent.feed`'s bounds)."""
    walk = _OdsWalk(max_cells)
    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    feed(parser, walk, stream, deadline.check)


def _varint(buffer: bytes, at: int, most: int) -> tuple[int, int]:
    """The number of at most ``most`` 7-bit bytes at ``at``, and where the next field starts."""
    value = shift = 0
    for shift in range(0, 7 * most, 7):
        byte = buffer[at]  # an IndexError past the end: a cut-off record, a damaged file
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            break
    return value, at


def _xlsb_records(stream, deadline: Deadline) -> Iterator[tuple[int, bytes]]:
    """Each record of an .xlsb part as (type, its first 4 bytes), read in 1 MB blocks: a
    record may claim 256 MB, and the rest of its body is skipped, never read whole."""
    buffer, at, skip = b"", 0, 0
    while True:
        if len(buffer) - at < 10:  # less than a header (2 + 4 bytes) and 4 bytes of body
            chunk = stream.read(1024 * 1024)
            deadline.check()
            if not chunk and (skip or at >= len(buffer)):
                return  # the end of the part (perhaps inside a body calamine will refuse)
            if skip:  # the rest of a long body: dropped, then read on
                dropped = min(skip, len(chunk))
                skip -= dropped
                buffer, at = chunk[dropped:], 0
                continue
            buffer, at = buffer[at:] + chunk, 0
        kind, at = _varint(buffer, at, 2)
        size, at = _varint(buffer, at, 4)
        yield kind, buffer[at : at + min(size, 4)]
        at += size
        if at > len(buffer):
            skip, at = at - len(buffer), len(buffer)


def _xlsb_extent(stream, limits: Limits, deadline: Deadline) -> None:
    """Walk an .xlsb sheet's records: the last row and column that hold a cell, under the cap.

    A sheet holds a cell or a row per record but for a few: more records than the limits
    allow cells and rows is refused, and more of the few (formats, merges, a sheet's
    settings) than two a row, so 28 MB of 2-byte records stop after the first 30,000."""
    max_cells = limits.max_cells
    most = limits.max_cells + limits.max_rows + 10_000
    most_others = 2 * limits.max_rows + 10_000
    others = 0
    row = last_row = last_col = 0
    for records, (kind, body) in enumerate(_xlsb_records(stream, deadline), 1):
        if records > most:
            raise _too_many_cells(max_cells)
        if kind != _ROW_HEADER and kind not in _CELLS:
            others += 1
            if others > most_others:
                raise _too_many_cells(max_cells)
        elif kind == _ROW_HEADER and len(body) >= 4:
            row = struct.unpack_from("<I", body)[0]
        elif kind in _CELLS and len(body) >= 4:
            last_row = max(last_row, row + 1)
            last_col = max(last_col, struct.unpack_from("<I", body)[0] + 1)
            if last_row * last_col > max_cells:
                raise _too_many_cells(max_cells)
