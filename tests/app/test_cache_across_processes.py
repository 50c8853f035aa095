"""A cached public page changes the moment a round is locked by another process.

Two real processes on one SQLite file, each with its own in-memory cache (the default
backend): the reader caches the standings, the other process locks the round, and the
reader's next answer shows the round at once, because the cache key carries the stamp
read from the database (see tournament/core/stamps.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.db_setup import sqlite_template

ROOT = Path(__file__).resolve().parents[2]


def env_for(tmp_path: Path) -> dict:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings_test",
        GUANDAN_VAR_DIR=str(tmp_path),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    env.pop("REDIS_URL", None)
    return env


@pytest.mark.slow  # two more processes of the app
def test_cache_across_processes(tmp_path, tmp_path_factory, django_db_setup):
    env = env_for(tmp_path)
    command = [sys.executable, "-m", "tests.app.two_processes"]
    # The run's migrated database, copied, when there is one: the reader then does not
    # migrate a new file (about 2 CPU-seconds).
    template = sqlite_template(tmp_path_factory)
    if template:
        shutil.copyfile(template, tmp_path / "db.sqlite3")
    reader = subprocess.Popen(
        [*command, "reader" if template is None else "reader-migrated"],
        cwd=ROOT,
        env=env,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )

    def get() -> dict:
        reader.stdin.write("get\n")
        reader.stdin.flush()
        return json.loads(reader.stdout.readline())

    try:
        assert reader.stdout.readline().strip() == "ready"
        cold, warm = get(), get()
        assert not cold["round2_shown"] and not warm["round2_shown"]
        assert warm["queries"] < cold["queries"]  # the second answer came from the cache
        subprocess.run([*command, "lock"], cwd=ROOT, env=env, check=True, timeout=60)
        after = get()
        assert after["round2_shown"]
    finally:
        reader.stdin.close()
        reader.wait(timeout=30)


@pytest.mark.slow  # two more processes of the app
def test_wrong_pins_are_counted_once_for_every_worker(tmp_path, tmp_path_factory, django_db_setup):
    """Issue 28, finding 5: two workers (processes), each with its own memory, share one count
    of a side's wrong PINs: 3 + 3 wrong ones lock the side after 5, and the right PIN is then
    refused in both (with a count per worker, each would have allowed 5 and then confirmed)."""
    env = env_for(tmp_path)
    command = [sys.executable, "-m", "tests.app.two_processes"]
    template = sqlite_template(tmp_path_factory)
    if template:
        shutil.copyfile(template, tmp_path / "db.sqlite3")

    def run(*args) -> object:
        done = subprocess.run(
            [*command, *args], cwd=ROOT, env=env, check=True, timeout=120, capture_output=True
        )
        return json.loads(done.stdout.decode().strip().splitlines()[-1])

    pin = run("pin-build" if template is None else "pin-build-migrated")["pin"]
    wrong = "0000" if pin != "0000" else "1111"
    first, second = run("pin-try", wrong, "3"), run("pin-try", wrong, "3")
    assert first == ["pin_wrong"] * 3
    assert second == ["pin_wrong", "pin_wrong", "pin_locked"]
    assert run("pin-try", pin, "1") == ["pin_locked"]
