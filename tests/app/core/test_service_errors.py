"""Service errors an organizer can meet (disk full, database locked, PostgreSQL stopped)
answer a clear Chinese 503 page, not a 500 (tournament/core/error_pages.py); a stopped Redis
does not break the table PIN counter (config/cache.py)."""

from __future__ import annotations

import errno
import sqlite3

import psycopg
import pytest
from django.db import OperationalError
from django.test import Client

from config.cache import SafeRedisCache
from tests.servers.web import free_port
from tournament.public import conditional

pytestmark = pytest.mark.django_db
PAGE = "/t/spring/standings/"


@pytest.fixture
def public(tournament):
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    return tournament


def raising(exc: BaseException):
    def fail(*args, **kwargs):
        raise exc

    return fail


def wrapped(db_exc: BaseException) -> OperationalError:
    """The exception as Django raises it: its own class, the driver's error as the cause."""
    try:
        try:
            raise db_exc
        except Exception as inner:
            raise OperationalError(*inner.args) from inner
    except OperationalError as outer:
        return outer


CASES = [
    (wrapped(sqlite3.OperationalError("database is locked")), "数据库正忙"),
    (wrapped(sqlite3.OperationalError("database or disk is full")), "磁盘已满"),
    (
        wrapped(psycopg.errors.DiskFull('could not extend file "base/16384/16385": No space')),
        "磁盘已满",
    ),
    (
        wrapped(
            psycopg.OperationalError(
                'connection to server at "127.0.0.1", port 5432 failed: Connection refused'
            )
        ),
        "无法连接数据库",
    ),
    (OSError(errno.ENOSPC, "No space left on device"), "磁盘已满"),
]


@pytest.mark.parametrize("exc, heading", CASES)
def test_each_service_error_gets_a_clear_503_page(exc, heading, public, monkeypatch):
    monkeypatch.setattr(conditional, "shared_page_stamp", raising(exc))
    response = Client(raise_request_exception=False).get(PAGE)
    assert response.status_code == 503
    html = response.content.decode()
    assert heading in html and "没有保存" in html and "Traceback" not in html
    assert response["Retry-After"] == "10"


def test_the_disk_full_page_names_this_copys_backup_folder(public, monkeypatch, settings, tmp_path):
    """It named var/backups/, a clone's folder: an installed copy keeps its backups in its
    data folder."""
    settings.BACKUP_DIR = tmp_path / "guandan" / "backups"
    monkeypatch.setattr(conditional, "shared_page_stamp", raising(OSError(errno.ENOSPC, "full")))
    html = Client(raise_request_exception=False).get(PAGE).content.decode()
    assert str(settings.BACKUP_DIR) in html and "var/backups" not in html


def test_another_error_stays_a_plain_500(public, monkeypatch):
    monkeypatch.setattr(conditional, "shared_page_stamp", raising(ValueError("a bug")))
    assert Client(raise_request_exception=False).get(PAGE).status_code == 500


def test_the_english_page(english, public, monkeypatch):
    monkeypatch.setattr(conditional, "shared_page_stamp", raising(CASES[0][0]))
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    html = client.get(PAGE).content.decode()
    assert "The database is busy" in html


def test_a_stopped_redis_does_not_break_the_pin_counter(settings, tournament, pairs8, make_round):
    """Redis refuses every connection: the cache answers as empty, and a table's wrong PIN is
    still refused (its counter lives in the database, never in the cache)."""
    from tournament.core.actors import user_actor
    from tournament.results import sides as table_sides

    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    dead = SafeRedisCache(nowhere, {})
    assert dead.get("x", "missing") == "missing"
    dead.set("x", 1)
    assert dead.incr("x") == 1 and dead.add("x", 1) is False and dead.get_many(["x"]) == {}
    table = make_round(tournament, pairs8).tables.get(number=1)
    settings.CACHES = {"default": {"BACKEND": "config.cache.SafeRedisCache", "LOCATION": nowhere}}
    with pytest.raises(table_sides.SideRefused):
        table_sides.check_side_confirmation(table, user_actor(None, "table_ns"), "0000000")
