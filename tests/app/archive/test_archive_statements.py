"""An archive's import sends a bounded number of statements: each part's rows go in
multi-row INSERTs (as many rows as the backend's parameter limit lets), with their archived
times, never a statement per row (issue 48: the times were put back by an UPDATE a row)."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext

from tests.app.archive.test_archive_roundtrip import differences
from tournament.archive import saving
from tournament.archive.importer import import_archive
from tournament.archive.saving import ROWS_AT_MOST
from tournament.archive.write import export_archive
from tournament.models import AuditEntry, Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]

EXTRA_AUDIT = 700  # more rows than one INSERT holds on any backend


def _rows_a_statement(model) -> int:
    columns = len([f for f in model._meta.concrete_fields if not f.primary_key])
    limit = connection.features.max_query_params
    return max(1, min(ROWS_AT_MOST, limit // columns)) if limit else ROWS_AT_MOST


def test_an_import_inserts_its_rows_in_batches_with_their_times(event):
    archive = export_archive(event)
    audit = archive["audit"]
    last = max(r["id"] for r in audit)
    audit += [dict(audit[0], id=last + n) for n in range(1, EXTRA_AUDIT + 1)]
    with CaptureQueriesContext(connection) as queries:
        copy = import_archive(archive, slug="counted", map_users=True).tournament
    statements = [q["sql"] for q in queries.captured_queries]
    table = connection.ops.quote_name(AuditEntry._meta.db_table)
    inserts = [s for s in statements if s.startswith(f"INSERT INTO {table}")]
    rows = len(audit) + 1  # and the import's own line
    assert AuditEntry.objects.filter(tournament=copy).count() == rows
    assert len(inserts) == math.ceil(len(audit) / _rows_a_statement(AuditEntry)) + 1
    assert not [s for s in statements if f"UPDATE {table}" in s]  # executemany: "N times: …"
    archived = {r["created_at"] for r in audit}
    kept = {e.created_at.isoformat() for e in AuditEntry.objects.filter(tournament=copy)}
    assert archived <= kept
    assert len(statements) <= 40, "\n".join(s[:100] for s in statements)


def test_an_import_makes_no_model_instance_a_row(event):
    """Rows go in from their values (tournament/archive/saving.py): an instance each was a
    fifth of a big event's import. Those made are the tournament's and its services' own."""
    archive = export_archive(event)
    last = max(r["id"] for r in archive["audit"])
    archive["audit"] += [dict(archive["audit"][0], id=last + n) for n in range(1, EXTRA_AUDIT)]
    made: Counter[type] = Counter()

    def count(sender, **kwargs) -> None:
        made[sender] += 1

    post_init.connect(count, weak=False)
    try:
        import_archive(archive, slug="no-instances", map_users=True)
    finally:
        post_init.disconnect(count)
    assert archive["matches"], "the event has matches"
    assert made[Table] == 0
    assert made[AuditEntry] == 1  # the import's own line


def _no_returning(monkeypatch) -> None:
    monkeypatch.setattr(type(connection.features), "can_return_rows_from_bulk_insert", False)


def _a_field_saves_itself(monkeypatch) -> None:
    monkeypatch.setattr(saving, "_inline", lambda f: False)


@pytest.mark.parametrize("way", [_no_returning, _a_field_saves_itself])
def test_the_way_kept_for_other_backends_makes_the_same_copy(event, monkeypatch, way):
    """Where the rows cannot go in from their values (a backend that cannot return a
    multi-row INSERT's keys, a field that saves itself), Django's instances are made and
    saved (their JSON decoded again, their times put back): the copy is the same."""
    way(monkeypatch)
    archive = export_archive(event)
    with CaptureQueriesContext(connection) as queries:
        copy = import_archive(archive, slug="other-way", map_users=True).tournament
    assert differences(Tournament.objects.get(pk=event.pk), copy) == []
    table = connection.ops.quote_name(AuditEntry._meta.db_table)
    assert [q for q in queries.captured_queries if f"UPDATE {table}" in q["sql"]]
    archived = {r["created_at"] for r in archive["audit"]}
    assert archived <= {
        e.created_at.isoformat() for e in AuditEntry.objects.filter(tournament=copy)
    }
