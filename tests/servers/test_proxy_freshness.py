"""The app behind a real nginx with deploy/nginx.conf: the microcache keeps the
anonymous public pages and the round's status poll, a locked round shows through it within
2 s of its commit, and a signed-in user's page or poll never comes from it.

A venue laptop's app (tests/servers/laptop.py: SQLite, the demo event, round 1 published)
served by granian as scripts/serve.sh serves it, behind nginx as docs/deployment.md sets it
up (tests/test_nginx_conf.py: the file with its placeholders pointing into the test's
folder). Skipped without nginx, as tests/test_nginx_conf.py is.
"""

from __future__ import annotations

import json
import time

import pytest

from tests.servers.laptop import SETUP, laptop_env, python
from tests.servers.web import start_server, wait_until_up
from tests.test_nginx_conf import HOST, fetch, nginx_in_front, tools  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.slow]

# Every table of round 1 played, confirmed and the round locked, by the organizer; prints
# the time of the commit.
LOCK = """
import time
import django
django.setup()
from django.contrib.auth.models import User
from tournament.core.actors import user_actor
from tournament.models import Round
from tournament.results.checks import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round
user = user_actor(User.objects.get(username="organizer"))
round_ = Round.objects.get(tournament__slug="demo", number=1)
for table in round_.tables.exclude(ns=None):
    submit_result(table, ResultValues("A+", "5", winner="EW"), version=table.version, by=user)
    table.refresh_from_db()
    confirm_result(table, version=table.version, by=user)
round_.refresh_from_db()
lock_round(round_, by=user)
print(time.time())
"""
# A signed-in session of the organizer; prints its cookie's value.
SIGN_IN = """
import django
django.setup()
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
client = Client()
client.force_login(User.objects.get(username="organizer"))
print(client.cookies[settings.SESSION_COOKIE_NAME].value)
"""
STANDINGS = "/t/demo/standings/"
POLL = "/t/demo/rounds/1/status.json"  # every open pairings page asks it every 20 s
NO_STANDINGS = "暂无排名"  # the standings before the first locked round


@pytest.fixture(scope="module")
def proxied(tools, tmp_path_factory):  # noqa: F811 (the fixture imported above)
    """The laptop's app behind nginx; yields (https port, the laptop's data folder)."""
    tmp_path = tmp_path_factory.mktemp("proxied")
    var = tmp_path / "var"
    var.mkdir()
    python(var, SETUP)
    env = laptop_env(var, HTTPS="1", TRUSTED_PROXIES="1", ALLOWED_HOSTS=HOST)
    server, base = start_server({**env, "SECRET_KEY": None}, 1)
    try:
        wait_until_up(server, base)
        with nginx_in_front(tmp_path / "nginx", int(base.rsplit(":", 1)[1])) as (_, https):
            yield https, var
    finally:
        server.terminate()
        server.wait(10)


def test_a_locked_round_shows_through_the_proxy_within_two_seconds(proxied):
    port, var = proxied
    first = fetch(port, STANDINGS)
    assert first.status == 200 and NO_STANDINGS in first.body.decode()
    poll = fetch(port, POLL)
    assert poll.status == 200 and json.loads(poll.body)["status"] != "locked"
    for page in (first, poll):
        assert page.getheader("Cache-Control") == "public, max-age=1, stale-while-revalidate=1"
    assert fetch(port, STANDINGS).getheader("X-Cache") == "HIT"
    assert fetch(port, POLL).getheader("X-Cache") == "HIT"
    committed = float(python(var, LOCK).strip())
    shown = {
        STANDINGS: lambda body: NO_STANDINGS not in body.decode(),
        POLL: lambda body: json.loads(body)["status"] == "locked",
    }
    # Freshness is measured when a request is asked, not when its answer arrives: a request
    # asked 2 s after the commit must get the new page; computing it may take its own time.
    while shown:
        for path, is_new in list(shown.items()):
            asked = time.time()
            page = fetch(port, path)
            if page.status == 200 and is_new(page.body):
                del shown[path]
            assert asked - committed < 2.0, f"the proxy still shows {path} of before"
        time.sleep(0.05)


def kept_by_proxy(port: int, url: str) -> bool:
    """True once an anonymous answer comes from nginx's copy (X-Cache HIT). A few asks: the
    copy is kept one second, and under CI's load a miss and the next ask can be further
    apart (EXPIRED)."""
    return any(fetch(port, url).getheader("X-Cache") == "HIT" for _ in range(5))


def signed_in_answers(port: int, url: str, session: str) -> list[bytes]:
    """Two asks with the session's cookie, each passed by nginx to the app (BYPASS) and
    marked private; their bodies."""
    bodies = []
    for _ in range(2):
        answer = fetch(port, url, Cookie=f"sessionid={session}")
        assert answer.getheader("X-Cache") == "BYPASS"
        assert answer.getheader("Cache-Control") == "private, no-cache"
        bodies.append(answer.body)
    return bodies


def test_a_signed_in_users_page_never_comes_from_the_proxy(proxied):
    port, var = proxied
    session = python(var, SIGN_IN).strip()
    assert kept_by_proxy(port, STANDINGS)  # an anonymous copy is kept
    for body in signed_in_answers(port, STANDINGS, session):
        assert 'action="/accounts/logout/"' in body.decode()  # the organizer's own page
    assert "/accounts/logout/" not in fetch(port, STANDINGS).body.decode()  # nor went into it


def test_a_signed_in_poll_never_comes_from_the_proxy(proxied):
    port, var = proxied
    session = python(var, SIGN_IN).strip()
    assert kept_by_proxy(port, POLL)  # an anonymous copy is kept
    for body in signed_in_answers(port, POLL, session):
        assert "counts" in json.loads(body)  # the organizer's own answer
    assert "counts" not in json.loads(fetch(port, POLL).body)  # nor went into it
