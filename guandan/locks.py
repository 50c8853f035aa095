"""Locks between ``guandan`` processes on one machine, held on a file.

- the *port lock* (:func:`hold_port`): held by the server from before its checks until it
  stops, so that a second ``guandan serve`` on the same port stops with a message. Granian's
  workers each bind the port with ``SO_REUSEPORT``, and the system lets a second granian
  bind it too and splits the phones between the two (two databases, two events) without a
  word; the port check alone leaves the seconds between the check and the bind open;
- the *collection lock* (:func:`held`): one process at a time collects the static files of
  a clone, so that a second server started beside the first does not clear the folder the
  first is filling.

The port lock lives in the temporary folder, which systemd's ``PrivateTmp`` (deploy/systemd)
makes each unit's own: there the unit per port (``guandan@PORT``) is what keeps one server
per port, and the port check still refuses a port already bound.

A lock is the operating system's (``flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows) and goes with the process: a server that is killed leaves no stale lock behind.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def port_lock_path(port: int) -> Path:
    """The file the lock of ``port`` is held on (whatever the address: 127.0.0.1 and
    0.0.0.0 on one port are the same phones' server)."""
    return Path(tempfile.gettempdir()) / f"guandan-port-{port}.lock"


def hold_port(port: int) -> int | None:
    """Take the lock of ``port`` for the life of this process and of the server it execs
    into (the descriptor is inherited across ``os.execv``); None when another process holds
    it."""
    try:
        fd = _open(port_lock_path(port))
    except OSError:  # no temporary folder to write in: the port check alone, as before
        return os.open(os.devnull, os.O_RDONLY)
    if not _try_lock(fd):
        os.close(fd)
        return None
    os.set_inheritable(fd, True)
    return fd


@contextmanager
def held(path: Path, timeout: float = 120) -> Iterator[None]:
    """Hold the lock on ``path`` for the ``with`` block, waiting up to ``timeout`` seconds
    for another process to let it go (TimeoutError after that)."""
    fd = _open(path)
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{path} is held by another process")
            time.sleep(0.1)
        yield
    finally:
        os.close(fd)  # closing the descriptor lets the lock go


def _open(path: Path) -> int:
    """A descriptor on ``path``, created when missing. Another user's file (a shared
    temporary folder) opens read-only: enough for ``flock``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except PermissionError:
        return os.open(path, os.O_RDONLY)


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` without waiting; False when another process has it."""
    if os.name == "nt":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        import fcntl
    except ImportError:  # a system with neither (tests/servers/guandan_run.py's Windows)
        return True  # the port check alone, as before the lock
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True
