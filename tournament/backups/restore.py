"""Restore a backup (恢复) of :mod:`tournament.backups.create` onto this install.

Checked first, changed after: the whole file is read and checked (manifest, the SHA-256 of
every file, SQLite's integrity check of the database copy, migrations this program knows,
the database kind configured here) before anything is written. A database that already
holds events or accounts is refused unless ``force``; then it is first set aside (SQLite:
a copy ``db.sqlite3.before-restore-…`` beside it; PostgreSQL: a backup
``guandan-before-restore-….zip`` in the backup folder), never silently overwritten.

The secret key of the backup is written to the data folder's key file (the key there
before is kept as ``secret_key.before-restore-…``): a server that is running must be
restarted to read it, and a SECRET_KEY set in the environment wins over the file (the
report says so when it differs).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.db import DatabaseError, connection, connections
from django.db.migrations.loader import MigrationLoader
from django.utils import timezone

from tournament.backups import create as backups
from tournament.backups.files import BackupDamaged, BackupError
from tournament.models import Tournament

KINDS = ("sqlite", "postgresql", "archives")

# A backup file that cannot be used (BackupDamaged): what is wrong with it.
MSG_NO_MANIFEST = "backup_no_manifest"
MSG_NOT_A_BACKUP = "backup_not_ours"
MSG_NEWER_FORMAT = "backup_newer_format"
MSG_MANIFEST_INCOMPLETE = "backup_manifest_incomplete"
MSG_UNSAFE_NAME = "backup_unsafe_name"
MSG_CHECKSUM = "backup_checksum"
MSG_NOT_A_ZIP = "backup_not_a_zip"
MSG_NO_KEY = "backup_no_key"
MSG_NO_COPY = "backup_no_copy"
MSG_COPY_UNREADABLE = "backup_copy_unreadable"
MSG_COPY_CORRUPT = "backup_copy_corrupt"
# The other refusals of a restore.
MSG_UNREADABLE = "backup_unreadable"
MSG_NEWER_MIGRATIONS = "backup_newer_migrations"
MSG_NO_FILE = "backup_no_file"
MSG_OTHER_KIND = "backup_other_kind"
MSG_NOT_EMPTY = "backup_not_empty"
MSG_WRITE_FAILED = "backup_write_failed"


@dataclass
class RestoreReport:
    """What a restore did, for the command to tell."""

    kind: str
    made_at: str
    events: list[str] = field(default_factory=list)
    users: int = 0
    set_aside: list[str] = field(default_factory=list)
    archives_folder: str = ""
    env_key_differs: bool = False


def read_manifest(zf: zipfile.ZipFile) -> dict:
    """The checked manifest of an open backup file."""
    try:
        manifest = json.loads(zf.read(backups.MANIFEST))
    except (KeyError, ValueError, zipfile.BadZipFile, OSError) as exc:
        raise BackupDamaged(MSG_NO_MANIFEST, error=str(exc)) from exc
    if not isinstance(manifest, dict) or manifest.get("format") != backups.FORMAT:
        raise BackupDamaged(MSG_NOT_A_BACKUP)
    if manifest.get("version", 0) > backups.VERSION:
        raise BackupDamaged(MSG_NEWER_FORMAT)
    if manifest.get("database") not in KINDS or not isinstance(manifest.get("sha256"), dict):
        raise BackupDamaged(MSG_MANIFEST_INCOMPLETE)
    return manifest


def extract_checked(path: Path, work: Path) -> tuple[dict, str]:
    """Unpack the backup into ``work``, checking every file; its manifest and secret key."""
    try:
        with zipfile.ZipFile(path) as zf:
            manifest = read_manifest(zf)
            key = zf.read(backups.SECRET).decode("utf-8").strip()
            for arcname, digest in manifest["sha256"].items():
                if arcname.startswith(("/", "..")) or ".." in Path(arcname).parts:
                    raise BackupDamaged(MSG_UNSAFE_NAME, name=arcname)
                target = work / arcname
                target.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(arcname) as src, open(target, "wb") as out:
                    shutil.copyfileobj(src, out, 1 << 20)
                if backups.sha256_of(target) != digest:
                    raise BackupDamaged(MSG_CHECKSUM, name=arcname)
    except (zipfile.BadZipFile, KeyError, EOFError, UnicodeDecodeError) as exc:
        raise BackupDamaged(MSG_NOT_A_ZIP, error=str(exc)) from exc
    except OSError as exc:
        raise BackupError(MSG_UNREADABLE, error=str(exc)) from exc
    if len(key) < 20:
        raise BackupDamaged(MSG_NO_KEY)
    if manifest["database"] == "sqlite":
        _check_sqlite(work / backups.SQLITE_FILE)
    _check_migrations(manifest)
    return manifest, key


def _check_sqlite(path: Path) -> None:
    if not path.is_file():
        raise BackupDamaged(MSG_NO_COPY)
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            result = db.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise BackupDamaged(MSG_COPY_UNREADABLE, error=str(exc)) from exc
    if result != "ok":
        raise BackupDamaged(MSG_COPY_CORRUPT, result=result)


def _check_migrations(manifest: dict) -> None:
    known = {f"{app}.{name}" for app, name in MigrationLoader(None).disk_migrations}
    unknown = sorted(set(manifest.get("migrations", [])) - known)
    if unknown:
        raise BackupError(MSG_NEWER_MIGRATIONS, names=unknown[:3])


def database_is_empty() -> bool:
    """No event and no account here (a fresh install, migrated or not)."""
    try:
        return not (Tournament.objects.exists() or get_user_model().objects.exists())
    except DatabaseError:  # no tables yet
        return True


def restore_backup(path: Path, *, force: bool = False) -> RestoreReport:
    """Restore the backup file ``path`` here (see the module docstring)."""
    if not Path(path).is_file():
        raise BackupError(MSG_NO_FILE, path=str(path))
    here = backups.database_kind()
    with tempfile.TemporaryDirectory(prefix="guandan-restore-") as tmp:
        manifest, key = extract_checked(Path(path), Path(tmp))
        kind = manifest["database"]
        if kind != "archives" and kind != here:
            raise BackupError(MSG_OTHER_KIND, kind=kind, here=here)
        if not database_is_empty() and not force:
            raise BackupError(MSG_NOT_EMPTY)
        report = RestoreReport(kind=kind, made_at=manifest.get("created_at", ""))
        _restore_database(kind, Path(tmp), report, force=force)
    report.env_key_differs = restore_secret_key(key)
    cache.clear()  # pages kept for the data replaced (Redis outlives this process)
    report.events = list(Tournament.objects.order_by("pk").values_list("slug", flat=True))
    report.users = get_user_model().objects.count()
    return report


def _restore_database(kind: str, work: Path, report: RestoreReport, *, force: bool) -> None:
    if kind == "archives":
        report.archives_folder = str(_keep_archives(work / "events"))
        call_command("migrate", interactive=False, verbosity=0)
        return
    if kind == "sqlite":
        report.set_aside += restore_sqlite(work / backups.SQLITE_FILE, keep=not database_is_empty())
    else:
        from tournament.backups.postgres import pg_restore

        if not database_is_empty():
            report.set_aside.append(str(backups.set_aside_backup()))
        connections.close_all()
        pg_restore(work / backups.PG_FILE, connection.settings_dict)
    call_command("migrate", interactive=False, verbosity=0)  # a backup of an older version


def restore_sqlite(copy: Path, *, keep: bool) -> list[str]:
    """Write the checked copy into the configured SQLite file, through the online backup
    API (correct even if a server still has the file open); with ``keep`` the database
    that was there is first copied aside the same way. Returns the set-aside paths."""
    target = Path(connection.settings_dict["NAME"])
    connections.close_all()
    aside = []
    stamp = f"{timezone.localtime():%Y%m%d-%H%M%S}"
    try:
        if keep and target.exists():
            kept = target.with_name(f"{target.name}.before-restore-{stamp}")
            _sqlite_backup(target, kept)
            aside.append(str(kept))
        target.parent.mkdir(parents=True, exist_ok=True)
        _sqlite_backup(copy, target)
    except sqlite3.Error as exc:
        raise BackupError(MSG_WRITE_FAILED, error=str(exc)) from exc
    return aside


def _sqlite_backup(source: Path, target: Path) -> None:
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=20)
    dst = sqlite3.connect(target, timeout=20)
    try:
        src.backup(dst, pages=-1)
    finally:
        dst.close()
        src.close()


def _keep_archives(events: Path) -> Path:
    """Archives-kind backups hold events, not logins: keep the files for import_archive."""
    folder = backups.backup_dir() / f"restored-{timezone.localtime():%Y%m%d-%H%M%S}"
    shutil.copytree(events, folder)
    return folder


def restore_secret_key(key: str) -> bool:
    """Write the backup's key to the data folder's key file (the one there before kept
    aside); True when a SECRET_KEY in the environment differs and will win over it."""
    path = Path(settings.SECRET_KEY_FILE)
    current = path.read_text(encoding="utf-8").strip() if path.exists() else None
    if current != key:
        if current is not None:
            stamp = f"{timezone.localtime():%Y%m%d-%H%M%S}"
            path.rename(path.with_name(f"{path.name}.before-restore-{stamp}"))
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(key)
    return os.environ.get("SECRET_KEY") not in (None, key)
