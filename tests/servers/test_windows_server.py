"""Which server ``guandan serve`` picks, and the refusal of POSIX-only modules that
tests/servers/test_package.py serves the default server under.

The default server itself is served from the installed wheel by test_package.py (slow), and
its behaviour when a worker dies or the server stops by test_granian.py; here, what costs
no server: granian imports where Windows' modules are missing, and the refusal really
makes gunicorn fail to start (tests/app/test_guandan_command.py: granian is what
``guandan serve`` picks).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.servers.guandan_run import clean_env, refuse_posix_modules


def test_under_the_refusal_gunicorn_cannot_start_and_the_default_server_imports(tmp_path):
    env = clean_env(**refuse_posix_modules(tmp_path))
    gunicorn = subprocess.run(
        [sys.executable, "-c", "import gunicorn.util"], env=env, capture_output=True, text=True
    )
    assert gunicorn.returncode != 0 and "import of fcntl halted" in gunicorn.stderr
    default = subprocess.run(
        [sys.executable, "-c", "import granian.cli, guandan.guandan_command, guandan.servers"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert default.returncode == 0, default.stderr


def test_a_server_that_is_not_installed_is_named_with_how_to_install_it(monkeypatch):
    import importlib.util

    from guandan.servers import ServeOptions, ServerMissing, serve

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    options = ServeOptions(host="127.0.0.1", port=1, server="gunicorn", workers=1, threads=1)
    with pytest.raises(ServerMissing, match="pip install gunicorn"):
        serve(options)


def test_a_worker_memory_limit_that_is_no_number_stops_with_a_message(monkeypatch):
    from guandan.servers import ServeOptions, granian_argv

    monkeypatch.delenv("WEB_WORKER_MAX_MB", raising=False)
    options = ServeOptions(host="127.0.0.1", port=1, server="granian", workers=2, threads=4)
    assert not any("max-rss" in part for part in granian_argv(options))
    monkeypatch.setenv("WEB_WORKER_MAX_MB", "400")
    assert "--workers-max-rss=400" in granian_argv(options)
    monkeypatch.setenv("WEB_WORKER_MAX_MB", "400MB")
    with pytest.raises(SystemExit, match="WEB_WORKER_MAX_MB 应为正整数"):
        granian_argv(options)
