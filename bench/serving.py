"""Serve a benchmark's database as README's first command serves it (scripts/serve.sh)."""

from __future__ import annotations

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
