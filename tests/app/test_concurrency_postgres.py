"""Two referees saving the same table at the same moment, on a real PostgreSQL server.

Run by scripts/test.sh with TEST_DATABASE_URL (``-m postgres``); skipped on SQLite.
"""

from __future__ import annotations

import threading

import pytest

from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Staff, Table
from tournament.registration.services import PairData, pair_update
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result
from tournament.results.table_write import StaleResult

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(*calls):
    """Run the calls in threads released together; return their results or exceptions."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        from django.db import connections

        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:  # noqa: BLE001 - the test inspects whatever happened
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def test_concurrent_saves_one_wins_the_other_is_refused(
    tournament, pairs8, make_round, referee, make_user
):
    other = make_user("ref2")
    Staff.objects.create(tournament=tournament, user=other, role=Staff.REFEREE)
    table = make_round(tournament, pairs8).tables.get(number=1)
    version = table.version
    a = ResultValues("A+", "K", winner="EW")
    b = ResultValues("A+", "3", winner="EW")
    results = race(
        lambda: submit_result(
            Table.objects.get(pk=table.pk), a, version=version, by=user_actor(referee)
        ),
        lambda: submit_result(
            Table.objects.get(pk=table.pk), b, version=version, by=user_actor(other)
        ),
    )
    stale = [r for r in results if isinstance(r, StaleResult)]
    saved = [r for r in results if isinstance(r, Table)]
    assert len(stale) == 1 and len(saved) == 1, results
    table.refresh_from_db()
    assert table.version == version + 1
    assert table.ns_level == saved[0].ns_level  # the winner's values, not a mix
    assert AuditEntry.objects.filter(action="result.enter", object_id=str(table.pk)).count() == 1


def test_many_tables_saved_at_once_all_land(tournament, pairs8, make_round, referee):
    round_ = make_round(tournament, pairs8)
    tables = list(round_.tables.exclude(ns=None))
    calls = [
        (
            lambda m=m: submit_result(
                m, ResultValues("A+", "9", winner="EW"), version=m.version, by=user_actor(referee)
            )
        )
        for m in tables
    ]
    results = race(*calls)
    assert all(isinstance(r, Table) for r in results), results
    assert round_.tables.filter(state=Table.ENTERED).count() == len(tables)


def test_concurrent_team_edits_do_not_overwrite(tournament, register):
    pair = register(tournament, "金陵一队", p1="张伟", p2="王芳")
    v = pair.version
    results = race(
        lambda: pair_update(
            pair=pair, data=PairData("金陵一队", "", "张伟", "李娜"), version=v, by=user_actor(None)
        ),
        lambda: pair_update(
            pair=pair, data=PairData("金陵一队", "", "张伟", "赵敏"), version=v, by=user_actor(None)
        ),
    )
    assert sum(1 for r in results if isinstance(r, Exception)) == 1, results
    pair.refresh_from_db()
    assert pair.version == v + 1
