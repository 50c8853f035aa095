"""SQLite's write-ahead log folded into the database file when a serving process stops.

With ``journal_mode=WAL`` (config/env.py) committed changes go first to ``db.sqlite3-wal``
and reach ``db.sqlite3`` at a *checkpoint*: every 1,000 pages, or when the last connection
to the file closes. A server's worker keeps its connections until it is stopped, and a
stop does not close them: after a clean stop of a small event the changes of the whole day
sat in the log, and ``db.sqlite3`` copied alone (to a USB stick, by a backup tool) held
none of them. Each serving process therefore checkpoints as it ends.
"""

from __future__ import annotations

import atexit
import contextlib
import sqlite3

_registered: set[str] = set()


def checkpoint(path: str) -> None:
    """Write the log of the SQLite file ``path`` into it and empty the log. Idle
    connections of other threads or processes do not stop it; one in a transaction makes
    it wait (up to 5 s), then it gives up: the log stays, nothing is lost."""
    with (
        contextlib.suppress(sqlite3.Error),
        contextlib.closing(sqlite3.connect(path, timeout=5)) as db,
    ):
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def checkpoint_at_exit(path: str) -> None:
    """Checkpoint ``path`` when this process ends: at its exit handlers, and at the end of
    a worker started by ``multiprocessing`` (granian's), which ends with ``os._exit`` and
    runs only multiprocessing's own finalizers."""
    if path in _registered:
        return
    _registered.add(path)
    from multiprocessing import util

    atexit.register(checkpoint, path)
    util.Finalize(None, checkpoint, args=(path,), exitpriority=10)
