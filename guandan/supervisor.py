"""Keeps granian serving: what ``guandan serve`` becomes on Linux and macOS once the app is
prepared (``python -m guandan.supervisor GRANIAN_COMMAND…``).

Granian replaces a worker that dies, but a worker that dies again within 5.5 s of being
replaced ("worker crash loop detected") stops the whole server, and on a laptop nothing
started it again. Here granian runs as a child, and is started again when it
stops of itself, after a *back-off*: :data:`BACKOFF_FIRST` seconds, doubled at each stop up
to :data:`BACKOFF_CAP`, and back to the first once a run has lasted :data:`HEALTHY_SECONDS`.
Each restart is a line on standard error. A run that stops within :data:`STARTUP_SECONDS`
of the very first start is not restarted: a server that cannot start (a port taken by
another program, a worker that cannot import the app) ends ``guandan serve`` with its error.

Ctrl-C and SIGTERM are passed on to granian, which lets the requests under way finish
(guandan/servers.py's GRACEFUL_SECONDS), and the supervisor ends with it; SIGHUP is passed
on too (granian renews its workers). The port's lock (guandan/locks.py), inherited from
``guandan serve`` across its ``exec``, stays held here, and is inherited by granian.

A ``kill -9`` of this process takes granian with it on Linux (``PR_SET_PDEATHSIG``); each
worker of granian does the same with granian (:func:`die_with_parent`, which
guandan/front.py calls in each worker), so that the port is free for the next start at once.

Standard library only: this process stays small beside the workers.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

BACKOFF_FIRST = 1.0
BACKOFF_CAP = 30.0
HEALTHY_SECONDS = 60.0
STARTUP_SECONDS = 10.0


def _log(text: str) -> None:
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    print(f"[guandan {stamp}] {text}", file=sys.stderr, flush=True)


def die_with_parent_on_linux(parent: int | None = None) -> None:
    """Ask Linux to kill this process when its parent dies (called in the child between
    fork and exec, or first thing in a granian worker; nothing elsewhere).

    ``parent`` is the pid the parent had before this process was started: a parent that
    died before the request was made sends no signal, and this process ends here instead
    of serving on without it (a ``kill -9`` while a worker was still loading the app left
    that worker serving the port, and holding its lock, for good)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    pr_set_pdeathsig = 1
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # no prctl: the check below and the watch of die_with_parent remain
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def die_with_parent() -> None:
    """End this worker when granian's main process dies (a ``kill -9``, a crash): left
    alone, the worker goes on serving the port with ``SO_REUSEPORT`` and holding its lock
    (guandan/locks.py), and the next ``guandan serve`` on that port is refused. Linux
    kills it at once (``PR_SET_PDEATHSIG``); elsewhere on POSIX a thread looks every half
    second. Not on Windows (its one worker is a child of ``guandan serve`` itself, and
    there is no parent to look at cheaply)."""
    if os.name == "nt":
        return
    import multiprocessing

    # granian's main process as it was when it forked this worker (multiprocessing keeps
    # it): asked now, after the app was loaded, os.getppid() would name whoever adopted a
    # worker whose granian was killed meanwhile.
    known = multiprocessing.parent_process()
    parent = known.pid if known is not None else os.getppid()
    die_with_parent_on_linux(parent)
    if os.getppid() != parent:  # it died before (elsewhere than on Linux)
        os._exit(1)
    if sys.platform.startswith("linux"):
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    import threading

    threading.Thread(target=watch, name="guandan-parent-watch", daemon=True).start()


def supervise(argv: list[str]) -> int:
    """Run ``argv`` (granian's command line) until it is asked to stop, starting it again
    when it stops of itself; return the exit status of its last run."""
    stopping = False
    child: subprocess.Popen | None = None

    def forward(signum: int, _frame: object) -> None:
        nonlocal stopping
        if signum != getattr(signal, "SIGHUP", None):
            stopping = True
        if child is not None and child.poll() is None:
            child.send_signal(signum)

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), forward)

    delay = BACKOFF_FIRST
    first = True
    this = os.getpid()
    while True:
        started = time.monotonic()
        child = subprocess.Popen(
            argv, close_fds=False, preexec_fn=lambda: die_with_parent_on_linux(this)
        )
        status = child.wait()
        lasted = time.monotonic() - started
        if stopping or status == 0:  # asked to stop (here, or granian itself)
            return status
        if first and lasted < STARTUP_SECONDS:
            _log(
                f"服务器未能启动（退出状态 {status}）/ the server could not start (exit status {status})"
            )
            return status if status > 0 else 1
        first = False
        if lasted >= HEALTHY_SECONDS:
            delay = BACKOFF_FIRST
        _log(
            f"服务器意外停止（退出状态 {status}，运行了 {lasted:.0f} 秒），{delay:.0f} 秒后重启 / "
            f"the server stopped unexpectedly (exit status {status} after {lasted:.0f} s): "
            f"restarting in {delay:.0f} s"
        )
        wake = time.monotonic() + delay
        while time.monotonic() < wake:
            if stopping:
                return 0
            time.sleep(0.1)
        delay = min(delay * 2, BACKOFF_CAP)


if __name__ == "__main__":
    sys.exit(supervise(sys.argv[1:]))
