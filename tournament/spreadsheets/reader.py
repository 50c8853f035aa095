"""Reading an uploaded sheet row by row within fixed limits: CSV (UTF-8 or GBK) here; .xlsx,
.xls, .xlsb and .ods through :mod:`~tournament.spreadsheets.formats` (python-calamine).

An upload is untrusted: a 1.5 KB .xlsx may declare the sheet size A1:XFD1048576, a 1 MB one
may unpack to millions of rows, a CSV field may be megabytes long. So nothing here reads a
whole sheet before checking it. :class:`Limits` names every bound; :func:`spreadsheet_rows` yields
``(sheet title, rows)`` where ``rows`` yields ``(row number, cells as text)`` one at a time and
raises :class:`TableFileError` (a Chinese message naming the limit) the moment a bound is
passed: rows, columns, cells, characters in a cell, unpacked size, seconds. A sheet's
declared dimension is never read: its real extent is (:mod:`~tournament.spreadsheets.xlsx_extent`).
"""

from __future__ import annotations

import csv
import io
import time
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tournament.core.errors import Invalid
from tournament.core.normalize import normalize_text


class TableFileError(Invalid):
    """The file cannot be read as a table; ``str(e)`` is the message in the active language."""


# Message codes (texts in tournament/text/messages/services.py) and their parameters.
# The media type of an .xlsx workbook (the registration template, the printouts' workbooks).
XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MSG_TOO_BIG = "sheet_too_big"  # size, limit
MSG_TOO_MANY_ROWS = "sheet_too_many_rows"  # n
MSG_TOO_MANY_CELLS = "sheet_too_many_cells"  # n
MSG_TOO_SLOW = "sheet_too_slow"  # n: seconds
MSG_TOO_MANY_COLUMNS = "sheet_too_many_columns"  # row, n
MSG_CELL_TOO_LONG = "sheet_cell_too_long"  # row, n
MSG_EMPTY_FILE = "sheet_empty_file"
MSG_NOT_A_SHEET = "sheet_not_a_sheet"
MSG_UNREADABLE = "sheet_unreadable_xlsx"
MSG_UNPACKED_TOO_BIG = "sheet_unpacked_too_big"  # size, limit
MSG_TOO_MANY_STRINGS = "sheet_too_many_strings"  # n
MSG_UNSAFE_XML = "sheet_unsafe_xml"
MSG_BAD_XML = "sheet_bad_xml"
MSG_BAD_CELL = "sheet_bad_cell"  # n: the columns a sheet may have
MSG_CSV_ENCODING = "sheet_csv_encoding"
MSG_CSV_BAD = "sheet_csv_bad"  # n: the characters a cell may have
MSG_DAMAGED = "sheet_damaged"
MSG_TOO_MANY_PARTS = "sheet_too_many_parts"  # n, limit
MAX_PARTS = 1000  # an .xlsx has about 10 parts, one more per sheet


@dataclass(frozen=True)
class Limits:
    """The bounds of one upload; the defaults fit a 5,000-pair registration sheet (twice over)."""

    max_bytes: int = 5 * 1024 * 1024
    max_rows: int = 10000
    max_columns: int = 100
    max_cells: int = 1_000_000
    max_cell_chars: int = 1000
    max_unpacked: int = 30 * 1024 * 1024  # a 10,000-row sheet unpacks to under 10 MB
    max_part: int = 1024 * 1024  # each part of an .xlsx but sheets and shared strings
    max_strings: int = 50_000  # shared strings: openpyxl reads them all before any row
    max_seconds: float = 10.0
    max_sheets: int = 20


def megabytes(size: int) -> str:
    """A size as people read it: "5 MB", "6.2 MB", "512 KB"."""
    if size < 1024 * 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size / (1024 * 1024):.1f}".removesuffix(".0") + " MB"


def check_size(size: int, limits: Limits) -> None:
    if size > limits.max_bytes:
        raise TableFileError(MSG_TOO_BIG, size=megabytes(size), limit=megabytes(limits.max_bytes))


