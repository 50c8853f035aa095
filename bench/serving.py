"""Serve a benchmark's database as README's first command serves it (scripts/serve.sh), or
with ``guandan serve --server NAME`` (granian or gunicorn: bench/public_load.py
``--servers`` compares them)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.rig import cpu, tree
from config.env import envbool, envint
from tests.servers.web import Browser, free_port

ROOT = Path(__file__).resolve().parent.parent
# The process serving each base URL: its CPU, and its children's, is the server's.
_SERVING: dict[str, int] = {}


def server_command(server: str | None) -> list[str]:
    """scripts/serve.sh when ``server`` is None, else ``guandan serve`` with that server.

    ``NAME:1`` runs one process with workers × threads threads: granian as it runs on
    Windows (one worker there, whatever it is asked).
    """
    if server is None:
        return ["bash", "scripts/serve.sh"]
    name, _, processes = server.partition(":")
    command = [sys.executable, "-m", "guandan", "serve", "--server", name, "--no-migrate"]
    if processes:
        from guandan.servers import default_workers

        workers = int(os.environ.get("WEB_WORKERS") or default_workers())
        threads = workers * int(os.environ.get("WEB_THREADS") or 4) // int(processes)
        command += ["--workers", processes, "--threads", str(threads)]
    return command


@contextmanager
def served(env: dict[str, str], server: str | None = None) -> Iterator[str]:
    """Run the app (real settings) on a free port with :func:`server_command`; yield its URL."""
    port = free_port()
    # BENCH_SERVER_CPUS=0: the server on those cores only (run the benchmark itself under
    # ``taskset -c 1``), so the load's own Python does not share the server's caches, as
    # phones in a hall do not.
    pinned = os.environ.get("BENCH_SERVER_CPUS")
    proc = subprocess.Popen(
        (["taskset", "-c", pinned] if pinned else []) + server_command(server),
        cwd=ROOT,
        env={**env, "PORT": str(port), "DJANGO_SETTINGS_MODULE": "config.settings"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    _SERVING[base] = proc.pid
    try:
        for _ in range(300):
            try:
                Browser(base).get("/")
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("the server did not start")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        _SERVING.pop(base, None)


def server_cpu_seconds(base: str) -> float:
    """CPU seconds used so far by the processes serving ``base`` (master and workers).

    A figure that other programs on the machine barely move, unlike latencies: the cost of a
    request is the difference over a run divided by the requests.
    """
    return sum(server_cpu_split(base))


def server_cpu_split(base: str) -> tuple[float, float]:
    """:func:`server_cpu_seconds` as (user, system): the app's own work, and the kernel's
    on its behalf (sockets, the database file, waking threads)."""
    user = system = 0
    for pid in tree(_SERVING[base]):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a worker that has just been renewed
        user, system = user + int(fields[11]), system + int(fields[12])  # utime, stime
    return user / os.sysconf("SC_CLK_TCK"), system / os.sysconf("SC_CLK_TCK")


def database_cpu_seconds() -> float:
    """CPU seconds used so far by this machine's PostgreSQL (0 without one): each
    postmaster's tree (:func:`bench.rig.cpu`), its connections' backends, those closed
    during the run included, and what writes cost it later (WAL writer, checkpointer,
    autovacuum). On a machine where nothing else uses PostgreSQL, the difference over a run
    is the database's share of that run's requests."""
    names, parents = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # a process that has just ended
        pid = int(stat.parent.name)
        names[pid] = text[text.index("(") + 1 : text.rindex(")")]
        parents[pid] = int(text.rsplit(")", 1)[1].split()[1])
    postmasters = [
        pid
        for pid, name in names.items()
        if name == "postgres" and names.get(parents[pid]) != "postgres"
    ]
    return cpu(postmasters)


def interval_backup_first() -> None:
    """Make the interval backup the server would make at the first save (SQLite), and print
    its CPU and its share of a save at the hall's pace.

    A venue laptop backs up every ``AUTO_BACKUP_MINUTES`` (10) while a round is open: a
    backup is never older than that when referees save. Without this, the first timed
    phase of a minute made the whole backup and charged it to its few hundred saves: ten
    times its share of the hall's (one backup a 3,000 saves at 5 saves a second).
    """
    from django.db import connection

    from tournament.backups.create import make_backup

    # The served settings' values (config/settings.py), not the benchmark's test settings.
    if connection.vendor != "sqlite" or not envbool("AUTO_BACKUP", True):
        return
    minutes = envint("AUTO_BACKUP_MINUTES", 10)
    folder = os.environ.get("GUANDAN_BACKUP_DIR") or Path(os.environ["GUANDAN_VAR_DIR"]) / "backups"
    start = time.process_time()
    make_backup(directory=folder, reason="interval")
    took = time.process_time() - start
    share = took / (minutes * 60 * 5) * 1000
    print(
        f"an interval backup made before the saves: {took:.2f} CPU-s; one every {minutes} min"
        f" at 5 saves/s is {share:.2f} ms a save (not in the figures below)"
    )


def cpu_now(base: str) -> tuple[float, float, float]:
    """CPU seconds so far: the server of ``base``'s (user, system) and this machine's
    PostgreSQL's."""
    return *server_cpu_split(base), database_cpu_seconds()


def print_save_cpu(before: tuple[float, ...], after: tuple[float, ...], saves: int) -> None:
    """A save phase's CPU a save (``before`` and ``after`` from :func:`cpu_now`): the app's
    server, and with PostgreSQL on this machine (``BENCH_DATABASE_URL``) the database's and
    both (issue 48's target: app + database)."""
    user, system = ((after[i] - before[i]) / saves * 1000 for i in (0, 1))
    app, database = user + system, after[2] - before[2]
    print(
        f"  server CPU per save (form, post, round control): {app:.1f} ms"
        f" ({user:.1f} user, {system:.1f} system)"
    )
    if os.environ.get("BENCH_DATABASE_URL", "").startswith("postgres"):
        each = database / saves * 1000
        print(f"  PostgreSQL CPU per save (this machine's PostgreSQL processes): {each:.1f} ms")
        print(f"  app + database per save: {app + each:.1f} ms")
