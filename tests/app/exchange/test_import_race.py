"""The same exchange file imported twice at the same moment (a laptop's retry while its
first try is still being imported), on a real PostgreSQL server: one import makes the event,
the other finds it unchanged; one event, one audit line.

Run by scripts/test.sh with TEST_DATABASE_URL (``-m postgres``); skipped on SQLite."""

from __future__ import annotations

import pytest

from tests.app.test_concurrency_postgres import race
from tournament.core.actors import user_actor
from tournament.exchange.document import event_document
from tournament.exchange.importer import ImportOutcome, import_document
from tournament.models import AuditEntry, Tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_imports_of_one_file_at_once_make_one_event(organizer):
    from tests.app.finished_event import build_event

    doc = event_document(build_event(organizer))
    results = race(
        lambda: import_document(doc, slug="copy", by=user_actor(organizer)),
        lambda: import_document(doc, slug="copy", by=user_actor(organizer)),
    )
    assert all(isinstance(r, ImportOutcome) for r in results), results
    assert sorted(r.status for r in results) == ["created", "unchanged"]
    t = Tournament.objects.get(slug="copy")
    assert AuditEntry.objects.filter(tournament=t, action="exchange.import").count() == 1
