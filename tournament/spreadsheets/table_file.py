"""Reading the spreadsheets organizers and clerks send: .xlsx, or .csv in UTF-8 or GBK.

``read_table`` turns file bytes into a sheet name, a header row and data rows (each with its
spreadsheet row number), or raises :class:`TableFileError` with a Chinese message. Rows come
one at a time from :mod:`tournament.spreadsheets.reader`, which enforces the upload limits while
reading. The *header* is the first row (among the first ten non-blank ones) holding one of
the expected column names; the *data* are the rows after it up to the first blank row. A
*total line* (a cell starting with 合计, 小计 or 总计) is skipped, not read as data.

Column headers are matched against aliases (Chinese or English) by :func:`map_headers`,
which ignores the columns every unit's form has (序号, 编号, 备注) and reports unknown
columns with the nearest known name, and missing ones.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rules.messages import Message
from tournament.spreadsheets.reader import (
    MSG_TOO_MANY_ROWS,
    Limits,
    TableFileError,
    clean_text,
    spreadsheet_rows,
)
from tournament.text.messages import render

__all__ = [
    "DB_INT_MAX",
    "CellProblem",
    "HeaderMap",
    "Limits",
    "RawTable",
    "TableFileError",
    "cell",
    "clean_text",
    "map_headers",
    "read_table",
]

HEADER_SEARCH_ROWS = 10
DB_INT_MAX = 2_147_483_647  # the largest IntegerField value every supported database stores
IGNORED_HEADERS = ("序号", "编号", "备注", "no", "no.", "#", "remark", "remarks", "note", "notes")
TOTAL_WORDS = ("合计", "小计", "总计")
_HEADER_NOISE = re.compile(r"[\s*:]+")
# A note in brackets after a header's name, as units' forms write it: 队员1（姓名）, 电话(手机).
_HEADER_NOTE = re.compile(r"^(.+?)[(\[][^()\[\]]*[)\]]$")


@dataclass(frozen=True)
class RawTable:
    sheet: str
    header: list[str]
    header_row: int
    rows: list[tuple[int, list[str]]]  # (spreadsheet row number, cells as text)
    skipped: list[int] = field(default_factory=list)  # total lines (合计…) left out


@dataclass(frozen=True)
class CellProblem:
    """A problem in the file, located as a user sees it: row number and column."""

    row: int | None
    column: str | None
    message: str | Message  # a text, a message code, or a code with its parameters

    def __str__(self) -> str:
        text = render(self.message)
        if self.row is not None and self.column:
            where = _("第%(row)s行“%(column)s”列") % {"row": self.row, "column": self.column}
        elif self.row is not None:
            where = _("第%(row)s行") % {"row": self.row}
        elif self.column:
            where = _("“%(column)s”列") % {"column": self.column}
        else:
            return text
        return _("%(where)s：%(text)s") % {"where": where, "text": text}


@dataclass
class HeaderMap:
    """Which column holds each field, the columns ignored on purpose, and the problems."""

    columns: dict[str, int] = field(default_factory=dict)
    ignored: list[str] = field(default_factory=list)
    problems: list[CellProblem] = field(default_factory=list)


def header_key(title: str) -> str:
    """A header as compared: NFKC (full-width digits, letters, brackets and stars as ASCII:
    ``队员１`` is ``队员1``), lower case, without spaces, colons, required-field stars or a
    bracketed note after the name (``队员1（姓名）`` is ``队员1``)."""
    key = _HEADER_NOISE.sub("", unicodedata.normalize("NFKC", title)).lower()
    note = _HEADER_NOTE.match(key)
    return note.group(1) if note else key


def read_table(
    data: bytes, filename: str, required_any: Sequence[str], limits: Limits | None = None
) -> RawTable:
    """Read the first sheet (of an .xlsx) or the CSV whose header holds one of ``required_any``."""
    limits = limits or Limits()
    problems: list[Message] = []
    for sheet, rows in spreadsheet_rows(data, filename, limits):
        try:
            return _split(rows, sheet, required_any, limits.max_rows)
        except _NoHeader as exc:
            problems.append(exc.msg)
    if not problems:
        raise TableFileError(MSG_NO_SHEETS)
    joined = problems[-1]
    for problem in reversed(problems[:-1]):  # "sheet 1's problem；sheet 2's problem；…"
        joined = Message(MSG_PROBLEMS, {"first": problem, "rest": joined})
    raise TableFileError(joined)


MSG_NO_SHEETS = "sheet_no_sheets"
MSG_EMPTY_SHEET = "sheet_empty"  # sheet
MSG_NO_HEADER = "sheet_no_header"  # sheet, expected: the first columns looked for
MSG_PROBLEMS = "sheet_problems"  # first, rest: the problems of two or more sheets


class _NoHeader(TableFileError):
    """This sheet has no header; another sheet of the workbook may have one."""


def _is_total(cells: list[str]) -> bool:
    return any(value.startswith(TOTAL_WORDS) for value in cells if value)


def _find_header(rows: Iterator, sheet: str, required_any: Sequence[str]):
    wanted = {header_key(alias) for alias in required_any}
    seen = 0
    for number, cells in rows:
        if not any(cells):
            continue
        if any(header_key(value) in wanted for value in cells):
            return number, cells
        seen += 1
        if seen >= HEADER_SEARCH_ROWS:
            break
    if not seen:
        raise _NoHeader(MSG_EMPTY_SHEET, sheet=sheet)
    raise _NoHeader(MSG_NO_HEADER, sheet=sheet, expected=list(required_any[:2]))


def _split(rows: Iterator, sheet: str, required_any, max_rows: int) -> RawTable:
    header_row, header = _find_header(rows, sheet, required_any)
    data: list[tuple[int, list[str]]] = []
    skipped: list[int] = []
    for number, cells in rows:
        if not any(cells):
            if data:
                break  # the table ends at its first blank row (notes may follow)
            continue
        if _is_total(cells):
            skipped.append(number)
            continue
        if len(data) >= max_rows:
            raise TableFileError(MSG_TOO_MANY_ROWS, n=max_rows)
        data.append((number, cells))
    return RawTable(sheet, header, header_row, data, skipped)


def column_letter(number: int) -> str:
    """A spreadsheet's name of column ``number`` (1 is A, 27 is AA), as Excel shows it.

    Written here rather than taken from openpyxl.utils: importing openpyxl (and numpy with
    it) costs 0.15 CPU-s, and a CSV file or a command that reads no sheet needs none of it.
    """
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def map_headers(
    header: Sequence[str],
    aliases: Mapping[str, Sequence[str]],
    required: Sequence[str],
    header_row: int,
    ignored: Sequence[str] = IGNORED_HEADERS,
) -> HeaderMap:
    """Map each known field to its column index; report unknown, duplicate and missing columns.

    ``aliases`` maps a field key to the headers that mean it, e.g.
    ``{"team": ["队名", "team"]}``; the first alias is the template's name. Matching ignores
    case, spaces and stars. Columns named in ``ignored`` are listed, not read.
    """
    lookup = {header_key(alias): key for key, names in aliases.items() for alias in names}
    skip = {header_key(name) for name in ignored}
    result = HeaderMap()
    for i, title in enumerate(header):
        if not title:
            continue
        letter = column_letter(i + 1)
        key = lookup.get(header_key(title))
        if header_key(title) in skip:
            result.ignored.append(title)
        elif key is None:
            result.problems.append(
                CellProblem(header_row, f"{letter}:{title}", _unknown(title, aliases))
            )
        elif key in result.columns:
            result.problems.append(CellProblem(header_row, f"{letter}:{title}", _("列名重复")))
        else:
            result.columns[key] = i
    for key in required:
        if key not in result.columns:
            result.problems.append(CellProblem(header_row, aliases[key][0], _("缺少必需的列")))
    return result


def _unknown(title: str, aliases: Mapping[str, Sequence[str]]) -> str:
    """The message for an unknown column, with the nearest known name when one is close."""
    # Compared as header keys, so that a full-width digit or a note in brackets weighs
    # nothing: 队员３ is nearest to 队员2 by its digit's shape only once it reads 队员3.
    known = {header_key(name): name for names in aliases.values() for name in names}
    near = difflib.get_close_matches(header_key(title), list(known), n=1, cutoff=0.5)
    message = _("未知的列，请删除或改为模板中的列名")
    if near:
        message += _("（是否应为“%(name)s”？）") % {"name": known[near[0]]}
    return message


def cell(cells: Sequence[str], columns: Mapping[str, int], key: str) -> str:
    """The text of ``key``'s column in one row (``""`` when the column or cell is absent)."""
    index = columns.get(key)
    if index is None or index >= len(cells):
        return ""
    return cells[index]


def parse_int(text: str, low: int, high: int) -> int | None:
    """``text`` as an integer in ``[low, high]`` (the database's range), else None.

    Only ASCII digits count: ``str.isdigit`` and ``int`` accept other digits (²,
    full-width), which a person did not mean as a number here.
    """
    value = text.strip()
    if value.startswith("-"):
        digits = value[1:]
    else:
        digits = value
    if not digits or len(digits) > 18 or not all("0" <= c <= "9" for c in digits):
        return None
    number = int(value)
    return number if low <= number <= high else None
