"""The grid an .xlsx sheet spans, read from its XML before python-calamine opens the file.

calamine reads a whole sheet into a dense grid from its first to its last cell (see
:mod:`~tournament.spreadsheets.formats`): a 2 KB sheet holding one cell at A1 and one at
XFD1048576 would make it allocate 17 billion cells. So each sheet part is walked here first,
with expat (C, streaming, flat memory), cell by cell, placing every ``<c>`` where calamine
places it: at its ``r`` reference (``B7``), or, without one, in the next column of the
current row, the row being ``<row r>`` or the one after the last; like calamine, it counts
only cells that hold a value or a string (checked against calamine's own extents in
tests/app/core/test_upload_limits.py). The walk stops at the first bound passed:

- a cell below row ``max_rows`` + 1,000 (title, header and blank rows), or right of column
  ``max_columns``: too many rows or columns, the messages the row budget gives while reading;
- a cell right of column XFD (16,384, Excel's last), or a reference that is not one: a bad
  cell;
- a grid (last row × last column) over ``max_cells``: too many cells.

A document type declaration (``<!DOCTYPE``, where entity tricks live) is refused as unsafe
XML; calamine's parser would not expand such entities, but a sheet has no use for one.

expat itself is bounded by :func:`feed` (the .ods walker's too): elements nested deeper than
:data:`MAX_DEPTH` (30 MB of ``<a>`` nested 10 million deep took expat 1.2 GB), checked at
every chunk, and a 64 KB
chunk with no ``<`` in it (a 30 MB attribute took expat 6 s, re-reading the growing token at
every chunk) are a damaged file; and the file's deadline is checked at every chunk.
"""

from __future__ import annotations

import re
import xml.parsers.expat
from collections.abc import Callable
from typing import IO, Protocol

from tournament.spreadsheets.reader import (
    MSG_BAD_CELL,
    MSG_TOO_MANY_CELLS,
    MSG_TOO_MANY_COLUMNS,
    MSG_TOO_MANY_ROWS,
    MSG_UNSAFE_XML,
    Limits,
    TableFileError,
)

MAX_COLUMN = 16384  # XFD, Excel's last column
CHUNK = 64 * 1024
MAX_DEPTH = 100  # a sheet's XML nests about 6 deep (rich text in a cell: 8)
_REFERENCE = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")
# The children of a cell that give it something calamine keeps: a value, an inline string.
_HOLDS_VALUE = frozenset({"v", "is"})


def _bad_cell() -> TableFileError:
    return TableFileError(MSG_BAD_CELL, n=MAX_COLUMN)


def _column_number(letters: str) -> int:
    """A1-style column letters as a number: A → 1, Z → 26, AA → 27, XFD → 16384."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


class _Walk:
    """The running position and the furthest cell that holds something, as calamine places
    and keeps the cells: a cell with no value or string in it (a styled blank) moves the
    position but is not kept, so it does not count toward the bounds."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.row = 0  # the current row (1-based; 0 before the first)
        self.column = 0  # the last cell's column in the current row
        self.pending: tuple[int, int] | None = None  # the open cell, until a value shows
        self.last_row = 0
        self.last_column = 0
        self.starts = 0  # elements opened (feed's depth bound)

    def start(self, name: str, attributes: dict[str, str]) -> None:
        # Called for every element of the sheet: the cheapest tests first.
        self.starts += 1
        if name in _HOLDS_VALUE or name.rpartition(":")[2] in _HOLDS_VALUE:
            if self.pending is not None:
                self._keep(*self.pending)
                self.pending = None
        elif name == "c" or name.endswith(":c"):
            self.pending = self._place(attributes.get("r"))
        elif name == "row" or name.endswith(":row"):
            given = attributes.get("r")
            self.row = self._number(given) if given is not None else self.row + 1
            self.column = 0
            self.pending = None

    def _place(self, reference: str | None) -> tuple[int, int]:
        if reference is None:
            row, column = max(self.row, 1), self.column + 1
        else:
            found = _REFERENCE.fullmatch(reference)
            if found is None:
                raise _bad_cell()
            row, column = int(found[2]), _column_number(found[1])
        if column > MAX_COLUMN or row < 1:
            raise _bad_cell()
        self.column = column
        return row, column

    def _keep(self, row: int, column: int) -> None:
        limits = self.limits
        if row > limits.max_rows + 1000:  # as RowBudget: data rows plus title, header, blanks
            raise TableFileError(MSG_TOO_MANY_ROWS, n=limits.max_rows)
        if column > limits.max_columns:  # as RowBudget, which would refuse this row
            raise TableFileError(MSG_TOO_MANY_COLUMNS, row=row, n=limits.max_columns)
        self.last_row = max(self.last_row, row)
        self.last_column = max(self.last_column, column)
        if self.last_row * self.last_column > limits.max_cells:
            raise TableFileError(MSG_TOO_MANY_CELLS, n=limits.max_cells)

    @staticmethod
    def _number(text: str) -> int:
        if not text.isdigit() or len(text) > 7:
            raise _bad_cell()
        return int(text)


def _refuse_doctype(*_args: object) -> None:
    raise TableFileError(MSG_UNSAFE_XML)


class TooDeep(ValueError):
    """XML nested deeper than :data:`MAX_DEPTH`, or a token longer than a chunk: damaged."""


class Walk(Protocol):
    """What :func:`feed` drives: ``start`` for each element, counted in ``starts``; a walk
    that needs the element ends too has ``end``, counted in ``ends``."""

    starts: int

    def start(self, name: str, attributes: dict[str, str]) -> None: ...


def feed(
    parser: xml.parsers.expat.XMLParserType,
    walk: Walk,
    stream: IO[bytes],
    check: Callable[[], None],
) -> None:
    """Parse ``stream`` with ``parser`` for ``walk`` within bounds: no chunk without a tag,
    ``check`` (the deadline) and the depth (:data:`MAX_DEPTH`) at every chunk. Within one
    64 KB chunk the depth can grow by 21,000 at most: 3 MB of expat's memory.

    Raises :class:`TooDeep`, ``ExpatError`` for broken XML, or what the walk raises."""
    parser.StartElementHandler = walk.start
    ended: list[str] = []
    end = getattr(walk, "end", None)
    # Without a walk's own ``end``, ends are counted at C speed: a list's append, emptied
    # at every chunk (a Python handler would cost 0.3 s a million cells).
    parser.EndElementHandler = end or ended.append
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_doctype
    ends = 0
    while chunk := stream.read(CHUNK):
        check()
        if b"<" not in chunk:
            raise TooDeep  # 64 KB inside one token: no sheet has a value or tag that long
        parser.Parse(chunk, False)
        ends += len(ended)
        ended.clear()
        if walk.starts - (walk.ends if end else ends) > MAX_DEPTH:
            raise TooDeep
    parser.Parse(b"", True)


def check_sheet_extent(
    stream: IO[bytes], limits: Limits, check: Callable[[], None] = lambda: None
) -> None:
    """Walk one sheet part; raise :class:`TableFileError` at the first bound passed.

    Broken XML raises ``xml.parsers.expat.ExpatError``, XML too deep :class:`TooDeep`.
    """
    feed(xml.parsers.expat.ParserCreate(), _Walk(limits), stream, check)
