"""The default server keeps serving through what a venue's day does to it: a worker killed
(the OOM killer, a crash), a stop while requests are under way, a worker grown too large.

Each test runs granian with guandan/servers.py's own command line (:func:`granian_argv`)
around a small WSGI application that sleeps as long as the query string says and names its
process: what is tested is the server's settings, not the app (whose requests the other
server tests make), and a worker of the small application starts in milliseconds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from guandan.servers import GRACEFUL_SECONDS, ServeOptions, granian_argv
from tests.servers.web import free_port

APP = """
import os, time

def application(environ, start_response):
    time.sleep(float(environ.get("QUERY_STRING") or 0))
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [str(os.getpid()).encode()]
"""


def serve(tmp_path: Path, *, workers: int, in_process: bool = False, **env: str):
    """granian on a free port with the sleeping application; its process and URL."""
    (tmp_path / "sleeper.py").write_text(APP, encoding="utf-8")
    port = free_port()
    options = ServeOptions("127.0.0.1", port, "granian", workers, 2)
    argv = granian_argv(options, "sleeper:application")
    if in_process:  # as Windows runs it: granian's command line inside this Python
        code = f"from guandan.servers import run_in_this_process; run_in_this_process({argv!r})"
        argv = [sys.executable, "-c", code]
    full = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{Path.cwd()}", **env}
    proc = subprocess.Popen(argv, env=full, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            answer(base)
            return proc, base
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise AssertionError(proc.stdout.read().decode(errors="replace")) from None
            time.sleep(0.1)


def answer(base: str, seconds: float = 0) -> int:
    """The pid of the worker that answered (after it slept ``seconds``)."""
    with urllib.request.urlopen(f"{base}/?{seconds}", timeout=30) as response:
        return int(response.read())


def workers_of(proc: subprocess.Popen) -> set[int]:
    found = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True)
    return {int(pid) for pid in found.stdout.split()}


def stop(proc: subprocess.Popen) -> int:
    proc.send_signal(signal.SIGTERM)
    return proc.wait(GRACEFUL_SECONDS + 10)


def test_a_killed_worker_is_replaced_and_the_server_keeps_answering(tmp_path):
    proc, base = serve(tmp_path, workers=2)
    try:
        before = workers_of(proc)
        assert len(before) == 2
        victim = min(before)
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while len(workers_of(proc) - before) < 1 and time.monotonic() < deadline:
            answer(base)  # the other worker answers meanwhile
            time.sleep(0.1)
        after = workers_of(proc)
        assert victim not in after and len(after) == 2, (before, after)
        assert {answer(base) for _ in range(20)} <= after
    finally:
        assert stop(proc) == 0


def test_a_stop_lets_the_request_under_way_finish(tmp_path):
    proc, base = serve(tmp_path, workers=1)
    (worker,) = workers_of(proc)
    answered: list[int] = []
    request = threading.Thread(target=lambda: answered.append(answer(base, 2)))
    request.start()
    time.sleep(0.5)
    try:
        assert stop(proc) == 0
    finally:
        request.join(30)
    assert answered == [worker]
    with pytest.raises(OSError):
        answer(base)


def test_windows_way_of_running_it_in_this_process_serves_and_stops(tmp_path):
    proc, base = serve(tmp_path, workers=1, in_process=True)
    assert answer(base) in workers_of(proc)
    assert stop(proc) == 0


@pytest.mark.slow
def test_a_worker_over_its_memory_limit_is_renewed_without_a_gap(tmp_path, monkeypatch):
    """WEB_WORKER_MAX_MB=1: every worker is over it; granian samples every second here."""
    monkeypatch.setenv("WEB_WORKER_MAX_MB", "1")
    proc, base = serve(tmp_path, workers=1, GRANIAN_RSS_SAMPLE_INTERVAL="1")
    try:
        first = answer(base)
        deadline = time.monotonic() + 20
        seen = {first}
        while seen == {first} and time.monotonic() < deadline:
            seen.add(answer(base))  # never refused while the worker is renewed
            time.sleep(0.05)
        assert len(seen) == 2, "the worker was not renewed"
    finally:
        assert stop(proc) == 0
