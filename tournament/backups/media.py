"""The uploaded files a backup carries (score-sheet photos, certificate backgrounds): every
file the database names in a file field, as ``media/<name>`` in the backup and
``MEDIA_ROOT/<name>`` on disk (photos travel in backups)."""

from __future__ import annotations

import re
import sqlite3
import urllib.parse
from pathlib import Path

from django.core.exceptions import SuspiciousFileOperation
from django.core.files.storage import Storage
from django.db import connection

MEDIA_DIR = "media/"
# The uploaded files' names a backup holds (and a restore accepts): Django's storage names,
# folders and file names of word characters, dots and dashes, none starting with a dot.
MEDIA_RE = re.compile(r"^media/(?:[\w-][\w.-]*/)*[\w-][\w.-]*$")


def file_fields() -> list[tuple[str, str, Storage]]:
    """(table, column, storage) of every file field of the installed models."""
    from django.apps import apps
    from django.db.models import FileField

    return [
        (model._meta.db_table, field.column, field.storage)
        for model in apps.get_models()
        if not model._meta.proxy
        for field in model._meta.concrete_fields
        if isinstance(field, FileField)
    ]


def media_files(sqlite_copy_path: Path | None) -> dict[str, Path]:
    """The uploaded files the database names (``media/<name>`` → file), those still on disk.

    The names are read from the SQLite copy when there is one: the photos of exactly the
    snapshot backed up (a photo is written to disk before its row is committed). A file of a
    storage that is not on this disk (none today) is not backed up.
    """
    found: dict[str, Path] = {}
    for table, column, storage in file_fields():
        for name in _file_names(table, column, sqlite_copy_path):
            try:
                path = Path(storage.path(name))
            except (NotImplementedError, ValueError, SuspiciousFileOperation):
                continue
            # A name a restore would refuse is left out, not the whole backup refused.
            if path.is_file() and MEDIA_RE.match(MEDIA_DIR + name):
                found[MEDIA_DIR + name] = path
    return found


def _file_names(table: str, column: str, sqlite_copy_path: Path | None) -> list[str]:
    if sqlite_copy_path is None:
        with connection.cursor() as cursor:
            q = connection.ops.quote_name
            cursor.execute(f"SELECT {q(column)} FROM {q(table)} WHERE {q(column)} <> ''")
            return sorted({row[0] for row in cursor.fetchall() if row[0]})
    db = sqlite3.connect(f"file:{urllib.parse.quote(str(sqlite_copy_path))}?mode=ro", uri=True)
    try:
        rows = db.execute(f'SELECT "{column}" FROM "{table}" WHERE "{column}" <> \'\'').fetchall()
    except sqlite3.Error:  # a table not made yet (migrations not applied)
        return []
    finally:
        db.close()
    return sorted({row[0] for row in rows if row[0]})
