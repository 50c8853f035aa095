"""The grid an Excel 97 (.xls) sheet spans, read from the raw file before calamine opens it.

calamine builds each sheet as a dense grid from its first to its last cell: a 6 KB .xls with
one cell in A1 and one in IV65536 makes 16.7 million cells (1.1 GB). So the file's Workbook
stream is found in the OLE2 compound file (a FAT of sectors, a directory of 128-byte entries,
small streams in a mini stream) and its BIFF records are walked: each cell record starts with
its row and column, so each sheet's extent is known without reading a value.

The compound file is as hostile as any upload. Its DIFAT, FAT, mini FAT, directory and
streams are *chains*: each sector names the next. A 1 KB file whose DIFAT sector names itself
made the old walk (and would make calamine's) grow without end, and calamine opens a file by
following every chain with no loop check. So each chain is walked as calamine walks it, but
refused at the first sector it visits twice, a sector number past the end of the file or of
its table, or a table or directory sector cut short by the file's end (on which calamine
panics): every chain is then no longer than the file, and the whole walk is linear in the
file's size (a 5 MB file is walked in a fraction of a second). A FAT sector listed twice, which
would multiply the FAT, is refused too. Any of these is a damaged file (:class:`NotOle`).

calamine also builds every sheet of the workbook when it opens it, from each BOUNDSHEET
record's offset to the end of that sheet, and reserves the cells each DIMENSIONS record
declares (a 12 KB file declaring 4 billion rows aborted the process). So the walk also
returns the cells each DIMENSIONS record makes calamine reserve, and refuses sheet offsets that
are not where a sheet starts, or whose sheets overlap (a thousand records naming one offset
would make calamine walk the stream a thousand times).
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Callable

END_OF_CHAIN = 0xFFFFFFFE
_NO_SECTOR = (
    0xFFFFFFFA  # this and above are markers (DIFAT, FAT, end of chain, free), never a sector
)
_MINI_CUTOFF = (
    4096  # streams smaller than this live in the mini stream: the standard, calamine's rule
)
_MINI_SIZE = 64
_BOF, _EOF, _BOUNDSHEET, _DIMENSIONS = 0x0809, 0x000A, 0x0085, 0x0200
# BIFF8 cell records: each starts with (row, column); MULRK and MULBLANK end with the last column.
_CELLS = {0x0006, 0x00FD, 0x0201, 0x0203, 0x0204, 0x0205, 0x027E, 0x00D6}
_MULTI = {0x00BD, 0x00BE}
_WORKBOOK_NAMES = ("Workbook", "Book", "WORKBOOK", "BOOK")  # calamine's order
_RECORDS_PER_CHECK = 4096  # how many records between two looks at the clock


class NotOle(ValueError):
    """The file is not a readable OLE2 compound file (a damaged .xls)."""


def _u32s(block: bytes) -> array:
    """Little-endian 32-bit numbers, kept 4 bytes each (a 5 MB FAT is not 60 MB of ints)."""
    numbers = array("I")
    numbers.frombytes(block[: len(block) // 4 * 4])
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


class _Compound:
    """Just enough of an OLE2 compound file to read the workbook stream, every chain bounded."""

    def __init__(self, data: bytes, check: Callable[[], None]) -> None:
        self.data = data
        self.check = check  # raises when the file's time is up
        shift, mini_shift = struct.unpack_from("<HH", data, 0x1E)
        if shift not in (9, 12) or mini_shift != 6:
            raise NotOle
        self.size = 1 << shift
        # The sectors the file holds (its header fills sector "-1"), the last perhaps cut short.
        self.count = max(0, -(-(len(data) - self.size) // self.size))
        dir_start, _, cutoff, mini_start, mini_count, difat_next = struct.unpack_from(
            "<6I", data, 0x30
        )
        if cutoff != _MINI_CUTOFF:
            raise NotOle
        self.fat = array("I")
        for number in self._fat_sectors(difat_next):
            self.fat.extend(_u32s(self.sector(number, whole=True)))
        self.directory = self.chain(dir_start, self.fat, self.count, self.sector)
        if not self.directory or len(self.directory) % 128:
            raise NotOle  # calamine cuts the directory in 128-byte entries and panics on a short one
        self.mini_stream, self.mini_fat = b"", array("I")
        if mini_count:  # as calamine: no mini FAT, no mini stream
            root_start, root_size = self._start_and_size(self.directory[:128])
            self.mini_stream = self.chain(root_start, self.fat, self.count, self.sector, root_size)
            table = self.chain(
                mini_start, self.fat, self.count, self.sector, mini_count * self.size
            )
            self.mini_fat = _u32s(table)

    def _fat_sectors(self, difat_next: int) -> list[int]:
        """The FAT's sectors: the header's 109, then the DIFAT chain's, each listed once."""
        listed = list(_u32s(self.data[0x4C:0x200]))
        seen = bytearray(self.count)
        per_sector = self.size // 4 - 1  # the last number of a DIFAT sector is the next one
        while difat_next < _NO_SECTOR:  # calamine follows the chain, whatever the header's count
            self.check()
            if difat_next >= self.count or seen[difat_next]:
                raise NotOle  # past the end, or the chain comes back (the 1 KB bomb)
            seen[difat_next] = 1
            numbers = _u32s(self.sector(difat_next, whole=True))
            listed += numbers[:per_sector]
            difat_next = numbers[per_sector]
        sectors = [number for number in listed if number < _NO_SECTOR]
        seen = bytearray(self.count)
        for number in sectors:
            if number >= self.count or seen[number]:
                raise NotOle  # a FAT sector past the end, or listed twice
            seen[number] = 1
        return sectors

    def _start_and_size(self, entry: bytes) -> tuple[int, int]:
        start = struct.unpack_from("<I", entry, 116)[0]
        size = struct.unpack_from("<I" if self.size == 512 else "<Q", entry, 120)[0]
        return start, size

    def sector(self, number: int, whole: bool = False) -> bytes:
        start = (number + 1) * self.size
        block = self.data[start : start + self.size]
        if whole and len(block) < self.size:
            raise NotOle  # a table sector cut short by the end of the file
        return block

    def mini_sector(self, number: int) -> bytes:
        return self.mini_stream[number * _MINI_SIZE : (number + 1) * _MINI_SIZE]

    def chain(
        self,
        start: int,
        table: array,
        count: int,
        read: Callable[[int], bytes],
        limit: int | None = None,
    ) -> bytes:
        """The sectors of one chain joined, as calamine reads them (stopping once ``limit``
        bytes are read), refused when it leaves the file or the table or comes back."""
        parts, number, length = [], start, 0
        seen = bytearray(count)
        while number != END_OF_CHAIN:
            if number >= count or number >= len(table) or seen[number]:
                raise NotOle  # a chain leaving the file or the table, or a loop
            seen[number] = 1
            self.check()
            block = read(number)
            if limit is not None:
                block = block[: limit - length]
            parts.append(block)
            length += len(block)
            if limit is not None and length >= limit:
                break
            number = table[number]
        return b"".join(parts)

    def workbook(self) -> bytes:
        """The workbook stream calamine reads: the first entry named Workbook, else Book, …"""
        names = {}
        for offset in range(0, len(self.directory), 128):
            entry = self.directory[offset : offset + 128]
            # calamine's reading of a name: 64 bytes of UTF-16, up to the first zero.
            name = entry[:64].decode("utf-16-le", "replace").split("\0", 1)[0]
            names.setdefault(name, entry)
        for name in _WORKBOOK_NAMES:
            if name in names:
                start, size = self._start_and_size(names[name])
                if size < _MINI_CUTOFF:
                    count = -(-len(self.mini_stream) // _MINI_SIZE)
                    return self.chain(start, self.mini_fat, count, self.mini_sector, size)
                return self.chain(start, self.fat, self.count, self.sector, size)
        raise NotOle


def _reserved_cells(body: bytes) -> int:
    """The cells calamine reserves for a DIMENSIONS record (its own arithmetic, which wraps
    around 2³² when the first row is past the last)."""
    if len(body) == 14:
        first_row, last_row, first_column, last_column = struct.unpack_from("<IIHH", body)
    elif len(body) == 10:
        first_row, last_row, first_column, last_column = struct.unpack_from("<HHHH", body)
    else:
        return 0
    if first_column > 0xFF or last_column < first_column:
        first_column = 0
    if last_row < 1 or last_column < 1:
        return 1
    rows = (last_row - 1 - first_row + 1) % 2**32
    return rows * ((last_column - 1 - first_column + 1) % 2**32)


def sheet_extents(
    data: bytes, check: Callable[[], None] = lambda: None
) -> list[tuple[int, int, int]]:
    """(rows, columns, cells reserved) for each sheet of the workbook stream: rows and columns
    from A1 to the last cell, and the cells its DIMENSIONS records make calamine reserve.

    Raises :class:`NotOle` for a damaged file; ``check`` is called as the walk goes (the
    file's time budget)."""
    try:
        book = _Compound(data, check).workbook()
    except (struct.error, IndexError) as exc:
        raise NotOle from exc
    extents: list[tuple[int, int, int]] = []
    starts: list[int] = []  # where each BOF record is
    ends: dict[int, int] = {}  # a BOF's offset → the end of its EOF record, nested as calamine does
    open_: list[int] = []
    sheets: list[int] = []  # the offsets the BOUNDSHEET records name
    offset = records = 0
    while offset + 4 <= len(book):
        records += 1
        if records % _RECORDS_PER_CHECK == 0:
            check()
        kind, length = struct.unpack_from("<HH", book, offset)
        body = book[offset + 4 : offset + 4 + length]
        start, offset = offset, offset + 4 + length
        if kind == _BOF:
            extents.append((0, 0, 0))
            starts.append(start)
            open_.append(start)
        elif kind == _EOF:
            if open_:
                ends[open_.pop()] = offset
        elif kind == _BOUNDSHEET and len(body) >= 4:
            sheets.append(struct.unpack_from("<I", body)[0])
        elif extents and kind == _DIMENSIONS:
            rows, columns, reserved = extents[-1]
            extents[-1] = (rows, columns, max(reserved, _reserved_cells(body)))
        elif extents and len(body) >= 4 and (kind in _CELLS or kind in _MULTI):
            row, column = struct.unpack_from("<HH", body)
            if kind in _MULTI and len(body) >= 6:
                column = struct.unpack_from("<H", body, len(body) - 2)[0]
            rows, columns, reserved = extents[-1]
            extents[-1] = (max(rows, row + 1), max(columns, column + 1), reserved)
    _check_sheet_offsets(sheets, set(starts), ends, len(book))
    return extents


def _check_sheet_offsets(sheets: list[int], starts: set[int], ends: dict, size: int) -> None:
    """Each sheet calamine builds starts at a BOF record and ends before the next one's start:
    calamine walks each sheet from its offset, so overlapping sheets multiply its work."""
    reach = 0
    for offset in sorted(sheets):
        if offset not in starts or offset < reach:
            raise NotOle
        reach = ends.get(offset, size)
