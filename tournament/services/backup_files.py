"""Small file helpers of the backups: the lock that lets one backup run at a time, and the
record of the last failure shown on the backups page."""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

from django.utils import timezone

try:  # POSIX (the laptops and servers the app runs on); Windows has msvcrt instead
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None
    import msvcrt

LOCK_FILE = ".backup.lock"
WAIT_SECONDS = 300  # a manual backup waits this long for a running one


class BackupError(RuntimeError):
    """A backup or restore that could not be done; the message is for the organizer."""


class BackupBusy(BackupError):
    """Another process is making a backup of this folder right now."""


def _try_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


@contextlib.contextmanager
def backup_lock(folder: Path, *, wait: bool) -> Iterator[None]:
    """Hold the folder's backup lock (an OS file lock: released even when the process is
    killed). ``wait``: wait up to :data:`WAIT_SECONDS` for it; else raise
    :class:`BackupBusy` at once when another process holds it."""
    fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + (WAIT_SECONDS if wait else 0)
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise BackupBusy("另一个备份正在进行，请稍后再试")
            time.sleep(0.2)
        yield
    finally:
        os.close(fd)  # closing the file releases the lock


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
