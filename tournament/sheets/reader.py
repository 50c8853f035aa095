"""Reading an uploaded sheet row by row within fixed limits: .xlsx or CSV (UTF-8 or GBK);
.xls, .xlsb and .ods through :mod:`~tournament.sheets.formats` (python-calamine).

An upload is untrusted: a 1.5 KB .xlsx may declare the sheet size A1:XFD1048576, a 1 MB one
may unpack to millions of rows, a CSV field may be megabytes long. So nothing here reads a
whole sheet before checking it. :class:`Limits` names every bound; :func:`sheet_rows` yields
``(sheet title, rows)`` where ``rows`` yields ``(row number, cells as text)`` one at a time and
raises :class:`TableFileError` (a Chinese message naming the limit) the moment a bound is
passed: rows, columns, cells, characters in a cell, unpacked size, seconds. The sheet's
declared dimension is ignored (:meth:`reset_dimensions`), so rows are never padded to it.
XML entity tricks are refused by ``defusedxml``, which openpyxl uses when it is installed.
"""

from __future__ import annotations

import csv
import io
import re
import time
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from xml.etree.ElementTree import ParseError

from defusedxml import DefusedXmlException
from django.utils.translation import gettext as _

from tournament.core.errors import Invalid
from tournament.core.normalize import normalize_name


class TableFileError(Invalid):
    """The file cannot be read as a table; ``str(e)`` is the message (already translated)."""


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


# Anything a broken or hostile .xlsx can make openpyxl raise while reading it.
_XLSX_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    ParseError,
    DefusedXmlException,
    KeyError,
    IndexError,
    TypeError,
    AttributeError,
    ValueError,
    OverflowError,
    EOFError,
    OSError,
    RecursionError,
)


def megabytes(size: int) -> str:
    """A size as people read it: "5 MB", "6.2 MB", "512 KB"."""
    if size < 1024 * 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size / (1024 * 1024):.1f}".removesuffix(".0") + " MB"


def check_size(size: int, limits: Limits) -> None:
    if size > limits.max_bytes:
        raise TableFileError(
            _("文件太大（%(size)s），上传文件最大 %(limit)s")
            % {"size": megabytes(size), "limit": megabytes(limits.max_bytes)}
        )


def clean_text(value: object) -> str:
    """Cell value as text, normalised like a name (:func:`normalize_name`); ``None`` → ``""``."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return normalize_name(value)


class _Budget:
    """Counts what one file has cost so far and refuses when a limit is passed."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.rows = 0
        self.cells = 0
        self.started = time.monotonic()

    def row(self, raw: tuple | list) -> list[str]:
        """One raw row as text cells (trailing blanks dropped), after every limit is checked."""
        limits = self.limits
        self.rows += 1
        self.cells += len(raw)
        if self.rows > limits.max_rows + 1000:  # data rows plus title, header and blank rows
            raise TableFileError(_("行数过多，一次最多导入%(n)d行") % {"n": limits.max_rows})
        if self.cells > limits.max_cells:
            raise TableFileError(
                _("单元格过多，一个文件最多%(n)d个单元格") % {"n": limits.max_cells}
            )
        if time.monotonic() - self.started > limits.max_seconds:
            raise TableFileError(
                _("文件读取超过%(n)g秒，已停止：请删除多余的内容后重试") % {"n": limits.max_seconds}
            )
        cells = list(raw)
        while cells and (cells[-1] is None or cells[-1] == ""):
            cells.pop()
        if len(cells) > limits.max_columns:
            raise TableFileError(
                _("第%(row)d行列数过多，最多%(n)d列") % {"row": self.rows, "n": limits.max_columns}
            )
        for value in cells:
            if isinstance(value, str) and len(value) > limits.max_cell_chars:
                raise TableFileError(
                    _("第%(row)d行有单元格超过%(n)d个字符")
                    % {"row": self.rows, "n": limits.max_cell_chars}
                )
        return [clean_text(v) for v in cells]

    def rows_of(self, raw_rows: Iterable) -> Iterator[tuple[int, list[str]]]:
        self.rows = 0  # row numbers restart for every sheet; cells and seconds do not
        for raw in raw_rows:
            cells = self.row(raw)
            yield self.rows, cells


SHEET_SUFFIXES = (".xlsx", ".xls", ".xlsb", ".ods")
# What the upload forms accept (the file picker's filter; the content decides, not the name).
ACCEPT = ".xlsx,.xls,.xlsb,.ods,.csv,.txt"


def not_a_sheet() -> str:
    """The message for a file that is no sheet (translated when raised)."""
    return _("文件不是Excel表格（.xlsx、.xls、.xlsb）、ODS表格或CSV文件，请用模板填写后上传")


def sheet_rows(data: bytes, filename: str, limits: Limits) -> Iterator[tuple[str, Iterator]]:
    """Each sheet's title and its bounded row stream (a CSV is one sheet called "CSV")."""
    check_size(len(data), limits)
    if not data:
        raise TableFileError(_("文件是空的"))
    from tournament.sheets import formats  # it builds on this module's budget

    kind = formats.sniff(data)  # by the first bytes: a renamed file is read as what it is
    name = filename.lower()
    if kind == "xlsx" or (kind == "zip" and not name.endswith(SHEET_SUFFIXES[1:])):
        return _xlsx_sheets(data, limits)
    if kind == "zip":
        raise formats.damaged()
    if kind:
        return formats.calamine_sheets(data, kind, limits)
    if name.endswith(SHEET_SUFFIXES):
        raise formats.damaged()
    if name.endswith((".csv", ".txt")):
        return iter([("CSV", _csv_rows(data, _Budget(limits)))])
    raise TableFileError(not_a_sheet())


