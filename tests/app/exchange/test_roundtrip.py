"""The exchange file (tournament/exchange, docs/exchange.md): every kind of event exported,
checked against the schema and imported back with the same places."""

from __future__ import annotations

import pytest

from tournament.core.actors import user_actor
from tournament.exchange.checks import check_document
from tournament.exchange.document import event_document
from tournament.exchange.importer import import_document
from tournament.models import Round


def _strip(doc: dict) -> dict:
    """A document without what differs between two exports of the same results."""
    out = {k: v for k, v in doc.items() if k not in ("exported_at", "revision")}
    out["event"] = {k: v for k, v in doc["event"].items() if k != "slug"}
    return out


@pytest.mark.django_db
def test_pairs_event_round_trip(event, organizer):
    doc = event_document(event)
    check_document(doc)
    assert [r["number"] for r in doc["rounds"]] == list(
        Round.objects.filter(tournament=event, status="locked").values_list("number", flat=True)
    )
    outcome = import_document(doc, slug="spring-copy", by=user_actor(organizer))
    assert outcome.status == "created"
    again = event_document(outcome.tournament)
    assert _strip(again) == _strip(doc)
