"""Backups of the whole database (备份), made while the server runs.

Vocabulary
----------
backup
    One file ``guandan-backup-YYYYmmdd-HHMMSS-mmm.zip`` (local time) in the backup folder
    (``settings.BACKUP_DIR``, by default ``var/backups/``) holding everything a second
    laptop needs to carry on: the database copy, the secret key, the uploaded files and a
    manifest. A backup made at a round's publish or lock (a *milestone*) ends in
    ``-publish.zip`` or ``-lock.zip``: retention keeps those of the day (:func:`prune`).
database copy
    SQLite: ``database.sqlite3``, made with sqlite3's online backup API in one step, which
    reads one consistent snapshot of the database (the WAL included) while referees keep
    saving: copying ``db.sqlite3`` as a file could miss the writes still in the WAL.
    PostgreSQL: ``database.pgdump``, ``pg_dump`` in its custom format (one snapshot too),
    with a ``pg_dump`` of the server's major version or newer. Without any, every event's
    archive instead (``events/<slug>.json.gz``, kind ``archives``): the events, not the logins.
secret key
    ``secret_key``: Django's SECRET_KEY in force. The check-in QR codes are signed with it
    (tournament/signup/checkin.py), so a restored laptop must use the same key for the
    printed codes to keep working. It also signs sessions and password-reset links: a
    backup is as private as the organizer's password (keep the USB stick safe).
uploaded files
    ``media/<name>``: every file the database names in a file field (the score-sheet
    photos, certificate backgrounds), as ``MEDIA_ROOT/<name>``.
manifest
    ``manifest.json``: format, app version, database kind, time, reason, the events, the
    migrations applied, and the SHA-256 and size of every other file of the backup (format
    version 2; version 1, the first format, left the secret key out). Restore refuses a file
    the manifest does not cover, and a damaged one.

Automatic backups are in :mod:`tournament.backups.auto`; restore in
:mod:`tournament.backups.restore`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import tempfile
import urllib.parse
import zipfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils import timezone

from tournament.archive.write import write_archive
from tournament.backups import files as backup_files
from tournament.backups.files import BackupError, backup_lock
from tournament.backups.media import MEDIA_DIR, media_files
from tournament.models import Tournament

FORMAT = "guandan-backup"
VERSION = 2
PREFIX = "guandan-backup-"
ASIDE_PREFIX = "guandan-before-restore-"  # made by restore --force, never pruned
# The reasons of a milestone backup: the slips and standings of a round as published or
# locked. Their files are named after them and kept for the day (see prune()).
MILESTONES = ("publish", "lock")
NAME_RE = re.compile(
    r"^guandan-(?:backup|before-restore)-\d{8}-\d{6}-\d{3}(?:-(publish|lock))?\.zip$"
)
MANIFEST, SECRET, SQLITE_FILE, PG_FILE = (
    "manifest.json",
    "secret_key",
    "database.sqlite3",
    "database.pgdump",
)
LAST_ERROR = "last-error.json"

# A backup on demand (立即备份) comes at most once in this many seconds after the newest
# backup: each is a full copy of the database, which presses in a loop turned into a
# referee's save taking seconds.
ON_DEMAND_SECONDS = 60

MSG_TOO_SOON = "backup_too_soon"
MSG_FOLDER_UNWRITABLE = "backup_folder_unwritable"
MSG_COPY_FAILED = "backup_copy_failed"
MSG_COPY_CHECK = "backup_copy_check"


@dataclass(frozen=True)
class BackupFile:
    """One backup in the folder, as the backups page lists it."""

    name: str
    path: Path
    size: int
    made_at: datetime

    @property
    def aside(self) -> bool:
        """Set aside by a forced restore (never pruned)."""
        return self.name.startswith(ASIDE_PREFIX)

    @property
    def milestone(self) -> str:
        """The round's step the backup was made at ("publish", "lock"), else ""."""
        found = NAME_RE.match(self.name)
        return (found.group(1) or "") if found else ""


def backup_dir(directory: Path | str | None = None) -> Path:
    """The backup folder (made private to this user when it is created)."""
    path = Path(directory or settings.BACKUP_DIR)
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def app_version() -> str:
    """The app's version recorded in the manifest (an installed copy's too: guandan)."""
    from guandan import app_version as version

    return version()


def database_kind() -> str:
    return "postgresql" if connection.vendor == "postgresql" else "sqlite"


