"""How far a round has got (round control, its poll, the projector): tables by state, with
the bye apart, counted in one grouped query."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.models import Match
from tournament.models.table_guard import exempt
from tournament.standings.selectors import round_summary

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def test_tables_are_counted_by_state_and_the_bye_apart(tournament, teams8, make_round):
    round_ = make_round(tournament, teams8[:7])  # tables 1–3 and a bye
    tables = round_.matches.exclude(ns=None).order_by("table")
    with exempt("fixture"):  # set up directly, outside the write rule
        Match.objects.filter(pk=tables[0].pk).update(state=Match.ENTERED)
        Match.objects.filter(pk=tables[1].pk).update(state=Match.DISPUTED)
    with CaptureQueriesContext(connection) as captured:
        summary = round_summary(round_)
    assert len(captured) == 1
    assert summary.byes == 1 and summary.tables == 3
    assert summary.counts == {
        Match.EMPTY: 1,
        Match.IN_PLAY: 0,
        Match.ENTERED: 1,
        Match.CONFIRMED: 0,
        Match.DISPUTED: 1,
    }
    assert list(summary.counts) == [key for key, _ in Match.STATE_CHOICES]
