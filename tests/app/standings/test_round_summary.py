"""How far a round has got (round control, its poll, the projector): tables by state, with
the bye apart, counted in one grouped query."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.models import Table
from tournament.models.table_guard import exempt
from tournament.standings.selectors import round_summary

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def test_tables_are_counted_by_state_and_the_bye_apart(tournament, pairs8, make_round):
    round_ = make_round(tournament, pairs8[:7])  # tables 1–3 and a bye
    tables = round_.tables.exclude(ns=None).order_by("number")
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(pk=tables[0].pk).update(state=Table.ENTERED)
        Table.objects.filter(pk=tables[1].pk).update(state=Table.DISPUTED)
    with CaptureQueriesContext(connection) as captured:
        summary = round_summary(round_)
    assert len(captured) == 1
    assert summary.byes == 1 and summary.tables == 3
    assert summary.counts == {
        Table.EMPTY: 1,
        Table.IN_PLAY: 0,
        Table.ENTERED: 1,
        Table.CONFIRMED: 0,
        Table.DISPUTED: 1,
    }
    assert list(summary.counts) == [key for key, _ in Table.STATE_CHOICES]
