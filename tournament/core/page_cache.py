"""Results computed once per stamp and kept in Django's cache (see :mod:`tournament.core.stamps`).

A key is ``gd:<name>:<stamp>:<parts>``: the stamp is read from the database with the
tournament before anything is computed, so an entry holds data at least as new as its
stamp, and a change makes a new key: no process can serve an entry older than the data it
has just committed. Old entries are never deleted; they expire or are evicted.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

from tournament.core.stamps import page_stamp
from tournament.models import Tournament

T = TypeVar("T")
TIMEOUT = 6 * 3600  # an event day; entries of older stamps are dead weight anyway
_MISSING = object()
LOCAL_ENTRIES = 8  # the search indexes of the rounds people are looking at
_local: OrderedDict[str, object] = OrderedDict()
_local_lock = threading.Lock()
_building: dict[str, threading.Lock] = {}


def cache_key(name: str, stamp: str, parts: tuple) -> str:
    """``gd:<name>:<stamp>:<digest of parts>``: parts may hold any text (a search, a sort)."""
    digest = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    return f"gd:{name}:{stamp}:{digest}"


def computed(
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
        with _local_lock:  # gunicorn threads share _local
            if key in _local:
                _local.move_to_end(key)
                return _local[key]
    return cache.get(key, _MISSING)
