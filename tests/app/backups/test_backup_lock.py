"""One backup at a time: the backup folder's file lock (tournament/backups/files.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.utils import translation

from tournament.backups.files import BackupBusy, backup_lock

HOLD = """
import sys, time
from filelock import FileLock
lock = FileLock(sys.argv[1])
lock.acquire()
print("held", flush=True)
time.sleep(30)
"""


def test_a_second_backup_in_the_same_process_is_refused_while_one_runs(tmp_path):
    with (
        translation.override("zh-hans"),  # whatever language an earlier test left active
        backup_lock(tmp_path, wait=False),
        pytest.raises(BackupBusy, match="另一个备份正在进行"),
        backup_lock(tmp_path, wait=False),
    ):
        pass
    with backup_lock(tmp_path, wait=False):  # released: the next one goes ahead
        pass


def test_a_backup_of_another_process_holds_the_folder_until_it_ends(tmp_path):
    other = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(tmp_path / ".backup.lock")],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout.readline().strip() == "held"
        with pytest.raises(BackupBusy), backup_lock(tmp_path, wait=False):
            pass
    finally:
        other.kill()  # killed, not released: the OS lets go of the lock with the process
        other.wait()
    with backup_lock(tmp_path, wait=False):
        pass
