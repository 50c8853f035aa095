"""Benchmark: how fast and at what memory each hostile upload is refused.

For every bomb of ``tests/app/bombs.py`` (each format's: tests/app/spreadsheets/test_spreadsheet_bombs.py
runs them under a memory cap) and a legitimate 5,000-pair sheet for comparison,
prints the file size, the seconds to the refusal (without tracing) and the peak of Python
allocations while refusing it (tracemalloc, a second run), then the process's peak RSS.
Target: each refusal under 1 s at tens of MB.

    .venv/bin/python bench/upload_bombs.py
"""

from __future__ import annotations

import os
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")

import django  # noqa: E402

django.setup()

from tests.app import bombs  # noqa: E402
from tests.app.spreadsheet_files import pairs, xlsx  # noqa: E402
from tests.app.spreadsheets import test_spreadsheet_bombs as bomb_cases  # noqa: E402
from tests.app.spreadsheets import test_spreadsheet_formats as formats_cases  # noqa: E402
from tournament.registration.registration_spreadsheet import HEADERS  # noqa: E402
from tournament.spreadsheets.table_file import TableFileError, read_table  # noqa: E402
from tournament.spreadsheets.uploads import upload_limits  # noqa: E402

WANTED = HEADERS["team"] + HEADERS["player1"]


def cases() -> dict[str, tuple[str, bytes]]:
    found = {
        "declared A1:XFD1048576": ("a.xlsx", bombs.declared_huge()),
        "3 M rows xlsx": ("a.xlsx", bombs.million_rows(3_000_000)),
        "500 k rows xlsx": ("a.xlsx", bombs.million_rows(500_000)),
        "400 k shared strings": ("a.xlsx", bombs.many_shared_strings()),
        "3 MB styles": ("a.xlsx", bombs.big_styles()),
        "unpacks to 300 MB": ("a.xlsx", bombs.huge_unpacked(300)),
        "cell at XFD1048576": ("a.xlsx", bombs.far_cell()),
        "cells at A1 and XFD5000": (
            "a.xlsx",
            bombs.cells('<row r="5000"><c r="XFD5000"><v>1</v></c></row>'),
        ),
        "2,000 columns, no references": (
            "a.xlsx",
            bombs.cells(("<row>" + "<c><v>1</v></c>" * 2000 + "</row>") * 600),
        ),
        "1 M cells, every bound met": (
            "a.xlsx",
            bombs.cells(("<row>" + "<c><v>1</v></c>" * 99 + "</row>") * 10_000),
        ),
        "CSV 4.9 MB (1 M rows)": ("a.csv", bombs.big_csv(4.9)),
        "CSV 100 MB": ("a.csv", bombs.big_csv(100)),
    }
    found.update(bombs.MALFORMED)
    data = Path(__file__).resolve().parent.parent / "tests" / "app" / "data"
    far = '<table:table-row table:number-rows-repeated="1000000"><table:table-cell '
    far += 'table:number-columns-repeated="1000" office:value-type="float"/></table:table-row>'
    found["xls cell at IV65536"] = ("a.xls", (data / "far_cell.xls").read_bytes())
    found["ods 10^9 repeated cells"] = (
        "a.ods",
        formats_cases.ods_with([formats_cases.ods_table(far)]),
    )
    found["damaged ods"] = ("a.ods", (data / "registration.ods").read_bytes()[:5000])
    for label, (name, make, _message) in bomb_cases.BOMBS.items():  # every other format's
        found.setdefault(label, (name, make()))
    found["legit template .xls"] = ("a.xls", (data / "registration.xls").read_bytes())
    found["legit template .ods"] = ("a.ods", (data / "registration.ods").read_bytes())
    found["legit 5,000 pairs"] = ("a.xlsx", xlsx(pairs(5000)))
    return found


def run(name: str, data: bytes) -> str:
    try:
        table = read_table(data, name, WANTED, upload_limits())
    except TableFileError as exc:
        return str(exc)
    return f"read {len(table.rows)} rows"


def main() -> None:
    print(f"{'case':40} {'bytes':>11} {'seconds':>8} {'peak MB':>8}  outcome")
    for label, (name, data) in cases().items():
        started = time.monotonic()
        outcome = run(name, data)
        seconds = time.monotonic() - started
        tracemalloc.start()
        run(name, data)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        print(f"{label:40} {len(data):>11,} {seconds:>8.3f} {peak:>8.1f}  {outcome[:60]}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak RSS (bombs built in memory included): {rss:.0f} MB")


if __name__ == "__main__":
    main()
