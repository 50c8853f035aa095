"""Static files collected at the first start and again after each upgrade, never by hand.

The *stamp* of the static files is a digest of every source file's path, size and
modification time (the project's ``static/`` and each installed app's), with the app's
version. ``staticfiles/.collected`` holds the stamp of the last collection: a start whose
stamp differs collects again (a few seconds), one whose stamp matches costs a directory walk.
Collecting clears the folder first; a lock beside it (``staticfiles.lock``) keeps a second
server started at the same time from clearing it while the first fills it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from guandan import __version__
from guandan.locks import held

STAMP_FILE = ".collected"


def source_stamp() -> str:
    """The digest of the static files the finders see now."""
    from django.contrib.staticfiles.finders import get_finders

    digest = hashlib.sha256(__version__.encode())
    for finder in get_finders():
        for relative, storage in finder.list([]):
            stat = Path(storage.path(relative)).stat()
            digest.update(f"{relative}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def collect_if_changed(announce: Callable[[], None] | None = None) -> bool:
    """Collect into STATIC_ROOT when its stamp is not the sources'; True when it collected.
    ``announce`` is called just before it collects (a first start waits a few seconds)."""
    from django.conf import settings
    from django.core.management import call_command

    root = Path(settings.STATIC_ROOT)
    stamp_path = root / STAMP_FILE
    stamp = source_stamp()
    if _collected(stamp_path, stamp):
        return False
    with held(root.with_name(root.name + ".lock")):
        if _collected(stamp_path, stamp):  # another server collected while this one waited
            return False
        if announce is not None:
            announce()
        call_command("collectstatic", interactive=False, clear=True, verbosity=0)
        stamp_path.write_text(stamp, encoding="utf-8")
    return True


def _collected(stamp_path: Path, stamp: str) -> bool:
    return stamp_path.is_file() and stamp_path.read_text(encoding="utf-8").strip() == stamp
