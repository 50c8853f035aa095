"""The web servers ``guandan serve`` can run, and how each is started.

Vocabulary:

- *gunicorn*: the server of Linux and macOS (pre-forked processes, each with threads). It
  imports ``fcntl``, which Windows lacks, so it is never imported on the Windows path;
- *waitress*: pure Python, one process with threads; runs everywhere;
- *granian*: a Rust server; runs everywhere, but on Windows with one worker process only
  (granian itself lowers ``workers`` to 1 there: a defect of sockets on Windows);
- *workers* × *threads*: processes and threads per process. A server with one process gets
  ``workers × threads`` threads, so that every server answers the same number of requests at
  once (bench/public_load.py compares them that way).

The server of Windows is :data:`WINDOWS_SERVER`, chosen by the figures of
``bench/public_load.py --servers gunicorn,waitress,granian,granian:1`` (docs/install.md):
granian as Windows runs it (one process, 8 threads) answered 716 find-my-table requests a
second against waitress's 487 (same 8 threads), with p95 of the saves 478 ms against 821 ms.
waitress stays a choice (``--server waitress``) when it is installed; the venue install
holds granian only.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from guandan.paths import SOURCE_ROOT, in_clone

SERVERS = ("gunicorn", "waitress", "granian")
WINDOWS_SERVER = "granian"
WSGI_TARGET = "config.wsgi:application"
# A request may run 180 s: the longest, a clerk's results sheet of 2,500 tables, is checked
# and saved in one transaction; a slow laptop or disk must not cut it off half way.
REQUEST_TIMEOUT = 180


@dataclass(frozen=True)
class ServeOptions:
    """Where and how to serve: address, port, server name, workers and threads."""

    host: str
    port: int
    server: str
    workers: int
    threads: int
    access_log: bool = False


def default_server() -> str:
    """gunicorn where it runs (not Windows, and installed), else :data:`WINDOWS_SERVER`."""
    if os.name == "nt":
        return WINDOWS_SERVER
    try:
        import gunicorn  # noqa: F401  (POSIX only: its workers import fcntl)
    except ImportError:
        return WINDOWS_SERVER
    return "gunicorn"


def default_workers() -> int:
    """One process per core, at least two (as scripts/serve.sh): a thread waiting for the
    SQLite write lock releases the interpreter to the others."""
    return max(os.cpu_count() or 1, 2)


class ServerMissing(RuntimeError):
    """The server asked for is not installed here (the message says how to install it)."""


def serve(options: ServeOptions) -> None:
    """Run the chosen server in the foreground until Ctrl-C (never returns for gunicorn)."""
    import importlib.util

    if importlib.util.find_spec(options.server) is None:
        raise ServerMissing(
            f"没有安装 {options.server}：py -m pip install {options.server}，或换用 --server auto\n"
            f"{options.server} is not installed: pip install {options.server}, or use --server auto"
        )
    {"gunicorn": _gunicorn, "waitress": _waitress, "granian": _granian}[options.server](options)


def gunicorn_argv(options: ServeOptions) -> list[str]:
    """The gunicorn command line of scripts/serve.sh: threaded workers, renewed after 100,000
    requests (a new worker starts with empty caches), no access log unless asked."""
    argv = [
        sys.executable,
        "-m",
        "gunicorn",
        WSGI_TARGET,
        f"--bind={options.host}:{options.port}",
        f"--workers={options.workers}",
        f"--threads={options.threads}",
        "--worker-class=gthread",
        f"--timeout={REQUEST_TIMEOUT}",
        "--graceful-timeout=20",
        "--max-requests=100000",
        "--max-requests-jitter=10000",
        "--log-level=warning",
    ]
    if in_clone():
        argv.append(f"--chdir={SOURCE_ROOT}")
    if options.access_log:
        argv.append("--access-logfile=-")
    return argv


def _gunicorn(options: ServeOptions) -> None:
    argv = gunicorn_argv(options)
    os.environ.setdefault("MALLOC_ARENA_MAX", "2")  # as scripts/serve.sh: see there
    sys.stdout.flush()
    os.execv(argv[0], argv)  # gunicorn takes this process: Ctrl-C and signals go to it


def _waitress(options: ServeOptions) -> None:
    import logging

    from waitress import serve as waitress_serve

    from config.wsgi import application

    # Waitress logs a warning for every request queued behind busy threads: at a venue
    # that is every burst of phones, and nothing the organizer can act on.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    app = application
    if options.access_log:
        app = _access_logged(application)
    waitress_serve(
        app,
        host=options.host,
        port=options.port,
        threads=options.workers * options.threads,
        # Phones keep connections open; the default of 100 would queue the 101st phone.
        connection_limit=1000,
        channel_timeout=REQUEST_TIMEOUT,
        # poll() instead of select(): no limit of 512 sockets on Windows.
        asyncore_use_poll=True,
        ident="guandan",
    )


def _access_logged(application):
    """The WSGI application with one line per request on standard output."""

    def logged(environ, start_response):
        def start(status, headers, exc_info=None):
            print(f"{environ['REQUEST_METHOD']} {environ.get('PATH_INFO', '')} {status}")
            return start_response(status, headers, exc_info)

        return application(environ, start)

    return logged


def _granian(options: ServeOptions) -> None:
    from granian import Granian
    from granian.constants import Interfaces
    from granian.log import LogLevels

    # On Windows granian runs one worker whatever it is asked; its threads make up for it.
    workers = 1 if os.name == "nt" else options.workers
    threads = options.workers * options.threads // workers
    Granian(
        WSGI_TARGET,
        address=options.host,
        port=options.port,
        interface=Interfaces.WSGI,
        workers=workers,
        blocking_threads=threads,
        working_dir=SOURCE_ROOT if in_clone() else None,
        log_access=options.access_log,
        log_level=LogLevels.warning,
    ).serve()
