"""Restore a backup (恢复) of :mod:`tournament.backups.create` onto this install.

Checked first, changed after: the whole file is read and checked before anything is
written: the manifest; that it covers every file of the zip by a SHA-256 (format 1, the
first, left out the secret key, still accepted) and that each name is one a backup of its
kind holds; what the files unpack to, from the zip's directory before a byte is written
(each file's size, its compression ratio, the total against the free space), then counted
while unpacking; each file's SHA-256; SQLite's integrity check of the database copy and its
schema against this program's migrations (:mod:`tournament.backups.schema`: no trigger, view,
table or index the app does not make); migrations this program knows; the database kind
configured here. A database that already
holds events or accounts is refused unless ``force``; then it is first set aside (SQLite:
a copy ``db.sqlite3.before-restore-…`` beside it; PostgreSQL: a backup
``guandan-before-restore-….zip`` in the backup folder), never silently overwritten.

The secret key of the backup is written to the data folder's key file (the key there
before is kept as ``secret_key.before-restore-…``): a server that is running must be
restarted to read it, and a SECRET_KEY set in the environment wins over the file (the
report says so when it differs).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
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
from tournament.backups.media import MEDIA_DIR, MEDIA_RE
from tournament.backups.schema import check_schema
from tournament.models import Tournament

KINDS = ("sqlite", "postgresql", "archives")

# What a restore unpacks, bounded before anything is written (a 1 MB zip unpacked 1 GiB).
MiB = 1024 * 1024
MAX_MANIFEST = 16 * MiB
MAX_KEY = 4096
MAX_MEDIA = 64 * MiB  # one uploaded file (a sheet photo is re-encoded to about 0.5 MB)
MAX_FILE = 64 * 1024 * MiB  # a database copy or an event's archive
# A file may unpack to at most this many times its packed size, beyond SMALL_FILE: a
# database copy packs 3 to 30 times; DEFLATE's most is about 1,000 (zeros: a zip bomb).
MAX_RATIO = 200
SMALL_FILE = 16 * MiB
ROOM_LEFT = 64 * MiB  # kept free in the temporary folder
EVENT_RE = re.compile(r"^events/[\w-]+\.json\.gz$")

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
MSG_UNCOVERED = "backup_uncovered"
MSG_MISSING = "backup_missing_member"
MSG_TWICE = "backup_member_twice"
MSG_UNEXPECTED = "backup_unexpected_member"
MSG_TOO_BIG = "backup_member_too_big"
MSG_SIZE_DIFFERS = "backup_size_differs"
MSG_NO_ARCHIVES = "backup_no_archives"
# The other refusals of a restore.
MSG_UNREADABLE = "backup_unreadable"
MSG_NEWER_MIGRATIONS = "backup_newer_migrations"
MSG_NO_FILE = "backup_no_file"
MSG_OTHER_KIND = "backup_other_kind"
MSG_NOT_EMPTY = "backup_not_empty"
MSG_WRITE_FAILED = "backup_write_failed"
MSG_NO_ROOM = "backup_no_room"


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
    media: int = 0  # uploaded files written to MEDIA_ROOT


def read_manifest(zf: zipfile.ZipFile) -> dict:
    """The checked manifest of an open backup file."""
    try:
        if zf.getinfo(backups.MANIFEST).file_size > MAX_MANIFEST:
            raise BackupDamaged(MSG_TOO_BIG, name=backups.MANIFEST)
        manifest = json.loads(zf.read(backups.MANIFEST))
    except (KeyError, ValueError, zipfile.BadZipFile, OSError) as exc:
        raise BackupDamaged(MSG_NO_MANIFEST, error=str(exc)) from exc
    if not isinstance(manifest, dict) or manifest.get("format") != backups.FORMAT:
        raise BackupDamaged(MSG_NOT_A_BACKUP)
    version = manifest.get("version", 0)
    if not isinstance(version, int) or version > backups.VERSION:
        raise BackupDamaged(MSG_NEWER_FORMAT)
    digests, sizes = manifest.get("sha256"), manifest.get("sizes", {})
    migrations = manifest.get("migrations", [])
    if (
        manifest.get("database") not in KINDS
        or not isinstance(digests, dict)
        or not all(isinstance(v, str) for v in digests.values())
        or not isinstance(sizes, dict)
        or not isinstance(migrations, list)
        or not all(isinstance(m, str) for m in migrations)
    ):
        raise BackupDamaged(MSG_MANIFEST_INCOMPLETE)
    return manifest


def _members(zf: zipfile.ZipFile, manifest: dict) -> dict[str, str | None]:
    """The files to unpack (name → SHA-256; None: the secret key of format 1), each checked
    from the zip's directory: covered by the manifest, named as its kind's, not too big."""
    kind, digests = manifest["database"], dict(manifest["sha256"])
    names = [info.filename for info in zf.infolist()]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise BackupDamaged(MSG_TWICE, name=twice[0])
    wanted: dict[str, str | None] = dict(digests)
    if manifest.get("version", 0) < 2 and backups.SECRET not in wanted:
        wanted[backups.SECRET] = None  # format 1 wrote the key outside the checksums
    for name in names:
        if name != backups.MANIFEST and name not in wanted:
            raise BackupDamaged(MSG_UNCOVERED, name=name)
    for name in wanted:
        if not _belongs(name, kind):
            raise BackupDamaged(MSG_UNEXPECTED, name=name)
        if name not in names:
            raise BackupDamaged(MSG_MISSING, name=name)
    if backups.SECRET not in wanted:
        raise BackupDamaged(MSG_NO_KEY)
    database = {"sqlite": backups.SQLITE_FILE, "postgresql": backups.PG_FILE}.get(kind)
    if database is not None and database not in wanted:
        raise BackupDamaged(MSG_NO_COPY)
    if kind == "archives" and not any(EVENT_RE.match(n) for n in wanted):
        raise BackupDamaged(MSG_NO_ARCHIVES)
    sizes = manifest.get("sizes", {})
    for name in wanted:
        info = zf.getinfo(name)
        if name in sizes and sizes[name] != info.file_size:
            raise BackupDamaged(MSG_SIZE_DIFFERS, name=name)
        bound = min(_limit(name), max(SMALL_FILE, MAX_RATIO * info.compress_size))
        if info.file_size > bound:
            raise BackupDamaged(MSG_TOO_BIG, name=name)
    return wanted


def _belongs(name: str, kind: str) -> bool:
    """Whether a backup of ``kind`` holds a file of this name (none outside its folder)."""
    if name == backups.SECRET:
        return True
    if kind == "archives":
        return bool(EVENT_RE.match(name))
    own = backups.SQLITE_FILE if kind == "sqlite" else backups.PG_FILE
    return name == own or bool(MEDIA_RE.match(name))


def _limit(name: str) -> int:
    if name == backups.SECRET:
        return MAX_KEY
    return MAX_MEDIA if name.startswith(MEDIA_DIR) else MAX_FILE


def _unpack(zf: zipfile.ZipFile, name: str, digest: str | None, work: Path) -> None:
    """One file into ``work``, counted as it is written (never more than the zip's directory
    said) and its SHA-256 compared."""
    info = zf.getinfo(name)
    target = work / name
    target.parent.mkdir(parents=True, exist_ok=True)
    sha, written = hashlib.sha256(), 0
    with zf.open(info) as src, open(target, "xb") as out:
        while block := src.read(1 << 20):
            written += len(block)
            if written > info.file_size:
                raise BackupDamaged(MSG_TOO_BIG, name=name)
            sha.update(block)
            out.write(block)
    if digest is not None and sha.hexdigest() != digest:
        raise BackupDamaged(MSG_CHECKSUM, name=name)


def extract_checked(path: Path, work: Path) -> tuple[dict, str]:
    """Unpack the backup into ``work``, checking every file; its manifest and secret key."""
    try:
        with zipfile.ZipFile(path) as zf:
            manifest = read_manifest(zf)
            wanted = _members(zf, manifest)
            need = sum(zf.getinfo(name).file_size for name in wanted)
            free = shutil.disk_usage(work).free - ROOM_LEFT
            if need > free:
                raise BackupError(
                    MSG_NO_ROOM, need=need // MiB + 1, free=max(free, 0) // MiB, folder=str(work)
                )
            for name, digest in wanted.items():
                _unpack(zf, name, digest, work)
        key = (work / backups.SECRET).read_text(encoding="utf-8").strip()
    except (zipfile.BadZipFile, KeyError, EOFError, UnicodeDecodeError) as exc:
        raise BackupDamaged(MSG_NOT_A_ZIP, error=str(exc)) from exc
    except OSError as exc:
        raise BackupError(MSG_UNREADABLE, error=str(exc)) from exc
    if len(key) < 20:
        raise BackupDamaged(MSG_NO_KEY)
    _check_migrations(manifest)
    if manifest["database"] == "sqlite":
        _check_sqlite(work / backups.SQLITE_FILE)
        check_schema(work / backups.SQLITE_FILE)
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
        if kind == "postgresql":
            from tournament.backups.postgres import check_dump

            check_dump(Path(tmp) / backups.PG_FILE)
        if not database_is_empty() and not force:
            raise BackupError(MSG_NOT_EMPTY)
        report = RestoreReport(kind=kind, made_at=manifest.get("created_at", ""))
        _restore_database(kind, Path(tmp), report, force=force)
        report.media = restore_media(Path(tmp) / MEDIA_DIR)
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


def restore_media(folder: Path) -> int:
    """Write the backup's uploaded files (score-sheet photos…) under MEDIA_ROOT; a different
    file already there under the same name is kept aside (``….before-restore-…``)."""
    if not folder.is_dir():
        return 0
    media_root = Path(settings.MEDIA_ROOT)
    stamp = f"{timezone.localtime():%Y%m%d-%H%M%S}"
    count = 0
    try:
        for source in sorted(p for p in folder.rglob("*") if p.is_file()):
            target = media_root / source.relative_to(folder)
            if target.is_file():
                if backups.sha256_of(target) == backups.sha256_of(source):
                    count += 1
                    continue
                target.rename(target.with_name(f"{target.name}.before-restore-{stamp}"))
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            count += 1
    except OSError as exc:
        raise BackupError(MSG_WRITE_FAILED, error=str(exc)) from exc
    return count


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
