"""Hostile Excel 97 (.xls) files built in memory for the tests
(tests/app/spreadsheets/test_spreadsheet_bombs.py).

An .xls is an OLE2 compound file (a header, then 512-byte sectors chained by a FAT) holding a
BIFF8 workbook stream. Each bomb is a small file whose chains or records would make a walker
(ours, or calamine's) loop, or reserve more than the machine has.
"""

from __future__ import annotations

import struct

END, FREE, FAT_SECTOR = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD


def _header(
    *,
    fat: list[int],
    dir_start: int = 1,
    mini_start: int = END,
    mini_count: int = 0,
    difat_start: int = END,
    difat_count: int = 0,
) -> bytes:
    """A version 3 header: 512-byte sectors, 64-byte mini sectors, the mini cutoff 4096, and
    the first 109 FAT sector numbers."""
    listed = (fat + [FREE] * 109)[:109]
    head = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 16
    head += struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6) + b"\0" * 6
    head += struct.pack("<IIII", 0, len(fat), dir_start, 0)
    head += struct.pack("<IIIII", 4096, mini_start, mini_count, difat_start, difat_count)
    return head + struct.pack("<109I", *listed)


def _numbers(*numbers: int) -> bytes:
    """One 512-byte sector of 32-bit numbers (a FAT, DIFAT or mini FAT sector), free after."""
    return struct.pack("<128I", *(list(numbers) + [FREE] * 128)[:128])


def _entry(name: str, kind: int, start: int, size: int) -> bytes:
    encoded = (name + "\0").encode("utf-16-le")
    body = encoded.ljust(64, b"\0") + struct.pack("<HBB", len(encoded), kind, 1)
    body += struct.pack("<III", FREE, FREE, FREE) + b"\0" * 36
    return body + struct.pack("<III", start, size, 0)


def _record(kind: int, body: bytes = b"") -> bytes:
    return struct.pack("<HH", kind, len(body)) + body


def _bof(kind: int) -> bytes:
    return _record(0x0809, struct.pack("<HHHHII", 0x0600, kind, 0, 1997, 0, 0))


def biff(cells: list[tuple[int, int]], *, sheets: int = 1, dimensions: bytes = b"") -> bytes:
    """A workbook stream: the globals naming ``sheets`` sheets, all at the one worksheet's
    offset, then that worksheet with a number in each of ``cells`` (row, column), and
    ``dimensions`` (a DIMENSIONS record's body) if given."""
    # Each name a ShortXLUnicodeString: 4 characters, not high-byte.
    names = [b"\x04\x00" + f"{n:04d}".encode() for n in range(1, sheets + 1)]
    globals_size = len(_bof(5)) + sheets * len(_record(0x0085, b"\0" * 6 + names[0])) + 4
    bound = b"".join(
        _record(0x0085, struct.pack("<IBB", globals_size, 0, 0) + name) for name in names
    )
    sheet = _bof(0x10) + (_record(0x0200, dimensions) if dimensions else b"")
    for row, column in cells:
        sheet += _record(0x0203, struct.pack("<HHHd", row, column, 0, 1.0))
    return _bof(5) + bound + _record(0x000A) + sheet + _record(0x000A)


def xls(workbook: bytes) -> bytes:
    """A well-formed .xls: the FAT in sector 0, the directory in 1, the workbook stream (at
    least 4,096 bytes, so in the FAT, not the mini stream) from sector 2 on."""
    stream = workbook.ljust(4096, b"\0")
    count = -(-len(stream) // 512)
    chain = [n + 3 for n in range(count - 1)] + [END]
    directory = _entry("Root Entry", 5, END, 0) + _entry("Workbook", 2, 2, len(stream))
    sectors = [_numbers(FAT_SECTOR, END, *chain), directory.ljust(512, b"\0")]
    return _header(fat=[0]) + b"".join(sectors) + stream.ljust(count * 512, b"\0")


def self_referencing_difat() -> bytes:
    """The 1 KB file a review found: its one DIFAT sector names itself as the next."""
    return _header(fat=[], difat_start=0, difat_count=FREE) + _numbers(*[0] * 127, 0)


def difat_cycle() -> bytes:
    """Two DIFAT sectors naming each other, and a header claiming 4 billion of them."""
    difat = _numbers(*[FREE] * 127, 1), _numbers(*[FREE] * 127, 0)
    return _header(fat=[], difat_start=0, difat_count=FREE) + b"".join(difat)


def fat_listed_twice() -> bytes:
    """One FAT sector listed 109 times in the header (calamine would read it 109 times)."""
    data = bytearray(xls(biff([(0, 0)])))
    struct.pack_into("<I109I", data, 0x2C, 109, *[0] * 109)
    return bytes(data)


def _patched_fat(data: bytes, **entries: int) -> bytes:
    """``data`` with FAT entries changed: ``s3=2`` makes sector 3's next sector 2."""
    data = bytearray(data)
    for name, value in entries.items():
        struct.pack_into("<I", data, 512 + 4 * int(name[1:]), value)
    return bytes(data)


def directory_cycle() -> bytes:
    """The directory's chain comes back to its own sector."""
    return _patched_fat(xls(biff([(0, 0)])), s1=1)


def stream_cycle() -> bytes:
    """The workbook stream's chain loops (2 → 3 → 2) and the stream claims 4 GB."""
    data = bytearray(_patched_fat(xls(biff([(0, 0)])), s3=2))
    struct.pack_into("<I", data, 1024 + 128 + 120, FREE)  # the Workbook entry's size
    return bytes(data)


def mini_stream_cycle() -> bytes:
    """The root entry's mini stream chain loops and claims 4 GB, with a mini FAT declared
    4 billion sectors long (calamine would read both until memory runs out)."""
    data = bytearray(_patched_fat(xls(biff([(0, 0)])), s2=2))
    struct.pack_into("<III", data, 0x3C, 2, FREE, END)  # mini FAT from sector 2, 2³² long
    struct.pack_into("<II", data, 1024 + 116, 2, FREE)  # the root's stream: sector 2, 4 GB
    return bytes(data)


def chain_past_the_file() -> bytes:
    """The workbook stream's chain names a sector far past the end of the file."""
    return _patched_fat(xls(biff([(0, 0)])), s2=1_000_000)


def declared_dimensions() -> bytes:
    """A sheet whose DIMENSIONS record declares 4 billion rows of 255 columns: calamine
    reserves them before reading a cell (it aborted the whole process)."""
    return xls(biff([(0, 0)], dimensions=struct.pack("<IIHHH", 0, FREE, 0, 255, 0)))


def one_sheet_named_many_times(times: int = 1000) -> bytes:
    """A thousand sheets at the offset of one sheet of 256,000 cells: calamine would build
    the one sheet a thousand times, and keep each."""
    return xls(biff([(0, 0), (999, 255)], sheets=times))


OLE_BOMBS = {
    "self-referencing DIFAT": self_referencing_difat,
    "DIFAT cycle, 4 billion declared": difat_cycle,
    "one FAT sector listed 109 times": fat_listed_twice,
    "directory chain cycle": directory_cycle,
    "stream chain cycle, 4 GB declared": stream_cycle,
    "mini stream and mini FAT cycle": mini_stream_cycle,
    "chain past the end of the file": chain_past_the_file,
    "DIMENSIONS of 4 billion rows": declared_dimensions,
    "one sheet named 1,000 times": one_sheet_named_many_times,
}
