"""Reading an event archive file as a stream of records, in flat memory.

Vocabulary
----------
record
    ``(key, value)``: a top-level entry of the archive (``"format"``, ``"tournament"``,
    ``"users"``, …) with its value, or one row of a part (``("matches", {…})``), in the
    order of the file. A part's rows are never held together: the importer saves them in
    batches as they come (:mod:`tournament.archive.importer`).
source
    What to read: a path, or a binary file (the backup's own stream). Compressed archives
    (``.json.gz``) are recognised by their first bytes, not their name; plain JSON (the
    archives of earlier versions) is read the same way.

Bounds, because an archive is a file anyone can make: the file as stored at most
``ARCHIVE_MAX_MB``, what it unpacks to at most ``ARCHIVE_MAX_RAW_MB`` (a gzip bomb is
refused when it passes the bound, never unpacked to the end), JSON nested at most
:data:`~tournament.archive.checks.MAX_DEPTH` deep. The JSON is parsed
incrementally by ijson (its C backend, yajl).
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

import ijson
from django.conf import settings

from rules.messages import Message
from tournament.archive.checks import MAX_DEPTH
from tournament.archive.write import (
    MSG_BAD_GZIP,
    MSG_BAD_JSON,
    MSG_INCOMPLETE,
    MSG_NOT_ARCHIVE,
    MSG_PART_LIST,
    MSG_REREAD,
    MSG_ROW_OBJECT,
    MSG_TOO_BIG,
    MSG_TOO_BIG_RAW,
    MSG_TOO_BIG_STREAM,
    MSG_TOO_DEEP,
    PARTS,
    ArchiveError,
    invalid,
)
from tournament.spreadsheets.reader import MSG_EMPTY_FILE, megabytes

PART_KEYS = {p.key for p in PARTS}
GZIP_MAGIC = b"\x1f\x8b"


class _Bounded(io.RawIOBase):
    """A stream that refuses (with ``message``) to deliver more than ``limit`` bytes."""

    def __init__(self, stream: BinaryIO, limit: int, message: Message) -> None:
        self.stream, self.left, self.message = stream, limit, message

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.stream.read(min(len(buffer), self.left + 1))
        if len(data) > self.left:
            raise ArchiveError(self.message)
        self.left -= len(data)
        buffer[: len(data)] = data
        return len(data)


def _unpacked(raw: BinaryIO) -> BinaryIO:
    """The JSON bytes of a stored archive: unpacked when it is gzip, bounded either way."""
    limit = settings.ARCHIVE_MAX_BYTES
    stored = _Bounded(raw, limit, Message(MSG_TOO_BIG_STREAM, {"limit": megabytes(limit)}))
    head = io.BufferedReader(stored, buffer_size=64 * 1024)
    inner: BinaryIO = gzip.GzipFile(fileobj=head) if head.peek(2)[:2] == GZIP_MAGIC else head
    limit = settings.ARCHIVE_MAX_RAW_BYTES
    return io.BufferedReader(
        _Bounded(inner, limit, Message(MSG_TOO_BIG_RAW, {"limit": megabytes(limit)})),
        buffer_size=64 * 1024,
    )


@contextmanager
def opened(source: str | Path | BinaryIO) -> Iterator[Callable[[], BinaryIO]]:
    """A function giving the archive's JSON bytes from the start, as often as called (an
    archive of version 1 is read twice: its users and files come after its rows)."""
    if isinstance(source, str | Path):
        path = Path(source)
        size, limit = path.stat().st_size, settings.ARCHIVE_MAX_BYTES
        if size > limit:
            raise ArchiveError(MSG_TOO_BIG, size=megabytes(size), limit=megabytes(limit))
        handles: list[BinaryIO] = []

        def from_path() -> BinaryIO:
            handles.append(path.open("rb"))
            return _unpacked(handles[-1])

        try:
            yield from_path
        finally:
            for handle in handles:
                handle.close()
        return
    start = source.tell() if source.seekable() else None
    calls = []

    def from_file() -> BinaryIO:
        if calls:
            if start is None:
                raise ArchiveError(MSG_REREAD)
            source.seek(start)
        calls.append(1)
        return _unpacked(source)

    yield from_file


def records(open_stream: Callable[[], BinaryIO]) -> Iterator[tuple[str, Any]]:
    """The archive's records in the order of the file; ``users`` and ``files`` always
    before the first row (read ahead from a second pass when the file has them after)."""
    # ijson's events without their path (basic_parse): the path of each was built in vain,
    # a quarter of the parsing.
    events = iter(ijson.basic_parse(open_stream(), use_float=True))
    try:
        first = next(events)
    except StopIteration:
        raise ArchiveError(MSG_BAD_JSON, error=Message(MSG_EMPTY_FILE)) from None
    if first[0] != "start_map":
        raise ArchiveError(MSG_NOT_ARCHIVE)
    seen: set[str] = set()
    for event, key in events:
        if event == "end_map":
            break
        if key in PART_KEYS:
            if not {"users", "files"} <= seen:
                yield from _read_ahead(open_stream, seen)
            yield from ((key, row) for row in _rows(key, events))
        elif key in seen and key in ("users", "files"):
            _value(_next(events), events)  # read ahead already
        else:
            seen.add(key)
            yield key, _value(_next(events), events)
    for _ in events:  # anything after the archive's end is an error of the parser
        pass


def _read_ahead(open_stream: Callable[[], BinaryIO], seen: set[str]) -> Iterator[tuple]:
    """``users`` and ``files`` of an archive that has them after its rows (version 1)."""
    if "users" not in seen:
        yield "users", list(ijson.items(open_stream(), "users.item"))
    if "files" not in seen:
        yield "files", dict(ijson.kvitems(open_stream(), "files"))
    seen.update(("users", "files"))


def _next(events: Iterator) -> tuple:
    """The next event; a file that ends inside the archive is incomplete."""
    try:
        return next(events)
    except StopIteration:
        raise ArchiveError(MSG_BAD_JSON, error=Message(MSG_INCOMPLETE)) from None


def _rows(key: str, events: Iterator) -> Iterator[dict]:
    start = _next(events)
    if start[0] != "start_array":
        raise invalid(MSG_PART_LIST, key=key)
    for number, event in enumerate(events, start=1):
        if event[0] == "end_array":
            return
        row = _value(event, events)
        if not isinstance(row, dict):
            raise invalid(MSG_ROW_OBJECT, key=key, n=number)
        yield row


def _value(first: tuple, events: Iterator) -> Any:
    """One JSON value, built from its events (``first`` is its first event).

    Built here rather than by ijson's ``ObjectBuilder``: a method call per event was a fifth
    of a big archive's import."""
    kind = first[0]
    if kind == "start_map":
        top: Any = {}
    elif kind == "start_array":
        top = []
    else:
        return first[1]
    deepest = MAX_DEPTH - 3  # the archive and its part hold every row, and this is one
    parents: list[tuple] = []
    key = None
    in_map = kind == "start_map"
    for kind, value in events:
        if kind == "map_key":
            key = value
        elif kind not in _NESTING:  # a scalar, the most common after a key
            if in_map:
                top[key] = value
            else:
                top.append(value)
        elif kind == "end_map" or kind == "end_array":
            if not parents:
                return top
            top, key, in_map = parents.pop()
        else:
            inner = {} if kind == "start_map" else []
            if in_map:
                top[key] = inner
            else:
                top.append(inner)
            parents.append((top, key, in_map))
            if len(parents) > deepest:
                raise ArchiveError(MSG_TOO_DEEP)
            top, in_map = inner, kind == "start_map"
    raise ArchiveError(MSG_BAD_JSON, error=Message(MSG_INCOMPLETE))


_NESTING = frozenset(("start_map", "start_array", "end_map", "end_array"))


READ_ERRORS = (ijson.JSONError, EOFError, gzip.BadGzipFile, zlib.error, UnicodeDecodeError)


def read_error(exc: Exception) -> ArchiveError:
    """The error of a file that could not be read to its end."""
    if isinstance(exc, ijson.JSONError | UnicodeDecodeError):
        # ijson's own text points at the place over three lines: the first says what it is.
        first = (str(exc).splitlines() or [""])[0]
        return ArchiveError(MSG_BAD_JSON, error=first[:200])
    return ArchiveError(MSG_BAD_GZIP)
