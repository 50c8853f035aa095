"""After a clean stop, ``db.sqlite3`` alone holds everything (guandan/wal.py).

``guandan demo`` writes the demo, then the server takes its process; a login while it serves
writes a session. Before: the demo sat in ``db.sqlite3-wal`` while it served, and the
session after the stop (``db.sqlite3`` copied alone had no tables at all). Now the demo is in
the file once the server serves, and the session once it stopped (SIGTERM, as a service
manager stops it, and SIGINT, Ctrl-C), with each server a laptop runs on Linux.
"""

from __future__ import annotations

import shutil
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from tests.servers.guandan_run import clean_env, guandan, printed_password
from tests.servers.web import ROOT, Browser

pytestmark = [pytest.mark.slow]


def alone(data: Path, copy: Path, query: str) -> int:
    """``query``'s count in a copy of ``db.sqlite3`` without its log, as a USB stick gets it."""
    shutil.copyfile(data / "db.sqlite3", copy)
    with sqlite3.connect(copy) as db:
        try:
            return db.execute(query).fetchone()[0]
        except sqlite3.OperationalError:  # no such table: the file holds nothing yet
            return 0


@pytest.mark.parametrize(
    ("server", "stop"),
    [("granian", signal.SIGTERM), ("granian", signal.SIGINT), ("gunicorn", signal.SIGTERM)],
)
def test_the_database_file_alone_holds_the_data_after_a_clean_stop(tmp_path, server, stop):
    data = tmp_path / "data"
    env = clean_env(GUANDAN_DATA_DIR=str(data), PYTHONPATH=str(ROOT), TESTING_FAST_HASHER="1")
    command = [sys.executable, "-m", "guandan", "demo", "--server", server]
    command += ["--workers", "1", "--threads", "2"]
    events = "select count(*) from tournament_tournament"
    sessions = "select count(*) from django_session"
    with guandan(command, env, tmp_path, stop=stop) as (base, lines):
        # The pairs and teams demos, and the two finished events of the season demo.
        assert alone(data, tmp_path / "serving.sqlite3", events) == 4
        Browser(base).login("organizer", printed_password(lines, "organizer"))
    assert alone(data, tmp_path / "stopped.sqlite3", sessions) >= 1
    wal = data / "db.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0
