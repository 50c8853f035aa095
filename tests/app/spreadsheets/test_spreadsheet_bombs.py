"""Every hostile upload of tests/app/bombs.py is refused in under a second of CPU and under
100 MB more memory, measured where it cannot lie: each is read in a child process (forked, so
nothing is imported again) whose address space is capped 100 MB above what it already has
(``RLIMIT_AS``). Python raises ``MemoryError`` at the cap, calamine (Rust) aborts the child:
either fails the test, as does a child still busy after 30 s. A legitimate 5,000-pair sheet
and the LibreOffice templates are read under the same cap, so the cap is no refusal itself.

Bounded by design (tournament/spreadsheets/xls_extent.py, xlsx_extent.py, formats.py): every chain of
an .xls visits a sector at most once, every XML walk is flat and shallow, every record walk
skips what it does not need, and a deadline covers each file.
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from django.utils import translation

from tests.app import bombs, xls_bombs
from tests.app.spreadsheet_files import pairs, xlsx
from tournament.registration.registration_spreadsheet import HEADERS
from tournament.spreadsheets.table_file import TableFileError, read_table
from tournament.spreadsheets.uploads import upload_limits

WANTED = HEADERS["team"] + HEADERS["player1"]
DATA = Path(__file__).parent.parent / "data"
HEADROOM = 100 * 1024 * 1024
DAMAGED = "文件已损坏或不是Excel/ODS表格"
UNREADABLE = "无法读取Excel文件，文件可能已损坏"
TOO_MANY_CELLS = "单元格过多"

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="fork and /proc/self/statm: Linux only"
)


@pytest.fixture(autouse=True)
def chinese():
    """The messages in Chinese, whatever language an earlier test left active (the forked
    child inherits it)."""
    with translation.override("zh-hans"):
        yield


# name → (file name, the file's builder, what the refusal says)
BOMBS: dict[str, tuple[str, Callable[[], bytes], str]] = {
    **{
        f"xls: {name}": ("a.xls", make, TOO_MANY_CELLS if "DIMENSIONS" in name else DAMAGED)
        for name, make in xls_bombs.OLE_BOMBS.items()
    },
    "xls: far cell (LibreOffice)": (
        "a.xls",
        lambda: (DATA / "far_cell.xls").read_bytes(),
        TOO_MANY_CELLS,
    ),
    "xlsx: nested 9.5 million deep": ("a.xlsx", bombs.deep_xml, UNREADABLE),
    "xlsx: a 25 MB attribute": ("a.xlsx", bombs.long_attribute, UNREADABLE),
    "xlsx: 3 million rows": ("a.xlsx", lambda: bombs.million_rows(3_000_000), "解压后太大"),
    "xlsx: 500,000 rows": ("a.xlsx", lambda: bombs.million_rows(500_000), "行数过多"),
    "xlsx: unpacks to 300 MB": ("a.xlsx", lambda: bombs.huge_unpacked(300), "解压后太大"),
    "xlsx: cell at XFD1048576": ("a.xlsx", bombs.far_cell, "行数过多"),
    "xlsx: 400,000 shared strings": ("a.xlsx", bombs.many_shared_strings, "不同文字过多"),
    "xlsx: 3 MB of styles": ("a.xlsx", bombs.big_styles, "解压后太大"),
    "xlsx: 50,000 parts": ("a.xlsx", bombs.many_parts, "部件过多（50001个，最多1000个）"),
    "xlsx: entity expansion": ("a.xlsx", lambda: bombs.MALFORMED["entity expansion"][1], "不安全"),
    "ods: five tables of 600,000 cells": ("a.ods", bombs.ods_tables, TOO_MANY_CELLS),
    "ods: nested 9.5 million deep": ("a.ods", bombs.ods_deep, DAMAGED),
    "xlsb: 14 million empty records": ("a.xlsb", bombs.xlsb_records, TOO_MANY_CELLS),
    "xlsb: a record claiming 256 MB": ("a.xlsb", bombs.xlsb_huge_record, DAMAGED),
    "csv: 1 million rows": ("a.csv", lambda: bombs.big_csv(4.9), "行数过多"),
    "csv: a 140,000-character field": (
        "a.csv",
        lambda: bombs.MALFORMED["huge csv field"][1],
        "CSV文件格式错误",
    ),
}
LEGITIMATE = {
    "5,000 pairs (.xlsx)": ("a.xlsx", lambda: xlsx(pairs(5000))),
    "template (.xls)": ("a.xls", lambda: (DATA / "registration.xls").read_bytes()),
    "template (.ods)": ("a.ods", lambda: (DATA / "registration.ods").read_bytes()),
}


def _address_space() -> int:
    """Bytes of this process's address space (the first field of /proc/self/statm, pages)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _read_capped(name: str, data: bytes, answer) -> None:
    """In the child: cap the address space, read the file, send (outcome, text, CPU s, MB)."""
    limit = _address_space() + HEADROOM
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.process_time()
    try:
        table = read_table(data, name, WANTED, upload_limits())
        outcome, text = "read", f"{len(table.rows)} rows"
    except TableFileError as exc:
        outcome, text = "refused", str(exc)
    except MemoryError:
        outcome, text = "out of memory", ""
    seconds = time.process_time() - started
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    answer.send((outcome, text, seconds, grown))
    answer.close()