_SHARED_STRING = re.compile(rb"<(?:\w+:)?si[\s/>]")


def _check_zip(data: bytes, limits: Limits) -> None:
    """Refuse an .xlsx whose parts are too big before openpyxl unpacks any of them.

    Sheets are read row by row later; the other parts (workbook, styles, shared strings)
    are read whole by openpyxl, so each is bounded here, and shared strings are counted.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for member in bounded_members(archive, limits):
                name = member.filename.lower()
                if name.endswith("sharedstrings.xml"):
                    if member.file_size > 8 * limits.max_part:
                        raise _too_big(member.file_size, 8 * limits.max_part)
                    _count_strings(archive, member, limits.max_strings)
                elif "worksheets/" not in name and member.file_size > limits.max_part:
                    raise _too_big(member.file_size, limits.max_part)
    except (zipfile.BadZipFile, zlib.error, ValueError, OSError, EOFError) as exc:
        if isinstance(exc, TableFileError):
            raise
        raise TableFileError(_("无法读取Excel文件，文件可能已损坏或不是.xlsx格式")) from exc


def bounded_members(archive: zipfile.ZipFile, limits: Limits) -> list[zipfile.ZipInfo]:
    """A sheet file's ZIP parts, refused when there are over 1,000 of them or they unpack to
    more than ``limits.max_unpacked``: zipfile stops a member at its declared size, so the
    declared sizes bound the work (.xlsx here, .ods and .xlsb in formats.py)."""
    members = archive.infolist()
    unpacked = sum(member.file_size for member in members)
    if len(members) > 1000 or unpacked > limits.max_unpacked:
        raise _too_big(unpacked, limits.max_unpacked)
    return members


def _too_big(size: int, limit: int) -> TableFileError:
    return TableFileError(
        _("Excel文件解压后太大（%(size)s），最大 %(limit)s")
        % {"size": megabytes(size), "limit": megabytes(limit)}
    )


def _count_strings(archive: zipfile.ZipFile, member: zipfile.ZipInfo, limit: int) -> None:
    """Count the shared strings in chunks, at flat memory, without parsing the XML."""
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
        raise TableFileError(_("Excel文件中的不同文字过多，最多%(n)d个") % {"n": limit})


def _xlsx_sheets(data: bytes, limits: Limits) -> Iterator[tuple[str, Iterator]]:
    _check_zip(data, limits)
    budget = _Budget(limits)
    # Imported here: openpyxl (and numpy, which it imports) costs 0.15 CPU-s, and this module
    # is imported by commands and pages that never read a workbook.
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except _XLSX_ERRORS as exc:
        raise TableFileError(_xlsx_message(exc)) from None
    try:
        for sheet in book.worksheets[: limits.max_sheets]:
            if not hasattr(sheet, "reset_dimensions"):
                continue  # a chart sheet has no cells
            sheet.reset_dimensions()  # never pad rows to the size the file claims
            yield sheet.title, _guarded(budget.rows_of(sheet.iter_rows(values_only=True)))
    except _XLSX_ERRORS as exc:
        raise TableFileError(_xlsx_message(exc)) from None
    finally:
        book.close()


def _guarded(rows: Iterator) -> Iterator[tuple[int, list[str]]]:
    """Turn a parser failure in the middle of a sheet into a message."""
    try:
        yield from rows
    except TableFileError:
        raise  # a limit was passed: its own message
    except _XLSX_ERRORS as exc:
        raise TableFileError(_xlsx_message(exc)) from None


def _xlsx_message(exc: BaseException) -> str:
    """Name what is wrong; openpyxl wraps some errors, so the whole chain is looked at."""
    chain: BaseException | None = exc
    while chain is not None:
        if isinstance(chain, DefusedXmlException):
            return _("Excel文件含有不安全的XML内容（实体定义），已拒绝")
        if isinstance(chain, ParseError):
            return _("Excel文件的XML内容已损坏，无法读取")
        chain = chain.__cause__ or chain.__context__
    text = str(exc)
    if "column" in text or "coordinate" in text.lower() or "invalid literal" in text:
        return _("Excel文件中有无效的单元格位置（最多%(n)d列），文件可能已损坏") % {"n": 16384}
    if "datetime" in text or "date" in text:
        return _("Excel文件中有无效的日期，请把日期改为文字后重试")
    return _("无法读取Excel文件，文件可能已损坏或不是.xlsx格式")


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise TableFileError(_("CSV文件编码无法识别，请保存为UTF-8或GBK编码"))


def _csv_rows(data: bytes, budget: _Budget) -> Iterator[tuple[int, list[str]]]:
    if b"\x00" in data[:4096]:
        raise TableFileError(not_a_sheet())
    text = _decode(data)
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    try:
        yield from budget.rows_of(csv.reader(io.StringIO(text), dialect))
    except csv.Error:
        limit = budget.limits.max_cell_chars
        raise TableFileError(
            _("CSV文件格式错误或有单元格过长（每格最多%(n)d个字符）") % {"n": limit}
        ) from None
