"""A venue laptop uploads its locked rounds to the association's server by itself, with real
processes: each side a granian server on a data folder of its own, the laptop's rounds
locked through its pages by the organizer. The laptop's database is SQLite; the association's
is a new PostgreSQL database of the cluster of ``TEST_DATABASE_URL`` in the PostgreSQL pass
(``DATABASE_URL`` a PostgreSQL one), else SQLite too: the test runs in both passes.

The association's server is stopped when round 1 is locked: the lock is answered at once,
the event is 待上传 with the reason on the organizer's page, and the laptop's sender keeps
trying. The server started again (same address), the sender delivers: 已上传, and the
server holds the event with round 1. Round 2 is locked while the server is down again and
the laptop itself is stopped before it could send; started again, the laptop sends on its
own. Round 3, locked with both up, is delivered once. The server's log of receipts says
what each send did: one created, then one replaced per lock since, none twice; it holds one
copy of the event, with the three locked rounds.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from guandan.servers import ServeOptions, granian_argv, granian_environment, worker_environment
from tests.servers.laptop import SETUP, laptop_env, python
from tests.servers.web import ROOT, Browser, free_port, wait_until_up

pytestmark = [pytest.mark.both_databases]

# The association's database: the organizer who issues the token, and the token for "demo".
SERVER_SETUP = """
import django
django.setup()
from django.core.management import call_command
from django.contrib.auth.models import User
from tournament.core.actors import user_actor
from tournament.exchange.upload_tokens import upload_token_create
call_command("migrate", verbosity=0)
boss = User.objects.create_user("assoc", password="pw-assoc", is_superuser=True, is_staff=True)
print(upload_token_create(slug="demo", name="laptop", by=user_actor(boss))[1])
"""

# Every table of the laptop's newest round entered and confirmed (the lock is left to the
# organizer's page); with "next", the next round paired and published first.
PLAY = """
import django, sys
django.setup()
from django.contrib.auth.models import User
from tournament.core.actors import user_actor
from tournament.models import Round, Tournament
from tournament.results.checks import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import pair_next_round
t = Tournament.objects.get(slug="demo")
by = user_actor(User.objects.get(username="organizer"))
if sys.argv[-1] == "next":
    publish_round(pair_next_round(t, by=by), by=by)
r = t.round_set.order_by("-number").first()
for m in r.tables.exclude(ns=None).order_by("number"):
    m = submit_result(m, ResultValues("A+", "9", winner="EW"), version=m.version, by=by)
    confirm_result(m, version=m.version, by=by)
print(r.number, Round.objects.get(pk=r.pk).version)
"""

STATE = """
import django
django.setup()
from tournament.models import Upload
u = Upload.objects.get(tournament__slug="demo")
print(u.status, u.sent_rounds, u.attempts, repr(u.last_error))
"""

HELD = """
import django
django.setup()
from tournament.models import Round, Tournament
events = Tournament.objects.filter(slug="demo")
locked = Round.objects.filter(tournament__slug="demo", status="locked").order_by("number")
print(events.count(), list(locked.values_list("number", flat=True)), Tournament.objects.count())
"""


@pytest.fixture
def server_database():
    """The association's ``DATABASE_URL``: a database of its own on the PostgreSQL of
    ``TEST_DATABASE_URL`` (dropped after), or None (SQLite in its data folder)."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url or not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        yield None
        return
    import psycopg

    name = f"guandan_upload_{os.getpid()}"
    parts = urlsplit(url)
    # The cluster's own database: the one TEST_DATABASE_URL names need not exist (pytest-django
    # makes its test_ copy, and CI creates no other).
    url = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name}")
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield urlunsplit(parts._replace(path="/" + name))
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


VENDOR = """
import django
django.setup()
from django.db import connection
print(connection.vendor)
"""


def env_of(var_dir: Path, **more: str) -> dict[str, str]:
    """A server's environment: the data folder's own database and key (no test settings)."""
    env = laptop_env(var_dir, LOG_LEVEL="INFO", **more)
    env.update(worker_environment(env))
    return env


