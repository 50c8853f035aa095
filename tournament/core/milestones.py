"""What follows a write that must be backed up: the automatic backup.

A round's publish and lock (*milestones*, :data:`PUBLISH`, :data:`LOCK`) back up at once;
any other write of a table's result backs up when the interval has passed. The services that
make those writes (results, rounds) say so where the act happens, by calling
:func:`backup_after_commit`. The backups themselves (:mod:`tournament.backups.auto`) sit
above those services in the layers (.importlinter: a backup reads what the results and the
archive hold), so they are not imported here: ``tournament/apps.py`` registers their
starter at start-up (:func:`register`). Until then, a management command that never loads
the app's ready hook, say, starts no backup.

A round's lock also marks the event's upload to the association's server as due
(:func:`round_locked`, docs/exchange.md "Upload"): in the lock's own transaction, so that a
lock is never committed without it, by the listener ``tournament/apps.py`` registers
(:mod:`tournament.exchange.upload_send`, above the rounds too).
"""

from __future__ import annotations

from collections.abc import Callable

PUBLISH, LOCK = "publish", "lock"
"""The milestones: a backup at once, named after the act in its file name."""

_starter: Callable[[str], None] | None = None
_lock_listeners: list[Callable[[int], None]] = []


def register(starter: Callable[[str], None]) -> None:
    """Set what :func:`backup_after_commit` calls (``tournament.backups.auto.start``)."""
    global _starter
    _starter = starter


def backup_after_commit(milestone: str = "") -> None:
    """Back up once this transaction is committed: at once for a ``milestone``, else when
    the interval has passed (never failing the write)."""
    if _starter is not None:
        _starter(milestone)


def on_round_locked(listener: Callable[[int], None]) -> None:
    """Add what :func:`round_locked` calls with the event's id (once per listener)."""
    if listener not in _lock_listeners:
        _lock_listeners.append(listener)


def round_locked(tournament_id: int) -> None:
    """A round of the event is being locked (called inside the lock's transaction)."""
    for listener in _lock_listeners:
        listener(tournament_id)
