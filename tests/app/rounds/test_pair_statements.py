"""``pair`` takes as many SQL statements for 60 tables as for 4: the tables are written in
one statement (:func:`tournament.core.bulk.insert_all`), the standings and pairs read in a
fixed number (2,500 tables took 87 INSERTs through ``bulk_create``). Publishing
checks the pairing without computing the standings (the check reads neither rank nor
points), unless a pair is missing. Counts, not times; the times are ``bench/pair_db.py``'s
and ``bench/operations.py``'s."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.core.actors import user_actor
from tournament.models import Pair, Round, Table
from tournament.models.table_guard import exempt
from tournament.rounds import adjust, pairing
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import draw, pair_next_round

pytestmark = pytest.mark.django_db


def statements(tournament, pairs: int) -> tuple[int, int]:
    """(statements of round 1's pairing, of round 2's after round 1 was locked)."""
    Pair.objects.bulk_create(
        [
            Pair(tournament=tournament, name=f"队{i:03d}", name_pinyin=f"dui{i:03d}")
            for i in range(pairs)
        ]
    )
    draw(tournament, seed=1, by=user_actor(None))
    counts = []
    for _number in (1, 2):
        with CaptureQueriesContext(connection) as queries:
            round_ = pair_next_round(tournament, seed=1, by=user_actor(None))
        counts.append(len(queries.captured_queries))
        tables = list(round_.tables.all())
        for m in tables:
            m.ew_level, m.ns_level, m.winner, m.state = "A+", "5", "EW", Table.CONFIRMED
        with exempt("fixture"):  # set up directly, outside the write rule
            Table.objects.bulk_update(tables, ["ew_level", "ns_level", "winner", "state"])
        Round.objects.filter(pk=round_.pk).update(status=Round.LOCKED)
    return counts[0], counts[1]


def test_pairing_statements_do_not_grow_with_the_tables(tournament, other_tournament):
    small = statements(tournament, 8)
    large = statements(other_tournament, 120)
    assert large == small
    rows = Table.objects.filter(round__tournament=other_tournament, round__number=2)
    assert rows.exclude(ns=None).count() == 60 and len({m.ew_pin for m in rows}) > 1


def _second_round(tournament) -> Round:
    """Round 2 of 8 pairs paired as a draft, round 1 locked."""
    statements(tournament, 8)
    Round.objects.filter(tournament=tournament, number=2).delete()
    return pair_next_round(tournament, seed=1, by=user_actor(None))


def _standings_counted(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = pairing.standings_for

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(pairing, "standings_for", counted)
    return calls


def test_publishing_computes_no_standings_and_its_statements_do_not_grow(
    tournament, other_tournament, monkeypatch
):
    counts = []
    for event, pairs in ((tournament, 8), (other_tournament, 120)):
        statements(event, pairs)
        Round.objects.filter(tournament=event, number=2).delete()
        round_ = pair_next_round(event, seed=1, by=user_actor(None))
        calls = _standings_counted(monkeypatch)
        with CaptureQueriesContext(connection) as queries:
            publish_round(round_, by=user_actor(event.organizer))
        counts.append(len(queries.captured_queries))
        assert calls == []
        monkeypatch.undo()
    assert counts[0] == counts[1]


def test_a_missing_pair_is_still_named_in_standings_order(tournament, monkeypatch):
    round_ = _second_round(tournament)
    ranked = [e.id for e in pairing.entrants(tournament, 2)]
    unranked = [e.id for e in pairing.entrants(tournament, 2, ranked=False)]
    assert sorted(ranked) == sorted(unranked) and ranked != unranked
    gone = round_.tables.exclude(ns=None).order_by("number")[:2]
    Table.objects.filter(pk__in=[m.pk for m in gone]).delete()
    calls = _standings_counted(monkeypatch)
    missing = [c.pairs[0] for c in adjust.conflicts(round_) if c.kind == "missing"]
    assert calls == [1]
    assert missing == [i for i in ranked if i in missing] and len(missing) == 4
