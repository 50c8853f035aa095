"""Small file helpers of the backups: the lock that lets one backup run at a time, and the
record of the last failure shown on the backups page."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.utils import timezone
from filelock import FileLock, Timeout

from rules.messages import Message
from tournament.core.errors import ServiceError

LOCK_FILE = ".backup.lock"
WAIT_SECONDS = 300  # a manual backup waits this long for a running one

MSG_BUSY = "backup_busy"
MSG_DAMAGED = "backup_damaged"


class BackupError(ServiceError):
    """A backup or restore that could not be done; the message is for the organizer."""


class BackupBusy(BackupError):
    """Another process is making a backup of this folder right now."""


class BackupDamaged(BackupError):
    """A backup file that cannot be used: ``BackupDamaged(MSG_…, **params)`` names what is
    wrong with it, inside one sentence that says nothing was changed (:data:`MSG_DAMAGED`)."""

    def __init__(self, why: str, /, **params: Any) -> None:
        super().__init__(MSG_DAMAGED, why=Message(why, params))


@contextlib.contextmanager
def backup_lock(folder: Path, *, wait: bool) -> Iterator[None]:
    """Hold the folder's backup lock: an OS file lock (flock on POSIX, msvcrt's on Windows,
    through filelock), released even when the process is killed. ``wait``: wait up to
    :data:`WAIT_SECONDS` for it; else raise :class:`BackupBusy` at once when another process
    or thread holds it."""
    lock = FileLock(folder / LOCK_FILE, timeout=WAIT_SECONDS if wait else 0, mode=0o600)
    try:
        lock.acquire()
    except Timeout:
        raise BackupBusy(MSG_BUSY) from None
    try:
        yield
    finally:
        lock.release()


def record_error(path: Path, message: str, reason: str) -> None:
    """Keep the failure for the backups page; a failure to write it is ignored (the disk
    may be what failed), the caller has logged the error anyway."""
    with contextlib.suppress(OSError):
        text = json.dumps(
            {"at": timezone.now().isoformat(), "error": message, "reason": reason},
            ensure_ascii=False,
        )
        path.write_text(text, encoding="utf-8")


def read_error(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    with contextlib.suppress(KeyError, TypeError, ValueError):
        data["at"] = timezone.datetime.fromisoformat(data["at"])
        return data
    return None