def make_backup(
    *, directory: Path | str | None = None, keep: int | None = None, reason: str = "manual"
) -> Path:
    """Write one backup file and return its path; then keep only the ``keep`` newest.

    Raises :class:`BackupError` with a Chinese message when it cannot be made (and
    records it for the backups page). Only one backup is made at a time on this folder:
    this waits for one that is running.
    """
    folder = backup_dir(directory)
    with backup_lock(folder, wait=True):
        return make_backup_locked(folder, keep=keep, reason=reason)


def make_backup_on_demand(*, keep: int | None, reason: str = "page") -> Path:
    """:func:`make_backup` for a person's press: refused with a message at once, not
    queued, while another backup runs (:class:`BackupBusy`) or when the newest backup is
    younger than :data:`ON_DEMAND_SECONDS` (``MSG_TOO_SOON``: it holds the same data).
    The backup folder's files are the clock: right across every worker process."""
    folder = backup_dir()
    with backup_lock(folder, wait=False):
        newest = list_backups(folder)
        age = (timezone.now() - newest[0].made_at).total_seconds() if newest else None
        # (A newest one "in the future" is a clock set back: no reason to refuse.)
        if age is not None and 0 <= age < ON_DEMAND_SECONDS:
            raise BackupError(MSG_TOO_SOON, seconds=math.ceil(ON_DEMAND_SECONDS - age))
        return make_backup_locked(folder, keep=keep, reason=reason)


def make_backup_locked(folder: Path, *, keep: int | None, reason: str) -> Path:
    """:func:`make_backup` for a caller that holds the folder's backup lock."""
    try:
        path = _write_backup(folder, reason, prefix=PREFIX)
        if keep:
            prune(folder, keep)
    except BackupError as exc:
        backup_files.record_error(folder / LAST_ERROR, str(exc), reason)
        raise
    except OSError as exc:  # disk full, folder not writable
        error = BackupError(
            MSG_FOLDER_UNWRITABLE, folder=str(folder), error=str(exc.strerror or exc)
        )
        backup_files.record_error(folder / LAST_ERROR, str(error), reason)
        raise error from exc
    with contextlib.suppress(FileNotFoundError):
        (folder / LAST_ERROR).unlink()
    return path


def _write_backup(folder: Path, reason: str, *, prefix: str) -> Path:
    """The backup file, written under a temporary name and renamed when complete, so the
    folder never holds half a backup under a backup's name."""
    now = timezone.localtime()
    suffix = f"-{reason}" if reason in MILESTONES and prefix == PREFIX else ""
    name = f"{prefix}{now:%Y%m%d-%H%M%S}-{now.microsecond // 1000:03d}{suffix}.zip"
    with tempfile.TemporaryDirectory(dir=folder, prefix=".work-") as work:
        files, kind = _database_files(Path(work))
        if kind != "archives":  # an event's archive holds its files already
            files.update(media_files(files.get(SQLITE_FILE)))
        key = Path(work) / SECRET
        key.write_text(settings.SECRET_KEY, encoding="utf-8")
        files[SECRET] = key
        manifest = _manifest(now, reason, kind, files)
        partial = Path(work) / name
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
            for arcname, path in files.items():
                # Already compressed: archives, pg_dump's custom format, JPEG photos.
                packed = arcname.endswith((".gz", PG_FILE)) or arcname.startswith(MEDIA_DIR)
                zf.write(path, arcname, compress_type=zipfile.ZIP_STORED if packed else None)
            zf.writestr(MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1))
        os.chmod(partial, 0o600)
        final = folder / name
        os.replace(partial, final)
    return final


def _database_files(work: Path) -> tuple[dict[str, Path], str]:
    """The database copy's files (name in the backup → file) and the backup's kind."""
    if connection.vendor != "postgresql":
        return {SQLITE_FILE: sqlite_copy(work / SQLITE_FILE)}, "sqlite"
    from tournament.backups.postgres import find_pg_tool, pg_dump

    tool = find_pg_tool("pg_dump")
    if tool is not None:
        return {PG_FILE: pg_dump(tool, work / PG_FILE)}, "postgresql"
    return event_archives(work), "archives"


