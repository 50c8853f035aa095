"""A worker process killed while saving a result leaves the old result or the new one, never
half of one, on a real PostgreSQL server.

The worker is a separate Python process running the real service. To kill it at a known
point inside its transaction, the test holds a table lock on the audit log: the worker has
then locked the round and the table, stored its submission and updated the table row, and
waits to write its audit entry. It is killed there (SIGKILL, like the OOM killer or a
worker timeout). Run by scripts/test.sh with TEST_DATABASE_URL (``-m postgres``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from django.conf import settings
from django.db import connection, transaction

from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Submission, Table
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

APP_NAME = "guandan-kill-worker"
OLD = ResultValues("A+", "K", winner="EW")
WORKER = """
import django
django.setup()
from django.contrib.auth.models import User
from tournament.core.actors import user_actor
from tournament.models import Table
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result
table = Table.objects.get(pk={pk})
submit_result(table, ResultValues("A+", "3", winner="EW"), version=table.version,
              by=user_actor(User.objects.get(username="ref")))
print("saved", flush=True)
"""


def start_worker(table: Table) -> subprocess.Popen:
    """The worker, on the test database, named in pg_stat_activity by its application name."""
    db = connection.settings_dict
    url = f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "PGAPPNAME": APP_NAME}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings_test"
    return subprocess.Popen(
        [sys.executable, "-c", WORKER.format(pk=table.pk)],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(sql: str, until, timeout: float = 90.0):
    """Poll ``sql`` (one value) until ``until(value)``; fail after ``timeout`` seconds
    (generous: a loaded two-core machine may take long to start Django in the worker)."""
    deadline = time.monotonic() + timeout
    while True:
        with connection.cursor() as cur:
            # Inside a transaction pg_stat_activity is read once and kept: read it afresh.
            cur.execute("SELECT pg_stat_clear_snapshot()")
            cur.execute(sql, [APP_NAME])
            value = cur.fetchone()[0]
        if until(value):
            return value
        assert time.monotonic() < deadline, f"timed out waiting: {sql} → {value}"
        time.sleep(0.05)


@pytest.fixture
def entered(tournament, pairs8, make_round, referee) -> Table:
    """Table 1 with the referee's result A+ : K (the old result)."""
    table = make_round(tournament, pairs8).tables.get(number=1)
    return submit_result(table, OLD, version=table.version, by=user_actor(referee))


def result_of(table: Table) -> tuple:
    m = Table.objects.get(pk=table.pk)
    return (m.version, m.ew_level, m.ns_level, m.state)


def test_a_worker_killed_while_saving_leaves_the_old_result(entered):
    before = result_of(entered)
    with transaction.atomic():
        # Holding this lock makes the worker wait inside its transaction, after its updates.
        with connection.cursor() as cur:
            cur.execute("LOCK TABLE tournament_auditentry IN EXCLUSIVE MODE")
        worker = start_worker(entered)
        wait_for(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
            " AND wait_event_type = 'Lock'",
            lambda n: n == 1,
        )
        # It has written: it holds the row locks of its UPDATE of the table.
        held = wait_for(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE a.application_name = %s AND l.relation = 'tournament_match'::regclass"
            " AND l.mode = 'RowExclusiveLock'",
            lambda n: n >= 1,
        )
        assert held >= 1
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(timeout=10)
    # The lock is released: the orphaned server process finds its client gone and rolls back.
    wait_for("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", lambda n: n == 0)
    assert worker.returncode == -signal.SIGKILL
    assert result_of(entered) == before
    assert Submission.objects.filter(table=entered).count() == 1
    assert AuditEntry.objects.filter(object_id=str(entered.pk), action="result.enter").count() == 1


def test_a_worker_that_finishes_leaves_the_whole_new_result(entered):
    version = entered.version
    worker = start_worker(entered)
    out, err = worker.communicate(timeout=60)
    assert worker.returncode == 0 and "saved" in out, err
    assert result_of(entered) == (version + 1, "A+", "3", Table.ENTERED)
    assert Submission.objects.filter(table=entered).count() == 2
    assert AuditEntry.objects.filter(object_id=str(entered.pk), action="result.enter").count() == 2
