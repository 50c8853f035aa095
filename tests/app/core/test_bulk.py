"""tournament.core.bulk.insert_all: one statement for any number of rows (a
round's 5,000 audit lines were 10 compiled INSERTs, 15,000 pairs and players over 100),
storing what ``bulk_create`` stores, on SQLite and PostgreSQL; insert_values the same rows
from plain values, without model instances (``pair``'s 2,500 tables)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.messages import Message
from tournament.core.actors import user_actor
from tournament.core.audit import audit_entry, log_entries
from tournament.core.bulk import insert_all, insert_values
from tournament.models import AuditEntry, Round, Table
from tournament.text.messages.audit import MSG_AUDIT_ROUND

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]

SKIP = {"id", "created_at"}


def _entries(tournament, n: int, action: str) -> list[AuditEntry]:
    return [
        audit_entry(
            tournament=tournament,
            action=action,
            summary=Message(MSG_AUDIT_ROUND, {"n": i}),
            before={"n": i} if i % 2 else None,
            after={"list": [i, "甲"]},
            label="cli",
            by=user_actor(None),
        )
        for i in range(n)
    ]


def _stored(action: str) -> list[dict]:
    rows = AuditEntry.objects.filter(action=action).order_by("pk").values()
    return [{k: v for k, v in row.items() if k not in SKIP} for row in rows]


def test_the_rows_are_those_bulk_create_stores(tournament):
    AuditEntry.objects.bulk_create(_entries(tournament, 5, "result.enter"))
    insert_all(_entries(tournament, 5, "result.confirm"))
    by_bulk, by_insert = _stored("result.enter"), _stored("result.confirm")
    for row in by_bulk + by_insert:
        row.pop("action")
    assert by_insert == by_bulk and len(by_insert) == 5
    assert by_insert[1]["before"] == {"n": 1} and by_insert[0]["before"] is None


def test_per_row_defaults_stay_per_row(tournament, pairs8):
    round_ = Round.objects.create(tournament=tournament, number=1, stage=tournament.stages.first())
    insert_all(
        [
            Table(round=round_, number=i + 1, ew=pairs8[2 * i], ns=pairs8[2 * i + 1])
            for i in range(4)
        ]
    )
    tables = list(round_.tables.all())
    assert len({m.ew_code for m in tables}) == 4 and {m.state for m in tables} == {Table.EMPTY}
    assert {tuple(m.flags) for m in tables} == {()}


def test_six_hundred_audit_lines_are_one_statement(tournament):
    entries = _entries(tournament, 600, "result.enter")
    with CaptureQueriesContext(connection) as queries:
        log_entries(tournament, entries)
    inserts = [q["sql"] for q in queries.captured_queries if "INSERT INTO" in q["sql"]]
    assert len(inserts) == 1
    assert AuditEntry.objects.filter(action="result.enter").count() == 600


# Made per row at random (tournament.models.rounds.new_entry_code, new_side_pin).
RANDOM = {"id", "ew_code", "ns_code", "ew_pin", "ns_pin"}


def test_insert_values_refuses_a_column_the_model_does_not_have(tournament):
    """A misspelt or former column name was dropped without a word (the rename's "table")."""
    round_ = Round.objects.create(tournament=tournament, stage=tournament.stages.first(), number=1)
    with pytest.raises(ValueError, match="has no column"):
        insert_values(Table, [{"round_id": round_.pk, "table": 1, "ew_id": None}])
    assert not Table.objects.exists()


def test_insert_values_stores_what_insert_all_stores(tournament, pairs8):
    stage = tournament.stages.first()
    first, second = (
        Round.objects.create(tournament=tournament, number=n, stage=stage) for n in (1, 2)
    )
    given = [
        {"number": 1, "ew_id": pairs8[0].pk, "ns_id": pairs8[1].pk, "flags": ["rematch"]},
        {"number": None, "ew_id": pairs8[2].pk, "ns_id": None, "flags": []},
    ]
    insert_all([Table(round=first, **row) for row in given])
    insert_values(Table, [{"round_id": second.pk, **row} for row in given])

    def stored(round_: Round) -> list[dict]:
        rows = round_.tables.order_by("pk").values()
        return [{k: v for k, v in row.items() if k not in RANDOM | {"round_id"}} for row in rows]

    assert stored(second) == stored(first) and len(stored(first)) == 2
    codes = list(second.tables.values_list("ew_code", flat=True))
    assert len(set(codes)) == 2 and all(codes)


def test_insert_values_refuses_a_value_pre_save_would_make():
    with pytest.raises(ValueError, match="created_at"):
        insert_values(AuditEntry, [{"action": "x"}])
