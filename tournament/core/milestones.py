"""What follows a write that must be backed up: the automatic backup.

A round's publish and lock (*milestones*, :data:`PUBLISH`, :data:`LOCK`) back up at once;
any other write of a table's result backs up when the interval has passed. The services that
make those writes (results, rounds) say so where the act happens, by calling
:func:`backup_after_commit`. The backups themselves (:mod:`tournament.backups.auto`) sit
above those services in the layers (.importlinter: a backup reads what the results and the
archive hold), so they are not imported here: ``tournament/apps.py`` registers their
starter at start-up (:func:`register`). Until then, a management command that never loads
the app's ready hook, say, starts no backup.
"""

from __future__ import annotations

from collections.abc import Callable

PUBLISH, LOCK = "publish", "lock"
"""The milestones: a backup at once, named after the act in its file name."""

_starter: Callable[[str], None] | None = None


def register(starter: Callable[[str], None]) -> None:
    """Set what :func:`backup_after_commit` calls (``tournament.backups.auto.start``)."""
    global _starter
    _starter = starter


def backup_after_commit(milestone: str = "") -> None:
    """Back up once this transaction is committed: at once for a ``milestone``, else when
    the interval has passed (never failing the write)."""
    if _starter is not None:
        _starter(milestone)
