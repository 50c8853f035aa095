"""Giving the memory a request freed back to the system (issue 31: a worker under 150 MB).

A large page (the standings of 5,000 pairs, a results sheet) builds tens of megabytes of
small objects and frees them when it is sent. glibc's ``malloc`` keeps what was freed in its
arenas for the next request, so a worker's resident memory stays at the largest page it
ever built, times the arenas its threads were given. ``malloc_trim(0)`` hands the free pages
of every arena back.

Vocabulary
----------
idle
    No request of this process under way (the server's threads all wait): the moment to
    trim, since no thread is allocating and the pages handed back are not needed at once.
trim
    One ``malloc_trim(0)``: a walk over the arenas' free chunks. At most one each
    :data:`TRIM_EVERY` seconds, and only when the process is idle: under a steady load a
    fraction of a per cent of a core, nothing while no one asks. After the capacity
    benchmark's pages of a 5,000-pair event it took a worker from 153 to 150 MB
    (docs/pending/serve.md); most of a worker's memory is Python's own (its objects and
    its arenas), which this does not touch.

Connected to Django's ``request_started`` / ``request_finished`` (``TournamentConfig``), so
every server (gunicorn, waitress, granian) gets it; on a C library without
``malloc_trim`` (macOS, Windows, musl) it does nothing.
"""

from __future__ import annotations

import ctypes
import threading
import time

TRIM_EVERY = 1.0  # seconds between two trims of one process, at least


def _malloc_trim():
    """glibc's ``malloc_trim``, or None where the C library has none."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


_trim = _malloc_trim()
_lock = threading.Lock()
_busy = 0  # requests of this process under way
_clock = time.monotonic
_last = -TRIM_EVERY  # _clock() of the last trim


def request_started(**_kwargs) -> None:
    global _busy
    with _lock:
        _busy += 1


def request_finished(**_kwargs) -> None:
    """Trim when this was the last request under way and the last trim is old enough."""
    global _busy, _last
    with _lock:
        _busy = max(0, _busy - 1)
        now = _clock()
        due = _trim is not None and _busy == 0 and now - _last >= TRIM_EVERY
        if due:
            _last = now
    if due:
        _trim(0)


def connect() -> None:
    """Follow every request of this process (called once, from the app's ``ready``)."""
    from django.core.signals import request_finished as finished
    from django.core.signals import request_started as started

    started.connect(request_started, dispatch_uid="guandan_memory_started")
    finished.connect(request_finished, dispatch_uid="guandan_memory_finished")
