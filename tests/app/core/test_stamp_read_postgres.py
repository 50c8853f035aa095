"""The stamp read is its own connection check on PostgreSQL: a kept connection
that the server has ended (a restart, an administrator) fails the stamp's query, which runs
again on a new connection, as after Django's ``SELECT 1`` check it stands in for.

Run by scripts/test.sh with TEST_DATABASE_URL (``-m postgres``); skipped on SQLite.
"""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection

from tournament.core.stamps import shared_page_stamp

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def end_this_connection() -> None:
    """The server ends this process's connection, as an administrator's pg_terminate_backend."""
    pid = connection.connection.info.backend_pid
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", (pid,))


def test_a_connection_ended_by_the_server_is_replaced_by_the_stamp_read(tournament):
    stamp = shared_page_stamp("spring")
    assert connection.health_check_enabled
    connection.health_check_done = False  # a new request on the kept connection
    old = connection.connection.info.backend_pid
    end_this_connection()
    assert shared_page_stamp("spring") == stamp
    assert connection.connection.info.backend_pid != old
    assert connection.health_check_done  # the read counted as the request's check


def test_a_kept_connection_is_not_checked_apart_from_the_stamp_read(tournament, monkeypatch):
    shared_page_stamp("spring")
    connection.health_check_done = False  # a new request on the kept connection
    cursors: list[object] = []
    raw = connection.connection
    cursor = raw.cursor  # Django's check runs its SELECT 1 on a cursor of its own
    monkeypatch.setattr(raw, "cursor", lambda *a, **k: cursors.append(1) or cursor(*a, **k))
    assert shared_page_stamp("spring") is not None
    assert len(cursors) == 1  # the stamp's query alone: one round trip per cached answer
