"""Backups at a round's publish and lock, kept for the day: the slips printed for
the round just published must work on a second laptop, whatever the interval and on-demand
backups of a busy day pushed out (tournament/backups/auto.py, create.py ``prune``)."""

from __future__ import annotations

import json
import os
import zipfile
from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.backups import auto as backup_auto
from tournament.backups import create as backup
from tournament.core.actors import user_actor
from tournament.rounds.lifecycle import publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def folder(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


def test_a_publish_starts_a_backup_at_once(
    settings,
    monkeypatch,
    tournament,
    pairs8,
    make_round,
    organizer,
    django_capture_on_commit_callbacks,
):
    """Like a lock, and not only once the interval has passed (the interval's clock is
    set far ahead here: on the code before, the publish was backed up by no one)."""
    settings.AUTO_BACKUP = True
    made = []
    monkeypatch.setattr(backup_auto, "run", made.append)
    monkeypatch.setattr(backup_auto, "_next_look", float("inf"))
    round_ = make_round(tournament, pairs8, status="draft")
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(round_, by=user_actor(organizer))
    backup_auto.wait_for_running()
    assert made == ["publish"]


def test_the_publish_backup_is_named_after_it(tournament, pairs8, make_round):
    make_round(tournament, pairs8)
    name = backup_auto.run("publish")
    assert name is not None and name.endswith("-publish.zip")
    (made,) = backup.list_backups()
    assert made.milestone == "publish"
    with zipfile.ZipFile(made.path) as zf:
        assert json.loads(zf.read("manifest.json"))["reason"] == "publish"


def test_retention_never_deletes_the_day_s_publish_and_lock_backups(tournament, folder):
    published = backup.make_backup(reason="publish")
    locked = backup.make_backup(reason="lock")
    for _ in range(4):
        backup.make_backup(keep=3, reason="interval")
    names = [b.name for b in backup.list_backups()]
    assert published.name in names and locked.name in names
    assert len(names) == 5  # the day's two, and the 3 newest others


def test_yesterday_s_milestones_count_as_ordinary_backups(tournament, folder):
    folder.mkdir(parents=True)
    yesterday = timezone.localtime() - timedelta(days=1)
    old = folder / f"guandan-backup-{yesterday:%Y%m%d-%H%M%S}-000-lock.zip"
    old.write_bytes(b"")
    os.utime(old)
    assert [b.milestone for b in backup.list_backups()] == ["lock"]
    for _ in range(2):
        backup.make_backup(keep=2, reason="interval")
    assert not old.exists() and len(backup.list_backups()) == 2
