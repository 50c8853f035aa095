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
    proc = subprocess.Popen(
        server_command(server),
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


def _process_tree(root: int) -> list[int]:
    """``root`` and every process descended from it (from /proc: Linux only, as wrk)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(parents.get(pid, []))
    return tree


def server_cpu_seconds(base: str) -> float:
    """CPU seconds used so far by the processes serving ``base`` (master and workers).

    A figure that other programs on the machine barely move, unlike latencies: the cost of a
    request is the difference over a run divided by the requests.
    """
    ticks = 0
    for pid in _process_tree(_SERVING[base]):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a worker that has just been renewed
        ticks += int(fields[11]) + int(fields[12])  # utime and stime
    return ticks / os.sysconf("SC_CLK_TCK")
