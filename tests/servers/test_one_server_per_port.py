"""One ``guandan serve`` per port: granian's workers bind with ``SO_REUSEPORT``, so without
the port's lock (guandan/locks.py) a second server on the same port would bind too and the
system would split the phones between the two events. The lock is taken before the checks
and kept by the server ``guandan serve`` becomes (across ``os.execv``) until it stops."""

from __future__ import annotations

import subprocess
import sys
import urllib.parse

from guandan.locks import hold_port, release
from tests.servers.guandan_run import clean_env, guandan
from tests.servers.web import ROOT


def test_a_second_server_on_a_served_port_stops_and_the_lock_goes_with_the_first(
    tmp_path, monkeypatch
):
    runtime = tmp_path / "run"  # the locks in a folder of the test's own (locks.port_lock_path)
    runtime.mkdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    env = clean_env(GUANDAN_DATA_DIR=str(tmp_path / "data"), STATIC_COLLECTED="0")
    serve = [sys.executable, "-m", "guandan", "serve", "--workers", "1", "--threads", "2"]
    with guandan(serve, env, ROOT) as (base, _lines):
        port = urllib.parse.urlsplit(base).port
        assert hold_port(port) is None, "the running server let its port's lock go"
        second = subprocess.run(
            [*serve, "--port", str(port)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
        )
        assert second.returncode == 2, second
        assert f"端口 {port} 已被占用" in second.stderr
    lock = hold_port(port)
    assert lock is not None, "the lock outlived the server"
    release(lock)
    assert [path.name for path in runtime.iterdir()] == [f"guandan-port-{port}.lock"]
