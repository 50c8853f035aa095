"""The web servers ``guandan serve`` can run, and how each is started.

Vocabulary:

- *granian*: a Rust server, the default everywhere (:data:`DEFAULT_SERVER`): its workers
  are processes, its Python threads only run the app (reading, parsing and writing HTTP is
  Rust's, outside the interpreter lock). On Windows it runs one worker process whatever it
  is asked (granian lowers ``workers`` to 1 there: a defect of sockets on Windows);
- *gunicorn*: pre-forked processes, each with threads; a choice on Linux and macOS
  (``--server gunicorn``). It imports ``fcntl``, which Windows lacks, so it is never
  imported on the default path;
- *workers* × *threads*: processes and threads per process. A server with one process gets
  ``workers × threads`` threads, so that every server answers the same number of requests at
  once (bench/public_load.py compares them that way).

waitress (pure Python, one process) was a third choice until it was measured: the slowest
on every count (docs/install.md, "Which server: the figures": 638 answers a second against
granian's 3,167, saves' p95 1.7 s), on Windows too, where granian with one process answered
1.4 times its requests; it was never a runtime requirement.

Why granian: ``bench/public_load.py --servers gunicorn,granian`` (5,000 pairs, 2 × 4 each,
docs/benchmarks.md) measured 0.65 ms of CPU per find-my-table answer against gunicorn's
1.38, 2,915 answers a second against 1,367, and the saves' p95 133 ms against 212.

What gunicorn gave and granian is told to give (:func:`granian_argv`):

- a worker that dies (the OOM killer, a crash) is replaced; without
  ``--respawn-failed-workers`` granian stops serving altogether. A worker that dies again
  within 5.5 s of being replaced stops the whole of granian (its crash-loop guard): on Linux
  and macOS guandan/supervisor.py then starts it again, with a back-off and a line on the
  console; one that cannot start at all ends ``guandan serve`` with its error;
- a slow client holds no thread: granian's event loop reads each request's whole body
  before one of the app's threads runs it (guandan/front.py, granian's RSGI interface), and
  cuts off a body that comes too slowly (gunicorn read bodies in its threads);
- a stop (Ctrl-C, SIGTERM) lets the requests under way finish, for
  :data:`GRACEFUL_SECONDS`;
- worker renewal is the exception: gunicorn renewed each worker after 100,000 requests
  whatever its size (every two minutes under the benchmarks' load); granian renews one only
  when ``WEB_WORKER_MAX_MB`` is set and its memory stays over it for two samples 30 s apart
  (the new worker starts before the old one stops). It is off by default: a worker serving
  a 5,000-pair event's pages holds about 145 MB (docs/capacity.md), and on Linux each
  renewal may reset the connections waiting in the old worker's queue unless the
  ``net.ipv4.tcp_migrate_req`` sysctl is on (granian warns at each start of more than one
  worker with ``WEB_WORKER_MAX_MB`` set when it is not).

Neither cuts a request off while it runs: gunicorn's ``--timeout`` with threaded workers
watched only the worker's main loop, not its requests.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NoReturn

from guandan.paths import SOURCE_ROOT, in_clone

SERVERS = ("granian", "gunicorn")
DEFAULT_SERVER = "granian"
WSGI_TARGET = "config.wsgi:application"
# Set in the environment of every process started to serve (config/wsgi.py leaves out of
# such a worker what only other processes need).
WORKER_FLAG = "GUANDAN_WEB_WORKER"
# A request may run 180 s: the longest, a clerk's results sheet of 2,500 tables, is checked
# and saved in one transaction; a slow laptop or disk must not cut it off half way.
REQUEST_TIMEOUT = 180
# How long a stop waits for the requests under way (then the worker is killed). granian
# waits as long for a browser's spare connection, open with no request on it yet (every
# phone keeps some): at 20 s, Ctrl-C with phones connected took 20 s. A save cut off by the
# kill is rolled back whole and the phone sends it again (its entry key: saved once).
GRACEFUL_SECONDS = 5
HTTP1_BUFFER_BYTES = 32 * 1024  # headers fit (a browser sends under 8 KB); see granian_argv
# What granian runs: guandan/front.py, which finds the WSGI application and the number of
# its threads in these environment variables (granian_environment).
FRONT_TARGET = "guandan.front:application"
TARGET_ENV = "GUANDAN_WSGI_TARGET"
THREADS_ENV = "GUANDAN_WEB_THREADS"


@dataclass(frozen=True)
class ServeOptions:
    """Where and how to serve: address, port, server name, workers and threads."""

    host: str
    port: int
    server: str
    workers: int
    threads: int
    access_log: bool = False
    # ``--https``: the laptop's certificate (its chain) and key files (guandan/certificates.py).
    tls: tuple[str, str] | None = None


def default_server() -> str:
    """The server ``--server auto`` picks: :data:`DEFAULT_SERVER`, on every system."""
    return DEFAULT_SERVER


def default_workers() -> int:
    """One process per core this process may run on (``taskset``, a container's CPU set),
    at least two: a thread waiting for the SQLite write lock releases the interpreter to
    the others."""
    if hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:  # Windows, macOS
        cores = os.cpu_count() or 1
    return max(cores, 2)


class ServerMissing(RuntimeError):
    """The server asked for is not installed here, or cannot serve as asked (the message
    says what to do)."""


def serve(options: ServeOptions) -> int:
    """Run the chosen server in the foreground until Ctrl-C and return its exit status (on
    Linux and macOS gunicorn, and granian's supervisor, take this process: never returns)."""
    import importlib.util

    if importlib.util.find_spec(options.server) is None:
        raise ServerMissing(
            f"没有安装 {options.server}：py -m pip install {options.server}，或换用 --server auto\n"
            f"{options.server} is not installed: pip install {options.server}, or use --server auto"
        )
    start = {"gunicorn": _gunicorn, "granian": _granian}[options.server]
    return start(options)


def granian_argv(options: ServeOptions) -> list[str]:
    """The granian command line: ``workers`` processes (one on Windows), each serving
    through guandan/front.py (:data:`FRONT_TARGET`): bodies read by granian's event loop,
    the app on :func:`app_threads` threads; workers replaced when they die or grow. The
    WSGI application and the threads are :func:`granian_environment`'s."""
    workers = 1 if os.name == "nt" else options.workers
    max_mb = worker_max_mb()
    argv = [
        sys.executable,
        "-m",
        "granian",
        FRONT_TARGET,
        "--interface=rsgi",
        f"--host={options.host}",
        f"--port={options.port}",
        f"--workers={workers}",
        "--respawn-failed-workers",
        f"--workers-kill-timeout={GRACEFUL_SECONDS}",
        "--no-ws",
        "--log-level=warning",
        # A connection's read buffer (granian's 408 KB by default): each waiting body would
        # hold that much of the worker's memory besides what guandan/front.py keeps on disk.
        f"--http1-buffer-size={HTTP1_BUFFER_BYTES}",
    ]
    if max_mb:
        argv += [f"--workers-max-rss={max_mb}", "--rss-samples=2"]
    if options.tls:
        # TLS 1.2 too (granian's default is 1.3 only): older phones' browsers.
        cert, key = options.tls
        argv += [f"--ssl-certificate={cert}", f"--ssl-keyfile={key}", "--ssl-protocol-min=tls1.2"]
    if in_clone():
        argv.append(f"--working-dir={SOURCE_ROOT}")
    if options.access_log:
        argv.append("--access-log")
    return argv


def app_threads(options: ServeOptions) -> int:
    """Threads of each granian worker: ``workers × threads`` in the one process Windows
    runs."""
    workers = 1 if os.name == "nt" else options.workers
    return options.workers * options.threads // workers


def granian_environment(options: ServeOptions, target: str = WSGI_TARGET) -> dict[str, str]:
    """What granian's workers read from the environment (guandan/front.py): the WSGI
    application ``target`` and the number of threads that run it."""
    return {TARGET_ENV: target, THREADS_ENV: str(app_threads(options))}


def worker_max_mb() -> int | None:
    """``WEB_WORKER_MAX_MB``: None when unset; a value that is not a number of MB stops the
    server with a message (as every setting, config/settings.py)."""
    value = os.environ.get("WEB_WORKER_MAX_MB", "").strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit()) or int(value) < 1:
        raise SystemExit(
            f"WEB_WORKER_MAX_MB 应为正整数（兆字节），现在是 {value!r}\n"
            f"WEB_WORKER_MAX_MB must be a whole number of MB, not {value!r}"
        )
    return int(value)


def _granian(options: ServeOptions) -> int:
    argv = granian_argv(options)
    os.environ.update(granian_environment(options))
    if os.name == "nt":
        return run_in_this_process(argv)
    # guandan/supervisor.py runs granian and starts it again when it stops of itself; a
    # clone started from another folder finds it on the path as guandan serve did.
    if in_clone():
        path = [str(SOURCE_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        os.environ["PYTHONPATH"] = os.pathsep.join(path)
    _exec([sys.executable, "-m", "guandan.supervisor", *argv])


def run_in_this_process(argv: list[str]) -> int:
    """Run granian's command line in this process (Windows: ``os.execv`` there starts a
    new process and ends this one, and the console would lose Ctrl-C); return its exit
    status. ``GRANIAN_*`` settings in the environment count, as for ``python -m granian``."""
    import click
    from granian.cli import cli

    os.environ.update(worker_environment(os.environ))
    try:
        result = cli.main(
            args=argv[3:],
            prog_name="granian",
            auto_envvar_prefix="GRANIAN",
            standalone_mode=False,
        )
    except click.ClickException as refused:  # a GRANIAN_* setting granian does not take
        refused.show()
        return refused.exit_code
    return result if isinstance(result, int) else 0


def _exec(argv: list[str]) -> NoReturn:
    """Hand this process to the server: Ctrl-C and signals go to it, and nothing of what
    ``guandan serve`` loaded (Django, the database connection of its migrate) stays in a
    process the workers are forked from."""
    os.environ.update(worker_environment(os.environ))
    sys.stdout.flush()
    os.execv(argv[0], argv)


def worker_environment(current: Mapping[str, str]) -> dict[str, str]:
    """What a serving process adds to the environment ``current``: :data:`WORKER_FLAG`, and
    two malloc arenas for the worker's threads instead of glibc's 8 per core (each arena
    keeps the memory its threads freed)."""
    return {WORKER_FLAG: "1", "MALLOC_ARENA_MAX": current.get("MALLOC_ARENA_MAX", "2")}


def gunicorn_argv(options: ServeOptions) -> list[str]:
    """The gunicorn command line: threaded workers, renewed after 100,000 requests (a new
    worker starts with empty caches), no access log unless asked."""
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
        f"--graceful-timeout={GRACEFUL_SECONDS}",
        "--max-requests=100000",
        "--max-requests-jitter=10000",
        "--log-level=warning",
    ]
    if options.tls:
        argv += [f"--certfile={options.tls[0]}", f"--keyfile={options.tls[1]}"]
    if in_clone():
        argv.append(f"--chdir={SOURCE_ROOT}")
    if options.access_log:
        argv.append("--access-logfile=-")
    return argv


def _gunicorn(options: ServeOptions) -> int:
    _exec(gunicorn_argv(options))
