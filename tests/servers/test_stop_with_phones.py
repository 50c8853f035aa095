"""Ctrl-C with phones connected. A browser keeps spare connections open to the
server, with nothing sent on them yet; when Ctrl-C reaches granian's processes (the
terminal signals the whole foreground group), granian waits for such connections as for
requests under way, until its kill timeout (GRACEFUL_SECONDS): 20 s, now 5 s."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time

from guandan.servers import GRACEFUL_SECONDS, ServeOptions, granian_argv, granian_environment
from tests.servers.test_granian import APP, answer, no_memory_limit  # noqa: F401 (a fixture)
from tests.servers.web import free_port


def test_ctrl_c_with_phones_connected_stops_within_seconds(tmp_path):
    (tmp_path / "sleeper.py").write_text(APP, encoding="utf-8")
    port = free_port()
    options = ServeOptions("127.0.0.1", port, "granian", 2, 2)
    argv = granian_argv(options)
    env = {
        **os.environ,
        **granian_environment(options, "sleeper:application"),
        "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.getcwd()}",
    }
    # A group of its own, as a terminal's foreground job: Ctrl-C signals all of it.
    proc = subprocess.Popen(argv, env=env, start_new_session=True, stdout=subprocess.DEVNULL)
    phones = []
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                answer(f"http://127.0.0.1:{port}")
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.1)
        for _ in range(4):  # the phones' spare connections: open, nothing sent yet
            phones.append(socket.create_connection(("127.0.0.1", port)))
        time.sleep(0.3)
        start = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(40)
        took = time.monotonic() - start
    finally:
        for phone in phones:
            phone.close()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    assert took < 7, f"the stop took {took:.1f} s (the wait: {GRACEFUL_SECONDS} s)"
