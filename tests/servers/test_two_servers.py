"""Two app servers sharing one PostgreSQL and one Redis, as an association runs them.

A result saved and locked through one server shows on the other's public pages at once,
and the other server refuses to edit the locked round. Runs in the PostgreSQL pass of
scripts/test.sh (TEST_DATABASE_URL) with a Redis from TEST_REDIS_URL.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from django.db import connection

from tests.servers.web import Browser, app_servers
from tournament.models import Round, Staff, Table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def shared_env(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (TEST_DATABASE_URL)")
    redis_url = os.environ.get("TEST_REDIS_URL")
    if not redis_url:
        if os.environ.get("REQUIRE_REDIS"):
            pytest.fail("TEST_REDIS_URL is not set (REQUIRE_REDIS is)")
        pytest.skip("needs Redis (TEST_REDIS_URL)")
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return {
        "DATABASE_URL": url,
        "REDIS_URL": redis_url,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "GUANDAN_VAR_DIR": str(tmp_path),
        "STAMP_MEMO_MS": "500",  # as served: each server may answer from a stamp 0.5 s old
    }


def entry(table: Table, ew: str, ns: str) -> dict:
    return {
        "ew_level": ew,
        "ns_level": ns,
        "forfeit": "",
        "ew_fouls": 0,
        "ns_fouls": 0,
        "version": table.version,
    }


def test_a_result_locked_on_one_server_shows_and_is_final_on_the_other(
    shared_env, tournament, pairs8, make_round, referee, chief
):
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    round_ = make_round(tournament, pairs8)
    assert Staff.objects.filter(tournament=tournament).count() == 2
    with app_servers(shared_env, 2) as (a, b):
        ref_a, chief_a, ref_b = Browser(a), Browser(a), Browser(b)
        ref_a.login("ref", "pw-ref")
        chief_a.login("chief", "pw-chief")
        ref_b.login("ref", "pw-ref")
        public_b = Browser(b)
        assert "过A" not in public_b.get("/t/spring/pairings/1/")[1]
        for table in round_.tables.all():
            path = f"/t/spring/rounds/1/table/{table.number}/"
            ref_a.post(path, entry(table, "A+", "2"))
        chief_a.post("/t/spring/rounds/1/action/confirm_all/", {}, form_page="/t/spring/rounds/1/")
        round_.refresh_from_db()
        chief_a.post(
            "/t/spring/rounds/1/action/lock/",
            {"version": round_.version},
            form_page="/t/spring/rounds/1/",
        )
        round_.refresh_from_db()
        assert round_.status == Round.LOCKED
        # Server B shows the locked results within its stamp memo (0.5 s): pairings,
        # standings.
        deadline = time.monotonic() + 2
        status, html = public_b.get("/t/spring/pairings/1/")
        while html.count("过A") < 4 and time.monotonic() < deadline:
            time.sleep(0.1)
            status, html = public_b.get("/t/spring/pairings/1/")
        assert status == 200 and html.count("过A") >= 4
        status, html = public_b.get("/t/spring/standings/")
        assert status == 200 and re.search(r"队1", html)
        # Editing the locked round on server B is refused; nothing changes.
        table = round_.tables.get(number=1)
        before = (table.ew_level, table.ns_level, table.version)
        status, html = ref_b.post("/t/spring/rounds/1/table/1/", entry(table, "K", "A+"))
        assert "已锁定" in html
        table.refresh_from_db()
        assert (table.ew_level, table.ns_level, table.version) == before
