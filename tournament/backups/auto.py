"""Automatic backups: at every round's publish and lock, and every ``AUTO_BACKUP_MINUTES``
while a round is open (settings ``AUTO_BACKUP``, ``AUTO_BACKUP_KEEP``; see config/settings.py).

Why after a commit, and not a scheduler
---------------------------------------
A venue laptop runs the app with one command: there is no cron, no Celery, no second
process to start or to forget. What a backup must save is what was written, so the writes
themselves are the clock: a round's publish and lock, and every write of a table's result
(:func:`tournament.results.table_write.save_match`), call
:func:`tournament.core.milestones.backup_after_commit`, which calls :func:`start` (registered
at start-up: the backups sit above those services), which runs
:func:`after_commit` once their transaction is committed. A publish or lock
(a *milestone*) starts a backup at once: the slips printed for a round just published must
work on a second laptop; any other change starts one when the newest backup is older than the
interval and a round of an event is open (published, in play, being entered or
confirmed). With no write there is nothing new to back up, so "every 10 minutes while a
round is open" loses nothing.

The backup runs in a background thread: the referee's save has already been answered and
never waits for it, and never fails because of it (a failure is logged and shown on the
backups page). An OS file lock on the backup folder (:func:`backup_files.backup_lock`)
lets one backup run at a time, across the threads and processes of every worker: an
interval backup that finds it taken skips its turn, the running backup covers it; a round
lock's waits for it and then makes its own, as the running one may have read the database
before the lock.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from tournament.backups import create as backups
from tournament.backups.files import BackupBusy, BackupError, backup_lock
from tournament.models import Round

log = logging.getLogger("guandan.backup")

OPEN_STATUSES = (Round.PUBLISHED, Round.IN_PLAY, Round.ENTERED, Round.CONFIRMED)
# In this process, the interval is not looked at again before this (time.monotonic):
# most saves then cost one comparison, not a scan of the backup folder.
_next_look = 0.0
_guard = threading.Lock()
_running: threading.Thread | None = None  # this process's backup thread, while it works
_milestone_pending = ""  # a publish or lock committed while it worked: backed up after it


def start(milestone: str = "") -> None:
    """Start the automatic backup once this transaction is committed: at once for a
    ``milestone`` (:data:`PUBLISH`, :data:`LOCK`), else when it is due (never failing
    the change: a failure is logged)."""
    transaction.on_commit(partial(after_commit, milestone), robust=True)


def after_commit(milestone: str = "") -> None:
    """Called once the transaction of a change is committed (never raises)."""
    global _next_look, _running, _milestone_pending
    if not settings.AUTO_BACKUP:
        return
    with _guard:
        if not milestone and time.monotonic() < _next_look:
            return
        if _running is not None:
            # This process is making one already, which may have read the database before
            # this change: an interval backup is covered by the next one, a round lock or
            # publish is backed up again once it is done (an import's entries started one,
            # its lock came a second later: the round's locked state was in no backup).
            _milestone_pending = milestone or _milestone_pending
            return
        _next_look = time.monotonic() + 30
        reason = milestone or "interval"
        # Not a daemon: a process that ends (a command that locked a round, a worker
        # stopping) waits for its backup. As a daemon it was killed with the process:
        # ``import_results --lock`` made no backup of the round it locked.
        _running = threading.Thread(target=_work, args=(reason,), name="guandan-backup")
        _running.start()


def _work(reason: str) -> None:
    """The backup thread: ``reason``'s backup, then the milestone's that came meanwhile."""
    global _running, _milestone_pending
    try:
        while True:
            run(reason)
            # Under the guard, so that a lock committed now is either taken here or starts
            # a thread of its own.
            with _guard:
                if not _milestone_pending:
                    _running = None
                    return
                reason, _milestone_pending = _milestone_pending, ""
    except BaseException:  # run() never raises; should this thread die, the next may start
        with _guard:
            _running = None
        raise


def wait_for_running(timeout: float = 60) -> None:
    """Wait for this process's background backup, if any (tests, and a clean shutdown)."""
    thread = _running
    if thread is not None:
        thread.join(timeout)


def run(reason: str) -> str | None:
    """Make the automatic backup if it is due; the file's name, or None. Never raises."""
    milestone = reason in backups.MILESTONES
    try:
        if not milestone and not due():
            return None
        folder = backups.backup_dir()
        # A round lock or publish waits for a backup running in another worker, then makes
        # its own: that one may have read the database before it. An interval backup skips
        # its turn: the running one, or the next, covers it.
        with backup_lock(folder, wait=milestone):
            if not milestone and not due():  # another worker has just made it
                return None
            path = backups.make_backup_locked(folder, keep=settings.AUTO_BACKUP_KEEP, reason=reason)
        log.info("automatic backup (%s): %s", reason, path.name)
        return path.name
    except BackupBusy:
        if milestone:  # waited WAIT_SECONDS: a backup that hangs (a dead USB folder)
            log.error("automatic backup (%s) failed: the backup folder stayed busy", reason)
        return None
    except BackupError as exc:
        log.error("automatic backup (%s) failed: %s", reason, exc)
    except Exception:  # a backup must never break the app: log everything else too
        log.exception("automatic backup (%s) failed", reason)
    finally:
        connection.close()  # this thread's own database connection
    return None


def due() -> bool:
    """A round is open and the newest backup is older than the interval."""
    newest = backups.list_backups()
    interval = timedelta(minutes=settings.AUTO_BACKUP_MINUTES)
    if newest and timezone.now() - newest[0].made_at < interval:
        return False
    return Round.objects.filter(status__in=OPEN_STATUSES).exists()
