"""Results computed once per stamp and kept in Django's cache (see :mod:`tournament.core.stamps`).

A key is ``gd:<name>:<stamp>:<parts>``: the stamp is read from the database with the
tournament before anything is computed, so an entry holds data at least as new as its
stamp, and a change makes a new key: no process can serve an entry older than the data it
has just committed. Old entries are never deleted; they expire or are evicted.

:func:`cached_per_stamp` is the one way in: a value built once per stamp (and per parts),
read from the cache after that.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache

from tournament.core.stamps import page_stamp
from tournament.models import Tournament

T = TypeVar("T")
TIMEOUT = 6 * 3600  # an event day; entries of older stamps are dead weight anyway
_MISSING = object()
LOCAL_ENTRIES = 8  # the search indexes of the rounds people are looking at
_local: OrderedDict[str, object] = OrderedDict()
_local_lock = threading.Lock()
_building: dict[str, threading.Lock] = {}
# This process's copies of whole public answers read from a shared cache (Redis): at most
# 16 MB (thousands of find-my-table answers of a few KB each), within a worker's memory
# target of 150 MB.
LOCAL_PAGE_BYTES = 16 * 1024 * 1024
COPY_OVERHEAD = 300  # bytes of a kept copy beyond its body and key: the tuple, the entry


def cache_key(name: str, stamp: str, parts: tuple) -> str:
    """``gd:<name>:<stamp>:<digest of parts>``: parts may hold any text (a search, a sort)."""
    digest = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    return f"gd:{name}:{stamp}:{digest}"


def cached_per_stamp(
    tournament: Tournament,
    name: str,
    build: Callable[[], T],
    *parts,
    public: bool,
    in_process: bool = False,
) -> T:
    """``build()`` once per stamp (public or staff) and ``parts``; later calls read the cache.

    ``in_process`` also keeps the value in this process's memory (a few entries), so a hit
    costs no unpickling: for large values read by every request, such as the search index.
    The caller must then treat the value as read-only.
    """
    key = cache_key(name, page_stamp(tournament, public=public), parts)
    value = _read(key, in_process)
    if value is _MISSING:
        # One build per key in this process: the threads that ask meanwhile wait for it
        # instead of computing the same standings side by side.
        with _local_lock:
            building = _building.setdefault(key, threading.Lock())
        with building:
            value = _read(key, in_process)
            if value is _MISSING:
                value = build()
                cache.set(key, value, TIMEOUT)
        with _local_lock:
            _building.pop(key, None)
    if in_process:
        with _local_lock:
            _local[key] = value
            while len(_local) > LOCAL_ENTRIES:
                _local.popitem(last=False)
    return value


def _read(key: str, in_process: bool):
    if in_process:
        with _local_lock:  # a worker's threads share _local
            if key in _local:
                _local.move_to_end(key)
                return _local[key]
    return cache.get(key, _MISSING)


class LocalCopies:
    """This process's copies of answers read from the shared cache, the most recently used
    kept up to ``limit`` bytes in all (an LRU).

    With several servers the shared cache is Redis: a cached answer would cost a round
    trip and an unpickling each time. A key names the stamp it was made under, so a copy is
    checked against the stamp simply by being looked up under the stamp just read: after
    a change no request asks for the old key again, and its copy ages out.
    """

    def __init__(self, limit: int):
        self.limit = limit
        self.size = 0
        self._items: OrderedDict[str, tuple[object, int]] = OrderedDict()
        self._lock = threading.Lock()  # a worker's threads share the copies

    def get(self, key: str):
        """The copy kept under ``key``, or None."""
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            self._items.move_to_end(key)
            return item[0]

    def put(self, key: str, value: object, size: int) -> None:
        """Keep ``value`` (about ``size`` bytes) under ``key``, dropping the least used."""
        if size > self.limit:
            return
        with self._lock:
            old = self._items.pop(key, None)
            self.size += size - (old[1] if old else 0)
            self._items[key] = (value, size)
            while self.size > self.limit:
                _key, (_value, dropped) = self._items.popitem(last=False)
                self.size -= dropped

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.size = 0

    def __len__(self) -> int:
        return len(self._items)


_page_copies = LocalCopies(LOCAL_PAGE_BYTES)


def local_copies() -> LocalCopies | None:
    """This process's copies of the shared cache's answers; None when the cache is this
    process's own memory already (one server: a copy would only double it)."""
    return None if isinstance(caches["default"], LocMemCache) else _page_copies