def read_in_child(name: str, data: bytes) -> tuple[str, str, float, float]:
    """Read ``data`` in a forked child under the cap: (outcome, message, CPU s, MB grown)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_read_capped, args=(name, data, send))
    child.start()
    send.close()
    ready = receive.poll(30)
    result = receive.recv() if ready else None
    child.join(5)
    if child.is_alive():
        child.kill()
        child.join()
    assert result is not None, f"the child died (exit {child.exitcode}) or ran past 30 s"
    return result


@pytest.mark.parametrize("case", list(BOMBS))
def test_each_bomb_is_refused_quickly_within_100_mb(case):
    filename, make, expected = BOMBS[case]
    data = make()
    assert len(data) < 5 * 1024 * 1024  # small enough to pass the size cap: the walk decides
    outcome, text, seconds, grown = read_in_child(filename, data)
    assert outcome == "refused" and expected in text, (outcome, text)
    assert seconds < 1, f"{case}: {seconds:.2f} CPU s"
    assert grown < 100, f"{case}: {grown:.0f} MB"


@pytest.mark.parametrize("case", list(LEGITIMATE))
def test_legitimate_sheets_are_read_under_the_same_cap(case):
    filename, make = LEGITIMATE[case]
    outcome, text, _seconds, _grown = read_in_child(filename, make())
    assert outcome == "read", text


def test_every_cut_of_an_xls_is_refused_with_a_message_or_read():
    """A file cut short anywhere (an interrupted upload) is a message, never a 500: 70 of
    these cuts made calamine panic (pyo3's PanicException is no Exception) past the old walk."""
    whole = (DATA / "registration.xls").read_bytes()
    outcomes = set()
    for cut in range(512, len(whole), 7):
        try:
            read_table(whole[:cut], "a.xls", WANTED, upload_limits())
            outcomes.add("read")
        except TableFileError as exc:
            outcomes.add(str(exc)[:10])
    assert outcomes <= {"read", DAMAGED[:10]}, outcomes


def test_a_panic_of_calamine_is_a_damaged_file(monkeypatch):
    from tournament.spreadsheets import formats

    monkeypatch.setattr(formats, "sheet_extents", lambda *args: [])  # calamine reads it all
    cut = (DATA / "registration.xls").read_bytes()[:12293]  # its directory cut mid-entry
    with pytest.raises(TableFileError, match=DAMAGED):
        read_table(cut, "a.xls", WANTED, upload_limits())


@pytest.mark.parametrize("name", ["registration.xls", "registration.ods", "registration.xlsx"])
def test_the_walk_before_calamine_keeps_the_files_deadline(name, monkeypatch):
    """Each format's walk looks at the clock itself: with no time left it stops before
    calamine is ever opened."""
    from tournament.spreadsheets import formats
    from tournament.spreadsheets.reader import Limits

    monkeypatch.setattr(formats, "CalamineWorkbook", None)
    with pytest.raises(TableFileError, match="文件读取超过"):
        read_table((DATA / name).read_bytes(), name, WANTED, Limits(max_seconds=-1))


def test_an_ods_with_entities_or_broken_xml_is_refused():
    laughs = bombs.ods([bombs.LAUGHS.encode() + b"<r>&i;</r>"])
    with pytest.raises(TableFileError, match="不安全的XML内容"):
        read_table(laughs, "a.ods", WANTED, upload_limits())
    with pytest.raises(TableFileError, match=DAMAGED):
        read_table(bombs.ods([b"<r><table:table"]), "a.ods", WANTED, upload_limits())