def sqlite_copy(target: Path) -> Path:
    """A consistent copy of the SQLite database in ``target`` (a single file, no WAL).

    One step of the online backup API (``pages=-1``) reads the whole database in one read
    transaction: a snapshot of what was committed when it began. Under WAL, writers go on
    meanwhile. The copy is checked (``PRAGMA quick_check``) before it is kept.
    """
    import sqlite3

    name = str(connection.settings_dict["NAME"])
    if "mode=memory" in name or name == ":memory:":
        # The test suite's in-memory database, often inside a test's open transaction,
        # which the backup API would wait on for ever: copy the image Django's connection
        # sees (one process: nothing else writes meanwhile).
        connection.ensure_connection()
        source = sqlite3.connect(":memory:")
        source.deserialize(connection.connection.serialize())
    else:
        source = sqlite3.connect(_sqlite_uri(name), uri=True, timeout=20)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy, pages=-1)
        copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        check = copy.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.Error as exc:
        raise BackupError(MSG_COPY_FAILED, error=str(exc)) from exc
    finally:
        copy.close()
        source.close()
    if check != "ok":
        raise BackupError(MSG_COPY_CHECK, check=check)
    return target


def _sqlite_uri(name: str) -> str:
    """A URI for a new connection to Django's SQLite database file."""
    return "file:" + urllib.parse.quote(str(Path(name).resolve()))


def event_archives(work: Path) -> dict[str, Path]:
    """Every event's archive (gzip JSON with its audit log), for a PostgreSQL server where
    no usable ``pg_dump`` is installed (tournament/archive/write.py writes each)."""
    files = {}
    for tournament in Tournament.objects.order_by("pk"):
        path = work / f"{tournament.slug}.json.gz"
        with open(path, "wb") as out:
            write_archive(tournament, out, with_audit=True)
        files[f"events/{tournament.slug}.json.gz"] = path
    return files


def _manifest(now: datetime, reason: str, kind: str, files: dict[str, Path]) -> dict:
    from django.db.migrations.recorder import MigrationRecorder

    applied = MigrationRecorder(connection).applied_migrations()
    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": app_version(),
        "database": kind,
        "created_at": now.isoformat(),
        "reason": reason,
        "events": [
            {"slug": slug, "name": name}
            for slug, name in Tournament.objects.order_by("pk").values_list("slug", "name")
        ],
        "migrations": sorted(f"{app}.{name}" for app, name in applied),
        "sha256": {arcname: sha256_of(path) for arcname, path in files.items()},
        "sizes": {arcname: path.stat().st_size for arcname, path in files.items()},
    }


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def list_backups(directory: Path | str | None = None) -> list[BackupFile]:
    """The backups in the folder, newest first (by the time in their names)."""
    folder = backup_dir(directory)
    found = []
    for entry in os.scandir(folder):
        if entry.is_file() and NAME_RE.match(entry.name):
            stat = entry.stat()
            found.append(
                BackupFile(entry.name, Path(entry.path), stat.st_size, _made_at(entry.name))
            )
    return sorted(found, key=lambda b: b.made_at, reverse=True)


def _made_at(name: str) -> datetime:
    stamp = re.search(r"(\d{8}-\d{6}-\d{3})", name).group(1)
    naive = datetime.strptime(stamp + "000", "%Y%m%d-%H%M%S-%f")
    return timezone.make_aware(naive, timezone.get_current_timezone())


def prune(directory: Path, keep: int) -> list[str]:
    """Delete all but the ``keep`` newest backups: never a copy set aside by a restore, and
    never one made today at a round's publish or lock (those do not count in ``keep``).

    Otherwise a busy day's interval and on-demand backups would push out the backup of
    the round in play as published: the one whose slips are in the players' hands."""
    today = timezone.localdate()
    ours = [
        b
        for b in list_backups(directory)
        if b.name.startswith(PREFIX)
        and not (b.milestone and timezone.localtime(b.made_at).date() == today)
    ]
    gone = []
    for old in ours[max(keep, 1) :]:
        with contextlib.suppress(FileNotFoundError):
            old.path.unlink()
            gone.append(old.name)
    return gone


def last_error(directory: Path | str | None = None) -> dict | None:
    """The last automatic or manual backup failure not followed by a success, or None."""
    return backup_files.read_error(backup_dir(directory) / LAST_ERROR)


def set_aside_backup(directory: Path | str | None = None) -> Path:
    """A backup of the database as it is now, named ``guandan-before-restore-…``: made by
    a forced restore before it replaces the data, and never pruned."""
    folder = backup_dir(directory)
    with backup_lock(folder, wait=True):
        return _write_backup(folder, "before-restore", prefix=ASIDE_PREFIX)
