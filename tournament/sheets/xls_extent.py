"""The grid an Excel 97 (.xls) sheet spans, read from the raw file before calamine opens it.

calamine builds each sheet as a dense grid from its first to its last cell: a 6 KB .xls with
one cell in A1 and one in IV65536 makes 16.7 million cells (1.1 GB). So the file's Workbook
stream is found in the OLE2 compound file (a FAT of sectors, a directory of 128-byte entries,
small streams in a mini stream) and its BIFF records are walked: each cell record starts with
its row and column, so each sheet's extent is known without reading a value.
"""

from __future__ import annotations

import struct

END_OF_CHAIN = 0xFFFFFFFE
_BOF = 0x0809
# BIFF8 cell records: each starts with (row, column); MULRK and MULBLANK end with the last column.
_CELLS = {0x0006, 0x00FD, 0x0201, 0x0203, 0x0204, 0x0205, 0x027E, 0x00D6}
_MULTI = {0x00BD, 0x00BE}


class NotOle(ValueError):
    """The file is not a readable OLE2 compound file (a damaged .xls)."""


def _u32s(block: bytes) -> list[int]:
    return list(struct.unpack(f"<{len(block) // 4}I", block[: len(block) // 4 * 4]))


class _Compound:
    """Just enough of an OLE2 compound file to read one stream."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.size = 1 << struct.unpack_from("<H", data, 0x1E)[0]
        self.mini_size = 1 << struct.unpack_from("<H", data, 0x20)[0]
        if self.size not in (512, 4096) or self.mini_size != 64:
            raise NotOle
        dir_start, _, cutoff, mini_start, _, difat_next, difat_count = struct.unpack_from(
            "<7I", data, 0x30
        )
        fat_sectors = [s for s in _u32s(data[0x4C:0x200]) if s < END_OF_CHAIN]
        for _ in range(difat_count):
            entries = _u32s(self.sector(difat_next))
            fat_sectors += [s for s in entries[:-1] if s < END_OF_CHAIN]
            difat_next = entries[-1]
        self.fat = [n for s in fat_sectors for n in _u32s(self.sector(s))]
        self.cutoff = cutoff
        self.directory = self.chain(dir_start, self.fat, self.sector)
        root_start = struct.unpack_from("<I", self.directory, 116)[0]
        self.mini_stream = self.chain(root_start, self.fat, self.sector)
        self.mini_fat = _u32s(self.chain(mini_start, self.fat, self.sector))

    def sector(self, number: int) -> bytes:
        start = (number + 1) * self.size
        if start + self.size > len(self.data) + self.size:
            raise NotOle
        return self.data[start : start + self.size]

    def mini_sector(self, number: int) -> bytes:
        return self.mini_stream[number * 64 : number * 64 + 64]

    @staticmethod
    def chain(start: int, table: list[int], read) -> bytes:
        parts, number = [], start
        while number < END_OF_CHAIN:
            if number >= len(table) or len(parts) > len(table):
                raise NotOle  # a chain leaving the table, or a loop
            parts.append(read(number))
            number = table[number]
        return b"".join(parts)

    def stream(self, names: tuple[str, ...]) -> bytes:
        for offset in range(0, len(self.directory) - 127, 128):
            entry = self.directory[offset : offset + 128]
            length = min(struct.unpack_from("<H", entry, 64)[0], 64)
            name = entry[: max(length - 2, 0)].decode("utf-16-le", "replace")
            if entry[66] == 2 and name in names:
                start, size = struct.unpack_from("<II", entry, 116)
                if size < self.cutoff:
                    return self.chain(start, self.mini_fat, self.mini_sector)[:size]
                return self.chain(start, self.fat, self.sector)[:size]
        raise NotOle


def sheet_extents(data: bytes) -> list[tuple[int, int]]:
    """(rows, columns) from A1 to the last cell, for each sheet of the workbook stream."""
    try:
        book = _Compound(data).stream(("Workbook", "Book"))
    except (struct.error, IndexError) as exc:
        raise NotOle from exc
    extents: list[tuple[int, int]] = []
    offset = 0
    while offset + 4 <= len(book):
        kind, length = struct.unpack_from("<HH", book, offset)
        body = book[offset + 4 : offset + 4 + length]
        offset += 4 + length
        if kind == _BOF:
            extents.append((0, 0))
        elif extents and len(body) >= 4 and (kind in _CELLS or kind in _MULTI):
            row, column = struct.unpack_from("<HH", body)
            if kind in _MULTI and len(body) >= 6:
                column = struct.unpack_from("<H", body, len(body) - 2)[0]
            rows, columns = extents[-1]
            extents[-1] = (max(rows, row + 1), max(columns, column + 1))
    return extents
