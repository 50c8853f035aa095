"""Joining PDF parts into one file as they come, so a long document never sits in memory.

reportlab keeps a whole document until ``save()`` and then formats it in memory (about
7 KB a page, plus two to three times the file size at the end). Long runs of identical-layout
pages (2,500 score sheets) are therefore drawn in parts of a few hundred pages; each part is
read back with pypdf and its objects are written straight to the output file, renumbered,
with every page hung under one page tree written at the end. Memory stays that of one part.

The parts are reportlab's own simple output (no object streams, no encryption); shared
resources (fonts, the form of the sheet) are written once per part.
"""

from __future__ import annotations

import gc
import io
from typing import BinaryIO

from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NumberObject,
    PdfObject,
    create_string_object,
)

_CATALOG, _PAGES = 1, 2


class PdfJoiner:
    """Write the pages of several PDFs, in order, into ``out`` as one PDF."""

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.position = 0  # bytes written: the offsets of the cross-reference table
        self.offsets: dict[int, int] = {}
        self.kids: list[int] = []
        self.next_id = 3
        self._write(b"%PDF-1.4\n%\x93\x8c\x8b\x9e\n")

    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self.position += len(data)

    def _emit(self, number: int, obj: PdfObject) -> None:
        buffer = io.BytesIO()
        obj.write_to_stream(buffer)
        self.offsets[number] = self.position
        self._write(b"%d 0 obj\n" % number + buffer.getvalue() + b"\nendobj\n")

    def add(self, data: bytes, *, more: bool = True) -> int:
        """Append every page of the PDF ``data``; return how many pages it had. ``more``:
        another part will be drawn after this one (so this one must be freed first)."""
        reader = PdfReader(io.BytesIO(data))
        numbers: dict[int, int] = {}
        todo: list[int] = []

        def new_ref(old: IndirectObject) -> IndirectObject:
            if old.idnum not in numbers:
                numbers[old.idnum] = self.next_id
                self.next_id += 1
                todo.append(old.idnum)
            return IndirectObject(numbers[old.idnum], 0, None)

        def renumber(obj: PdfObject) -> PdfObject:
            if isinstance(obj, IndirectObject):
                return new_ref(obj)
            if isinstance(obj, DictionaryObject):  # also stream objects
                for key, value in list(dict.items(obj)):
                    dict.__setitem__(obj, key, renumber(value))
            elif isinstance(obj, ArrayObject):
                for i, value in enumerate(list.__iter__(obj)):
                    list.__setitem__(obj, i, renumber(value))
            return obj

        pages = [page.indirect_reference for page in reader.pages]
        page_ids = {ref.idnum for ref in pages}
        for ref in pages:
            self.kids.append(new_ref(ref).idnum)
        while todo:
            old = todo.pop(0)
            obj = reader.get_object(old)
            if old in page_ids:
                # The page hangs under our page tree; the part's own tree is not copied.
                dict.pop(obj, NameObject("/Parent"), None)
                renumber(obj)
                dict.__setitem__(obj, NameObject("/Parent"), IndirectObject(_PAGES, 0, None))
            else:
                renumber(obj)
            self._emit(numbers[old], obj)
        count = len(pages)
        # pypdf's objects point back at their reader: a cycle the collector would only find
        # later, after several parts had piled up. Free this part now, before the next one is
        # drawn. After the last part nothing piles up: a full collection there (about 0.1 s
        # in a big process) would only free it sooner.
        del reader, pages
        if more:
            gc.collect()
        return count

    def close(self, *, title: str = "", author: str = "", creator: str = "") -> None:
        """Write the page tree, the catalogue, the document info and the cross-reference."""
        pages = DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Pages"),
                NameObject("/Kids"): ArrayObject(IndirectObject(k, 0, None) for k in self.kids),
                NameObject("/Count"): NumberObject(len(self.kids)),
            }
        )
        self._emit(_PAGES, pages)
        catalog = DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Catalog"),
                NameObject("/Pages"): IndirectObject(_PAGES, 0, None),
            }
        )
        self._emit(_CATALOG, catalog)
        info_id = self.next_id
        info = DictionaryObject(
            {
                NameObject(f"/{key}"): create_string_object(value)
                for key, value in (("Title", title), ("Author", author), ("Creator", creator))
                if value
            }
        )
        self._emit(info_id, info)
        size = info_id + 1
        xref = self.position
        lines = [b"xref\n", b"0 %d\n" % size, b"0000000000 65535 f \n"]
        for number in range(1, size):
            lines.append(b"%010d 00000 n \n" % self.offsets[number])
        self._write(b"".join(lines))
        trailer = b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
        self._write(trailer % (size, _CATALOG, info_id, xref))