def clean_text(value: object) -> str:
    """Cell value as text (:func:`normalize_text`: the names among the cells are normalised
    as names by the import that reads them); ``None`` → ``""``."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return normalize_text(value)


class Deadline:
    """The seconds one file may cost, counted from the moment its reading starts: every walker
    of every format (the .xls sectors and records, the XML of a ZIP's parts, the rows) calls
    :meth:`check` as it goes, so no file holds a worker longer than ``limits.max_seconds``."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.ends = time.monotonic() + seconds

    def check(self) -> None:
        if time.monotonic() > self.ends:
            raise TableFileError(MSG_TOO_SLOW, n=self.seconds)


class RowBudget:
    """What one file has cost so far (rows, cells, seconds), refused when a limit is passed:
    every reader of every format sends its raw rows through one budget."""

    def __init__(self, limits: Limits, deadline: Deadline | None = None) -> None:
        self.limits = limits
        self.rows = 0
        self.cells = 0
        self.deadline = deadline or Deadline(limits.max_seconds)

    def row(self, raw: tuple | list) -> list[str]:
        """One raw row as text cells (trailing blanks dropped), after every limit is checked."""
        limits = self.limits
        self.rows += 1
        self.cells += len(raw)
        if self.rows > limits.max_rows + 1000:  # data rows plus title, header and blank rows
            raise TableFileError(MSG_TOO_MANY_ROWS, n=limits.max_rows)
        if self.cells > limits.max_cells:
            raise TableFileError(MSG_TOO_MANY_CELLS, n=limits.max_cells)
        self.deadline.check()
        cells = list(raw)
        while cells and (cells[-1] is None or cells[-1] == ""):
            cells.pop()
        if len(cells) > limits.max_columns:
            raise TableFileError(MSG_TOO_MANY_COLUMNS, row=self.rows, n=limits.max_columns)
        for value in cells:
            if isinstance(value, str) and len(value) > limits.max_cell_chars:
                raise TableFileError(MSG_CELL_TOO_LONG, row=self.rows, n=limits.max_cell_chars)
        return [clean_text(v) for v in cells]

    def rows_of(self, raw_rows: Iterable) -> Iterator[tuple[int, list[str]]]:
        self.rows = 0  # row numbers restart for every sheet; cells and seconds do not
        for raw in raw_rows:
            cells = self.row(raw)
            yield self.rows, cells


SPREADSHEET_SUFFIXES = (".xlsx", ".xls", ".xlsb", ".ods")
# What the upload forms accept (the file picker's filter; the content decides, not the name).
ACCEPT = ".xlsx,.xls,.xlsb,.ods,.csv,.txt"


def spreadsheet_rows(data: bytes, filename: str, limits: Limits) -> Iterator[tuple[str, Iterator]]:
    """Each sheet's title and its bounded row stream (a CSV is one sheet called "CSV")."""
    check_size(len(data), limits)
    if not data:
        raise TableFileError(MSG_EMPTY_FILE)
    from tournament.spreadsheets import formats  # it builds on this module's budget

    deadline = Deadline(limits.max_seconds)  # from here on, every step of every format counts
    kind = formats.sniff(data)  # by the first bytes: a renamed file is read as what it is
    name = filename.lower()
    if kind == "zip":  # not a readable ZIP: named as the format the name says
        raise formats.damaged("" if name.endswith(SPREADSHEET_SUFFIXES[1:]) else "xlsx")
    if kind:
        return formats.calamine_sheets(data, kind, limits, deadline)
    if name.endswith(SPREADSHEET_SUFFIXES):
        raise formats.damaged()
    if name.endswith((".csv", ".txt")):
        return iter([("CSV", _csv_rows(data, RowBudget(limits, deadline)))])
    raise TableFileError(MSG_NOT_A_SHEET)


def bounded_members(archive: zipfile.ZipFile, limits: Limits) -> list[zipfile.ZipInfo]:
    """A sheet file's ZIP parts, refused when there are over 1,000 of them or they unpack to
    more than ``limits.max_unpacked``: zipfile stops a member at its declared size, so the
    declared sizes bound the work (.xlsx here, .ods and .xlsb in formats.py)."""
    members = archive.infolist()
    if len(members) > MAX_PARTS:
        raise TableFileError(MSG_TOO_MANY_PARTS, n=len(members), limit=MAX_PARTS)
    unpacked = sum(member.file_size for member in members)
    if unpacked > limits.max_unpacked:
        raise unpacked_too_big(unpacked, limits.max_unpacked)
    return members


def unpacked_too_big(size: int, limit: int) -> TableFileError:
    """The refusal of a ZIP part (or of all parts) that unpacks beyond ``limit`` bytes."""
    return TableFileError(MSG_UNPACKED_TOO_BIG, size=megabytes(size), limit=megabytes(limit))


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise TableFileError(MSG_CSV_ENCODING)


def _csv_rows(data: bytes, budget: RowBudget) -> Iterator[tuple[int, list[str]]]:
    if b"\x00" in data[:4096]:
        raise TableFileError(MSG_NOT_A_SHEET)
    text = _decode(data)
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    try:
        yield from budget.rows_of(csv.reader(io.StringIO(text), dialect))
    except csv.Error:
        limit = budget.limits.max_cell_chars
        raise TableFileError(MSG_CSV_BAD, n=limit) from None
