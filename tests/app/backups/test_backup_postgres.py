"""Backups on PostgreSQL: ``pg_dump`` restored into a fresh database, the archive
fallback without ``pg_dump``, and a kept connection ended by the server (``CONN_HEALTH_CHECKS``).
Run by scripts/test.sh with TEST_DATABASE_URL (``-m postgres``)."""

from __future__ import annotations

import gzip
import json
import uuid
import zipfile

import psycopg
import pytest
from django.db import connection

from tests.servers.laptop import manage
from tests.servers.web import Browser, app_servers
from tournament.backups import postgres as backup_pg
from tournament.backups.create import make_backup
from tournament.core.actors import user_actor
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
APP_NAME = "guandan-health-check"


def url_of(name: str) -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{name}"


@pytest.fixture
def fresh_database():
    """An empty database on the same server, dropped after the test."""
    name = f"guandan_restore_{uuid.uuid4().hex[:8]}"
    with connection.cursor() as cur:
        cur.execute(f'CREATE DATABASE "{name}"')
    yield name
    with connection.cursor() as cur:
        cur.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", [name]
        )
        cur.execute(f'DROP DATABASE IF EXISTS "{name}"')


@pytest.fixture
def entered(tournament, pairs8, make_round, referee):
    table = make_round(tournament, pairs8).tables.get(number=1)
    return submit_result(
        table, ResultValues("A+", "K", winner="EW"), version=table.version, by=user_actor(referee)
    )


def test_pg_dump_backup_restores_into_a_fresh_database(entered, fresh_database, tmp_path):
    path = make_backup(directory=tmp_path / "usb", reason="test")
    with zipfile.ZipFile(path) as zf:
        manifest = json.loads(zf.read("manifest.json"))
        assert manifest["database"] == "postgresql"
        assert "database.pgdump" in zf.namelist()
    laptop = tmp_path / "b"
    done = manage(laptop, "restore", str(path), DATABASE_URL=url_of(fresh_database))
    assert done.returncode == 0, done.stderr
    assert "已恢复" in done.stdout
    with psycopg.connect(url_of(fresh_database)) as db:
        assert db.execute("SELECT slug FROM tournament_tournament").fetchall() == [("spring",)]
        row = db.execute(
            "SELECT ew_level, ns_level, version FROM tournament_match WHERE id = %s", [entered.pk]
        ).fetchone()
        assert row == ("A+", "K", entered.version)
        users = {u for (u,) in db.execute("SELECT username FROM auth_user")}
        assert {"alice", "chief", "ref"} <= users
    assert (laptop / "secret_key").read_text() == manifest_key(path)
    again = manage(laptop, "restore", str(path), DATABASE_URL=url_of(fresh_database))
    assert again.returncode != 0 and "已有赛事或账号" in again.stderr


def manifest_key(path) -> str:
    with zipfile.ZipFile(path) as zf:
        return zf.read("secret_key").decode()


def test_a_pg_dump_of_the_server_version_is_chosen():
    tool = backup_pg.find_pg_tool("pg_dump")
    assert tool is not None
    assert backup_pg.tool_major(tool) >= backup_pg.server_major()
    assert backup_pg.find_pg_tool("pg_dump", major=backup_pg.server_major() + 50) is None


def test_without_pg_dump_every_event_is_archived(entered, tmp_path, monkeypatch):
    monkeypatch.setattr(backup_pg, "find_pg_tool", lambda *args, **kwargs: None)
    path = make_backup(directory=tmp_path, reason="test")
    with zipfile.ZipFile(path) as zf:
        assert json.loads(zf.read("manifest.json"))["database"] == "archives"
        data = json.loads(gzip.decompress(zf.read("events/spring.json.gz")))
    assert data["tournament"]["slug"] == "spring"


def test_a_connection_ended_by_the_server_does_not_answer_500(tournament, tmp_path):
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    env = {
        "DATABASE_URL": url_of(connection.settings_dict["NAME"]),
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "GUANDAN_VAR_DIR": str(tmp_path),
        "PGAPPNAME": APP_NAME,
    }
    with app_servers(env, 1) as (base,):
        visitor = Browser(base)
        assert visitor.get("/t/spring/")[0] == 200
        with connection.cursor() as cur:
            cur.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE application_name = %s",
                [APP_NAME],
            )
            assert cur.fetchone()[0] >= 1
        assert [visitor.get("/t/spring/")[0] for _ in range(4)] == [200] * 4
