"""Tabular exports: one base class, written to CSV or XLSX (after pretix's exporters).

Vocabulary
----------
exporter
    An :class:`Exporter` is one sheet: a title, :class:`Column` specs and the data rows.
    Iterating over it yields the header row, then the data rows, as plain values
    (str, int, float, None).
writer
    :func:`write_csv` writes one exporter; :func:`write_xlsx` writes one or several (one sheet
    each) with openpyxl's write-only mode, so rows stream to the file instead of building a
    workbook in memory.

Formula injection
-----------------
Names come from registration forms. A cell starting with ``=``, ``+``, ``-`` or ``@`` (or a
tab or carriage return) is a formula to Excel when it reads a CSV, and openpyxl turns a
string starting with ``=`` into a formula cell. Such text is written as text, never as a
formula: in XLSX the cell is typed as a string (``data_type`` "s"), so the value reads back
unchanged; in CSV it gets a leading apostrophe, the OWASP recommendation, which Excel does
not evaluate.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
SIGNED = "+0;-0;0"


@dataclass(frozen=True)
class Column:
    """A column: header text, width in Excel character units, optional number format."""

    title: str  # or a lazy translation, made text in the export's language
    width: float = 12
    number_format: str | None = None


class Exporter:
    """One sheet of rows. Subclasses set ``sheet_title`` and ``columns`` and yield ``rows()``."""

    sheet_title: str = "Sheet1"
    columns: Sequence[Column] = ()

    def rows(self) -> Iterable[Sequence[Any]]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Sequence[Any]]:
        yield [str(col.title) for col in self.columns]  # lazy titles: the print language
        yield from self.rows()


def is_formula_like(value: object) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_PREFIXES)


def csv_value(value: object) -> object:
    """A value as written to CSV: formula-like text gets a leading apostrophe."""
    if value is None:
        return ""
    if is_formula_like(value):
        return "'" + value
    return value


def write_csv(exporter: Exporter, out: BinaryIO) -> None:
    """UTF-8 with a byte-order mark: Excel on Windows then opens Chinese text correctly."""
    text = io.TextIOWrapper(out, encoding="utf-8-sig", newline="")
    try:
        writer = csv.writer(text)
        for row in exporter:
            writer.writerow([csv_value(v) for v in row])
    finally:
        text.flush()
        text.detach()  # leave ``out`` open for the caller


def write_xlsx(exporters: Iterable[Exporter] | Exporter, out: BinaryIO, heading: str = "") -> None:
    """Write one sheet per exporter, in order, to ``out`` (exporters may be a generator:
    each sheet is finished before the next exporter is asked for). ``heading``: the event's
    name, written in a title row on every sheet (:mod:`tournament.printing.xlsx`)."""
    # openpyxl (with numpy, which it loads) is imported on the first workbook written, not
    # with this module: it was 0.3 CPU-s of the start-up of commands that write none.
    from tournament.printing.xlsx import write_book

    if isinstance(exporters, Exporter):
        exporters = [exporters]
    write_book(exporters, out, heading)
