"""Reading the spreadsheets organizers send: .xlsx, or .csv in UTF-8 or GBK.

Plain Python, no Django: ``read_table`` turns file bytes into a sheet name, a header row and
data rows (each with its spreadsheet row number), or raises :class:`TableFileError` with a
Chinese message. Column headers are matched against aliases (Chinese or English) by
:func:`map_headers`, which reports unknown and missing columns.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

MAX_ROWS = 20000


class TableFileError(ValueError):
    """The file cannot be read as a table; ``str(e)`` is a Chinese message."""


@dataclass(frozen=True)
class RawTable:
    sheet: str
    header: list[str]
    header_row: int
    rows: list[tuple[int, list[str]]]  # (spreadsheet row number, cells as text)


@dataclass(frozen=True)
class CellProblem:
    """A problem in the file, located as a user sees it: row number and column."""

    row: int | None
    column: str | None
    message: str

    def __str__(self) -> str:
        where = []
        if self.row is not None:
            where.append(f"第{self.row}行")
        if self.column:
            where.append(f"“{self.column}”列")
        return ("".join(where) + "：" if where else "") + self.message


def clean_text(value: object) -> str:
    """Cell value as text, trimmed of ASCII and full-width spaces; ``None`` → ``""``."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip().strip("\u3000").strip()


def read_table(data: bytes, filename: str, required_any: Sequence[str]) -> RawTable:
    """Read the first sheet (of an .xlsx) or the CSV whose header holds one of ``required_any``."""
    if not data:
        raise TableFileError("文件是空的")
    name = filename.lower()
    if name.endswith(".xlsx") or data[:2] == b"PK":
        return _read_xlsx(data, required_any)
    if name.endswith((".csv", ".txt")):
        return _read_csv(data, required_any)
    raise TableFileError("文件不是Excel表格（.xlsx）或CSV文件，请用模板填写后上传")


def _header_index(rows: list[tuple[int, list[str]]], required_any: Sequence[str]) -> int | None:
    wanted = {alias.lower() for alias in required_any}
    for i, (_, cells) in enumerate(rows[:10]):
        if any(cell.lower() in wanted for cell in cells):
            return i
    return None


def _split(rows: list[tuple[int, list[str]]], sheet: str, required_any) -> RawTable:
    rows = [(n, cells) for n, cells in rows if any(cells)]
    if not rows:
        raise TableFileError(f"工作表“{sheet}”是空的")
    index = _header_index(rows, required_any)
    if index is None:
        expected = "、".join(required_any[:2])
        raise TableFileError(f"工作表“{sheet}”中找不到表头（应有“{expected}”等列），请使用模板")
    header_row, header = rows[index]
    data_rows = rows[index + 1 :]
    if len(data_rows) > MAX_ROWS:
        raise TableFileError(f"行数过多（{len(data_rows)}行），一次最多导入{MAX_ROWS}行")
    return RawTable(sheet, header, header_row, data_rows)


def _read_xlsx(data: bytes, required_any) -> RawTable:
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise TableFileError("无法读取Excel文件，文件可能已损坏或不是.xlsx格式") from exc
    try:
        problems = []
        for sheet in book.worksheets:
            rows = [
                (n, [clean_text(v) for v in values])
                for n, values in enumerate(sheet.iter_rows(values_only=True), start=1)
            ]
            try:
                return _split(rows, sheet.title, required_any)
            except TableFileError as exc:
                problems.append(str(exc))
        raise TableFileError("；".join(problems) or "Excel文件中没有工作表")
    finally:
        book.close()


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise TableFileError("CSV文件编码无法识别，请保存为UTF-8或GBK编码")


def _read_csv(data: bytes, required_any) -> RawTable:
    if b"\x00" in data[:4096]:
        raise TableFileError("文件不是Excel表格（.xlsx）或CSV文件，请用模板填写后上传")
    text = _decode(data)
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    rows = [(n, [clean_text(v) for v in cells]) for n, cells in enumerate(reader, start=1)]
    return _split(rows, "CSV", required_any)


def map_headers(
    header: Sequence[str],
    aliases: Mapping[str, Sequence[str]],
    required: Sequence[str],
    header_row: int,
) -> tuple[dict[str, int], list[CellProblem]]:
    """Map each known field to its column index; report unknown, duplicate and missing columns.

    ``aliases`` maps a field key to the headers that mean it, e.g.
    ``{"team": ["队名", "team"]}``. Matching ignores case and surrounding spaces.
    """
    lookup = {alias.lower(): key for key, names in aliases.items() for alias in names}
    columns: dict[str, int] = {}
    problems: list[CellProblem] = []
    for i, title in enumerate(header):
        if not title:
            continue
        letter = get_column_letter(i + 1)
        key = lookup.get(title.lower())
        if key is None:
            problems.append(
                CellProblem(header_row, f"{letter}:{title}", "未知的列，请删除或改为模板中的列名")
            )
        elif key in columns:
            problems.append(CellProblem(header_row, f"{letter}:{title}", "列名重复"))
        else:
            columns[key] = i
    for key in required:
        if key not in columns:
            problems.append(CellProblem(header_row, aliases[key][0], "缺少必需的列"))
    return columns, problems


def cell(cells: Sequence[str], columns: Mapping[str, int], key: str) -> str:
    """The text of ``key``'s column in one row (``""`` when the column or cell is absent)."""
    index = columns.get(key)
    if index is None or index >= len(cells):
        return ""
    return cells[index]
