"""Locks between ``guandan`` processes on one machine, held on a file.

- the *port lock* (:func:`hold_port`): held by the server from before its checks until it
  stops, so that a second ``guandan serve`` on the same port stops with a message. Granian's
  workers each bind the port with ``SO_REUSEPORT``, and the system lets a second granian
  bind it too and splits the phones between the two (two databases, two events) without a
  word; the port check alone leaves the seconds between the check and the bind open;
- the *collection lock* (:func:`held`): one process at a time collects the static files of
  a clone, so that a second server started beside the first does not clear the folder the
  first is filling.

The port lock lives in the user's runtime folder or the temporary folder; systemd's
``PrivateTmp`` (deploy/systemd) makes the latter each unit's own: there the unit per port
(``guandan@PORT``) is what keeps one server per port, and the port check still refuses a
port already bound.

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
    0.0.0.0 on one port are the same phones' server): in the user's own runtime folder
    where the system has one (``XDG_RUNTIME_DIR``), else in the temporary folder under a
    name of the user's own. Per user: another user cannot share a port with ``SO_REUSEPORT``
    anyway (the port check refuses it), and cannot hold this user's lock."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and os.path.isdir(runtime):
        return Path(runtime) / f"guandan-port-{port}.lock"
    # Windows' temporary folder is the user's own already.
    user = f"-{os.getuid()}" if hasattr(os, "getuid") else ""
    return Path(tempfile.gettempdir()) / f"guandan-port-{port}{user}.lock"


def hold_port(port: int) -> int | None:
    """Take the lock of ``port`` for the life of this process and of the server it execs
    into (the descriptor is inherited across ``os.execv``); None when another process holds
    it. Give it back with :func:`release`."""
    try:
        fd = _open(port_lock_path(port))
    except OSError:  # no folder to write in: the port check alone, as before the lock
        return os.open(os.devnull, os.O_RDONLY)
    if not _try_lock(fd):
        os.close(fd)
        return None
    os.set_inheritable(fd, True)
    return fd


def release(fd: int) -> None:
    """Let the lock on ``fd`` go and close it. Windows asks for the unlock before the
    close (when a close frees a lock is not guaranteed there); elsewhere closing is enough."""
    if os.name == "nt":
        import msvcrt

        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass  # not locked (os.devnull, see hold_port)
    os.close(fd)


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
        release(fd)


def _open(path: Path) -> int:
    """A descriptor on ``path``, created when missing; read-only when the file is not this
    user's to write (enough for ``flock``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except PermissionError:
        return os.open(path, os.O_RDONLY)


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` without waiting; False only when another process has it. A folder whose
    system takes no locks (some network or FUSE mounts) counts as unlocked: the port check
    alone, not a refusal that would name a server that is not there."""
    if os.name == "nt":
        import errno
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as error:
            return error.errno not in (errno.EACCES, errno.EDEADLOCK)
        return True
    try:
        import fcntl
    except ImportError:  # a system with neither (tests/servers/guandan_run.py's Windows)
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # ENOLCK, EOPNOTSUPP: no locks on this folder's file system
        pass
    return True
