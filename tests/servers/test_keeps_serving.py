"""``guandan serve`` keeps serving through what a venue's day does to it: workers
that die again and again (granian alone stops at the second death within 5.5 s, guandan's
supervisor starts it again), and a ``kill -9`` followed at once by a start on the same port
(the port every printed QR code and slip link names)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager, suppress

import pytest

from guandan.network import port_in_use
from guandan.supervisor import BACKOFF_FIRST, STARTUP_SECONDS
from tests.servers.guandan_run import clean_env, started
from tests.servers.web import ROOT, free_port


@contextmanager
def serving(env: dict[str, str], port: int):
    """``guandan serve`` on ``port``; yields ``(process, printed lines)`` once it answers.
    Stopped with SIGTERM after (killed if it will not stop), and waited for."""
    command = [sys.executable, "-m", "guandan", "serve", "--workers", "2", "--threads", "2"]
    with started(command, env, ROOT, port) as (proc, _base, lines):
        yield proc, lines


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(p) for p in found.stdout.split()]


def kept_connections(port: int, count: int = 5) -> list[socket.socket]:
    """Phones' kept-alive connections, each after one answered request: when the server
    goes, its side of each waits in TIME_WAIT."""
    kept = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        kept.append(s)
    return kept


def holders(port: int) -> str:
    """What holds ``port`` now, its sockets and its lock's processes: said when a start
    failed."""
    said = []
    for argv in (["ss", "-tanpe", f"sport = :{port}"], ["lslocks", "-o", "PID,COMMAND,PATH"]):
        found = subprocess.run(argv, capture_output=True, text=True)
        said.append(found.stdout + found.stderr)
    return "\n".join(said)


@pytest.fixture
def env(tmp_path, monkeypatch):
    runtime = tmp_path / "run"  # the port locks in a folder of the test's own
    runtime.mkdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    return clean_env(
        GUANDAN_DATA_DIR=str(tmp_path / "data"),
        STATIC_COLLECTED="0",
        XDG_RUNTIME_DIR=str(runtime),
    )


def test_a_port_whose_last_connections_wait_in_time_wait_is_free_and_a_listened_one_is_not():
    port = free_port()
    listener = socket.create_server(("127.0.0.1", port))
    client = socket.create_connection(("127.0.0.1", port))
    accepted, _ = listener.accept()
    accepted.close()  # the server's side closes first: its end waits in TIME_WAIT
    client.recv(1)
    client.close()
    assert port_in_use("127.0.0.1", port), "a listening port counted as free"
    listener.close()
    assert not port_in_use("127.0.0.1", port)
    assert not port_in_use("0.0.0.0", port)


def test_kill_9_then_an_immediate_restart_on_the_same_port_serves(env):
    port = free_port()
    with serving(env, port) as (first, _lines):
        kept = kept_connections(port)
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        # guandan serve's granian and its workers went with it: the port is free at once.
        try:
            with serving(env, port) as (second, lines):
                assert answers(port)
                assert not any("已被占用" in line for line in lines), lines
                assert second.poll() is None
        except AssertionError as refused:
            raise AssertionError(f"{refused}\n{holders(port)}") from None
        for s in kept:
            s.close()


@pytest.mark.slow
def test_workers_killed_in_a_loop_the_server_still_answers(env):
    """Both workers killed at once, again and again: granian stops at the second death
    within 5.5 s ("worker crash loop detected"), the supervisor starts it again after its
    back-off and says so; the server answers at the end and stops cleanly."""
    port = free_port()
    with serving(env, port) as (proc, lines):
        time.sleep(STARTUP_SECONDS)  # past the first start: a stop now is a crash
        granians = set()
        deadline = time.monotonic() + 40
        while len(granians) < 3 and time.monotonic() < deadline:
            for granian in children(proc.pid):  # none during a back-off
                granians.add(granian)
                for worker in children(granian):
                    with suppress(ProcessLookupError):  # gone already (being replaced)
                        os.kill(worker, signal.SIGKILL)
            time.sleep(0.5)
        assert len(granians) >= 3, "granian was not started again"
        settle = time.monotonic() + 30
        while not answers(port) and time.monotonic() < settle:
            time.sleep(0.2)
        assert answers(port)
        restarts = [line for line in lines if "restarting in" in line]
        assert len(restarts) >= 2, "".join(lines)
        assert f"restarting in {BACKOFF_FIRST:.0f} s" in restarts[0]
        assert f"restarting in {2 * BACKOFF_FIRST:.0f} s" in restarts[1]
        proc.send_signal(signal.SIGINT)  # Ctrl-C: a clean stop, not a restart
        assert proc.wait(40) == 0
    assert not port_in_use("127.0.0.1", port)


def test_a_server_that_cannot_start_ends_guandan_serve_with_its_status():
    """Not started again for ever: the first run ended within STARTUP_SECONDS."""
    crash = [sys.executable, "-c", "import sys; print('no app', file=sys.stderr); sys.exit(3)"]
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "guandan.supervisor", *crash],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert done.returncode == 3, done
    assert "no app" in done.stderr and "could not start (exit status 3)" in done.stderr
    assert time.monotonic() - started < STARTUP_SECONDS
