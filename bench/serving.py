"""Serve a benchmark's database as README's first command serves it (scripts/serve.sh)."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.servers.web import Browser, free_port

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def served(env: dict[str, str]) -> Iterator[str]:
    """Run ``scripts/serve.sh`` (gunicorn, real settings) on a free port; yield its URL."""
    port = free_port()
    proc = subprocess.Popen(
        ["bash", "scripts/serve.sh"],
        cwd=ROOT,
        env={**env, "PORT": str(port), "DJANGO_SETTINGS_MODULE": "config.settings"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
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


def server_cpu_seconds(base: str) -> float:
    """CPU seconds used so far by the gunicorn processes serving ``base`` (master and workers).

    A figure that other programs on the machine barely move, unlike latencies: the cost of a
    request is the difference over a run divided by the requests.
    """
    port = base.rsplit(":", 1)[1]
    pids = subprocess.run(
        ["pgrep", "-f", f"bind 127.0.0.1:{port}"], capture_output=True, text=True
    ).stdout.split()
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a worker that has just been renewed
        ticks += int(fields[11]) + int(fields[12])  # utime and stime
    return ticks / os.sysconf("SC_CLK_TCK")
