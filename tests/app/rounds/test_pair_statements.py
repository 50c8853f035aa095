"""``pair`` takes as many SQL statements for 60 tables as for 4: the tables are written in
one statement (:func:`tournament.rounds.pairing.insert_matches`), the standings and pairs
read in a fixed number (issue 31: 2,500 tables took 87 INSERTs through ``bulk_create``).
A count, not a time; the time is ``bench/pair_db.py``'s."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.models import Match, Round, Team
from tournament.rounds.pairing import draw, pair_next_round

pytestmark = pytest.mark.django_db


def statements(tournament, pairs: int) -> tuple[int, int]:
    """(statements of round 1's pairing, of round 2's after round 1 was locked)."""
    Team.objects.bulk_create(
        [
            Team(tournament=tournament, name=f"队{i:03d}", name_pinyin=f"dui{i:03d}")
            for i in range(pairs)
        ]
    )
    draw(tournament, seed=1)
    counts = []
    for _number in (1, 2):
        with CaptureQueriesContext(connection) as queries:
            round_ = pair_next_round(tournament, seed=1)
        counts.append(len(queries.captured_queries))
        matches = list(round_.matches.all())
        for m in matches:
            m.ew_level, m.ns_level, m.winner, m.state = "A+", "5", "EW", Match.CONFIRMED
        Match.objects.bulk_update(matches, ["ew_level", "ns_level", "winner", "state"])
        Round.objects.filter(pk=round_.pk).update(status=Round.LOCKED)
    return counts[0], counts[1]


def test_pairing_statements_do_not_grow_with_the_tables(tournament, other_tournament):
    small = statements(tournament, 8)
    large = statements(other_tournament, 120)
    assert large == small
    rows = Match.objects.filter(round__tournament=other_tournament, round__number=2)
    assert rows.exclude(ns=None).count() == 60 and len({m.ew_pin for m in rows}) > 1