@contextmanager
def serving(env: dict[str, str], port: int, log: Path):
    """A granian server of the app on ``port`` (one worker), its output appended to ``log``."""
    options = ServeOptions("127.0.0.1", port, "granian", 1, 2)
    with log.open("a") as out:
        proc = subprocess.Popen(
            granian_argv(options),
            cwd=ROOT,
            env={**env, **granian_environment(options)},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(proc, base)
        yield base
    finally:
        proc.terminate()
        proc.wait(30)


def play(laptop: Path, *, next_round: bool = False) -> tuple[int, int]:
    code = PLAY.replace("sys.argv[-1]", repr("next" if next_round else ""))
    number, version = python(laptop, code).split()
    return int(number), int(version)


def lock(browser: Browser, number: int, version: int) -> float:
    """The organizer locks the round through its page; how long the answer took."""
    started = time.monotonic()
    status, html = browser.post(
        f"/t/demo/rounds/{number}/action/lock/",
        {"version": version},
        form_page=f"/t/demo/rounds/{number}/",
    )
    took = time.monotonic() - started
    assert status == 200 and f"第{number}轮" in html, html[:500]
    return took


def state(laptop: Path) -> str:
    return python(laptop, STATE).strip()


def wait_for(laptop: Path, status: str, seconds: float = 40) -> str:
    deadline = time.monotonic() + seconds
    while True:
        now = state(laptop)
        if now.startswith(status + " ") or time.monotonic() > deadline:
            return now
        time.sleep(0.5)


def receipts(log: Path) -> list[str]:
    """What the association's server did with each upload, in order (its log lines)."""
    return re.findall(r"upload of demo with \S+: (\w+)", log.read_text(errors="replace"))


def test_a_laptop_uploads_its_locked_rounds_through_a_server_outage(tmp_path, server_database):
    laptop, server = tmp_path / "laptop", tmp_path / "association"
    laptop.mkdir(), server.mkdir()
    database = {"DATABASE_URL": server_database} if server_database else {}
    python(laptop, SETUP)
    secret = python(server, SERVER_SETUP, **database).strip()
    assert secret.startswith("gdu_")
    server_port, laptop_port = free_port(), free_port()
    server_url = f"http://127.0.0.1:{server_port}"
    server_log, laptop_log = tmp_path / "association.log", tmp_path / "laptop.log"
    # A first wait of 1 s, at most 2 s, a try of 5 s at most: the test's clock, not a venue's.
    # (The laptop stopped while it sends leaves its lease: 5 + 10 s.)
    laptop_env_ = env_of(
        laptop,
        UPLOAD_RETRY_FIRST_SECONDS="1",
        UPLOAD_RETRY_MAX_SECONDS="2",
        UPLOAD_TIMEOUT_SECONDS="5",
    )
    server_env = env_of(server, **database)

    with serving(laptop_env_, laptop_port, laptop_log) as base:
        organizer = Browser(base)
        organizer.login("organizer", "pw-organizer")
        status, html = organizer.post(
            "/t/demo/exchange/upload/",
            {"action": "save", "server_url": server_url, "token": secret},
        )
        assert status == 200 and secret not in html  # the token is written, never shown
        # Round 1 locked while the association's server is down: answered at once.
        took = lock(organizer, *play(laptop))
        assert took < 3, took
        now = wait_for(laptop, "pending")
        assert now.startswith("pending 0") and "Connection refused" in now, now
        _, page = organizer.get("/t/demo/")
        assert "待上传" in page and "连不上协会服务器" in page
        # The server comes back: the sender, still trying, delivers.
        with serving(server_env, server_port, server_log):
            assert wait_for(laptop, "sent").startswith("sent 1 0"), state(laptop)
            _, page = organizer.get("/t/demo/")
            assert "已上传" in page
        assert python(server, HELD, **database).split("]")[0] == "1 [1"
        # Round 2 locked with the server down again, and the laptop stopped before it sends.
        lock(organizer, *play(laptop, next_round=True))
        assert wait_for(laptop, "pending").startswith("pending")

    with (
        serving(server_env, server_port, server_log),
        serving(laptop_env_, laptop_port, laptop_log) as base,
    ):
        Browser(base).get("/")  # any first request: the laptop's sender starts again
        assert wait_for(laptop, "sent").startswith("sent 2 0"), state(laptop)
        organizer = Browser(base)
        organizer.login("organizer", "pw-organizer")
        lock(organizer, *play(laptop, next_round=True))
        assert wait_for(laptop, "sent 3").startswith("sent 3 0"), state(laptop)
        time.sleep(1.5)  # a second send would come within the sender's next turn

    assert receipts(server_log) == ["created", "replaced", "replaced"], server_log.read_text()
    assert python(server, HELD, **database).strip() == "1 [1, 2, 3] 1"
    if server_database:
        assert python(server, VENDOR, **database).strip() == "postgresql"
    assert "pending" not in state(laptop)
    assert os.path.getsize(laptop_log) > 0
