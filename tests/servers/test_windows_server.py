"""The server of Windows (guandan/servers.py's WINDOWS_SERVER) serves the demo on Linux with
every POSIX-only module refused, as Windows would refuse it: the path that gunicorn's
``fcntl`` cannot take. ``guandan demo`` runs from the clone as an organizer types it; the
refusal is a ``sitecustomize`` module on PYTHONPATH, so that it holds in every process the
server starts (granian's workers are processes of their own)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from guandan.servers import WINDOWS_SERVER, default_server
from tests.servers.guandan_run import (
    check_demo_pages,
    clean_env,
    guandan,
    printed_password,
)
from tests.servers.web import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.long(8)]

# Modules Windows does not have; ``import`` of each raises ImportError in the server.
POSIX_ONLY = ("fcntl", "termios", "resource", "grp", "pwd")
REFUSE = f"import sys\nfor name in {POSIX_ONLY!r}:\n    sys.modules[name] = None\n"


def test_the_windows_server_serves_the_demo_without_posix_modules(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(REFUSE, encoding="utf-8")
    env = clean_env(GUANDAN_DATA_DIR=str(tmp_path / "data"), PYTHONPATH=str(tmp_path))
    refused = subprocess.run([sys.executable, "-c", "import fcntl"], env=env, capture_output=True)
    assert (
        refused.returncode != 0 and b"import of fcntl halted" in refused.stderr
    )  # the refusal holds
    command = [sys.executable, "-m", "guandan", "demo", "--server", WINDOWS_SERVER]
    with guandan(command, env, ROOT) as (base, lines):
        check_demo_pages(base, printed_password(lines, "organizer"))
    assert f"server: {WINDOWS_SERVER}" in "".join(lines)
    assert (tmp_path / "data" / "db.sqlite3").is_file()
    assert (tmp_path / "data" / "staticfiles" / ".collected").is_file()


def test_gunicorn_is_the_default_where_it_runs_and_never_imported_without_it(monkeypatch):
    assert default_server() == "gunicorn"
    monkeypatch.setitem(sys.modules, "gunicorn", None)
    assert default_server() == WINDOWS_SERVER
