"""Which server ``guandan serve`` picks, and the refusal of POSIX-only modules that
tests/servers/test_package.py serves the Windows server under.

The Windows server itself is served from the installed wheel by test_package.py (slow);
here, what costs no server: gunicorn is the default where it can be imported, and is never
imported where it cannot; the refusal really makes gunicorn fail to start.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from guandan.servers import WINDOWS_SERVER, default_server
from tests.servers.guandan_run import clean_env, refuse_posix_modules


def test_gunicorn_is_the_default_where_it_runs_and_never_imported_without_it(monkeypatch):
    assert default_server() == "gunicorn"
    monkeypatch.setitem(sys.modules, "gunicorn", None)
    assert default_server() == WINDOWS_SERVER != "gunicorn"


def test_under_the_refusal_gunicorn_cannot_start_and_the_windows_server_imports(tmp_path):
    env = clean_env(**refuse_posix_modules(tmp_path))
    gunicorn = subprocess.run(
        [sys.executable, "-c", "import gunicorn.util"], env=env, capture_output=True, text=True
    )
    assert gunicorn.returncode != 0 and "import of fcntl halted" in gunicorn.stderr
    windows = subprocess.run(
        [sys.executable, "-c", f"import {WINDOWS_SERVER}, guandan.cli, guandan.servers"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert windows.returncode == 0, windows.stderr


def test_a_server_that_is_not_installed_is_named_with_how_to_install_it(monkeypatch):
    import importlib.util

    from guandan.servers import ServeOptions, ServerMissing, serve

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    options = ServeOptions(host="127.0.0.1", port=1, server="waitress", workers=1, threads=1)
    with pytest.raises(ServerMissing, match="pip install waitress"):
        serve(options)
