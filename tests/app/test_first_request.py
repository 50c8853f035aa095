"""The server's first request does not import the URLconf: config.wsgi loads it at start.

Django imports ``ROOT_URLCONF`` at the first request it serves; with the API (django-ninja,
pydantic) behind it that was 234 ms of the 376 ms of the first standings page of a server
just started (bench/first_standings.py: the first standings after a lock once took
2.2 s). A fresh interpreter, so that nothing the test run imported hides the import.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = (
    "import sys, config.wsgi; "
    "print(sorted(m for m in ('config.urls', 'tournament.public.api.endpoints', 'ninja') "
    "if m not in sys.modules))"
)


def test_the_wsgi_application_has_its_urlconf_loaded_before_the_first_request(tmp_path):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    env["GUANDAN_VAR_DIR"] = str(tmp_path)
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-c", CHECK], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert (done.returncode, done.stdout.strip()) == (0, "[]"), done.stderr[-2000:]
