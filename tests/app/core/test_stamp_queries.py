"""The stamp queries compiled once per database (tournament/core/stamps.py): each compiles
for SQLite and PostgreSQL with the slug, then the round number, as its parameters, and reads
``updated_at`` as text, made a datetime once."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.utils import ConnectionHandler

from tournament.core import stamps


@pytest.fixture
def postgresql():
    """A PostgreSQL connection's settings and SQL (never connected: only compiled for)."""
    handler = ConnectionHandler({"default": {"ENGINE": "django.db.backends.postgresql"}})
    return handler["default"]


@pytest.mark.parametrize("name", ["shared", "live"])
def test_each_stamp_query_compiles_for_sqlite_and_postgresql(postgresql, name, monkeypatch):
    monkeypatch.setattr(stamps, "_STAMP_SQL", {})
    for database in (connection, postgresql):
        sql = stamps._stamp_sql(database, name)  # asserts the parameters' order
        assert sql.count("%s") == (1 if name == "shared" else 2), (database.vendor, sql)
        assert "::varchar" in sql or "AS text)" in sql  # updated_at read as text
        assert name == "shared" or "ORDER BY" not in sql  # one row: nothing to sort


def test_updated_at_read_as_text_is_the_same_moment_on_either_database():
    moment = datetime(2026, 12, 2, 7, 1, 51, 123456, tzinfo=UTC)
    assert stamps._moment("2026-12-02 07:01:51.123456+00") == moment  # PostgreSQL, in UTC
    assert stamps._moment("2026-12-02 07:01:51.123456") == moment  # SQLite, naive UTC
    assert stamps._moment("2026-12-02 07:01:51+00") == moment.replace(microsecond=0)
