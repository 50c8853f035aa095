"""A venue laptop for tests: a data folder (``GUANDAN_VAR_DIR``) with its own SQLite database
and secret key file, and the app's real commands and scripts run in it as separate
processes, as an organizer runs them.

The processes use the real settings (``config.settings``), not the test settings, and no
``SECRET_KEY`` from the environment: the key is the data folder's file, as on a laptop.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.servers.web import ROOT

# The demo event with a known organizer password, its draw and round 1 published, the
# players' table links on. Prints nothing but errors.
SETUP = """
import django
django.setup()
from django.core.management import call_command
from django.contrib.auth.models import User
from tournament.core.actors import user_actor
from tournament.models import Tournament
from tournament.rounds.pairing import draw, pair_next_round
from tournament.rounds.lifecycle import publish_round
call_command("migrate", verbosity=0)
call_command("load_demo", stdout=open("/dev/null", "w"))
organizer = User.objects.get(username="organizer")
organizer.set_password("pw-organizer")
organizer.save()
t = Tournament.objects.get(slug="demo")
Tournament.objects.filter(pk=t.pk).update(table_entry=True)
by = user_actor(organizer)
draw(t, seed=1, by=by)
publish_round(pair_next_round(t, by=by), by=by)
"""


def laptop_env(var_dir: Path, **more: str) -> dict[str, str]:
    """The environment of a process of the laptop whose data folder is ``var_dir``."""
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DATABASE_URL")}
    env.update(
        GUANDAN_VAR_DIR=str(var_dir),
        DJANGO_SETTINGS_MODULE="config.settings",
        TESTING_FAST_HASHER="1",
        AUTO_BACKUP="0",
    )
    env.pop("GUANDAN_BACKUP_DIR", None)
    env.update(more)
    return env


def python(var_dir: Path, code: str, **env: str) -> str:
    """Run ``code`` in a new Python process of the laptop; its output (fails on an error)."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=laptop_env(var_dir, **env),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def manage(var_dir: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """``manage.py ARGS`` on the laptop; the finished process (its return code unchecked)."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=laptop_env(var_dir, **env),
        capture_output=True,
        text=True,
        timeout=300,
    )


def start_python(var_dir: Path, code: str, **env: str) -> subprocess.Popen:
    """Start ``code`` in a process of the laptop, its output read line by line."""
    return subprocess.Popen(
        [sys.executable, "-u", "-c", code],
        cwd=ROOT,
        env=laptop_env(var_dir, **env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
