"""Where the app finds its files, in a clone of the repository and in an installed copy.

Vocabulary:

- a *clone* is the repository checked out (``manage.py`` beside ``config/``, an editable
  install included); an *installed copy* is the wheel's packages in a ``site-packages``;
- the *resource folder* holds ``templates/``, ``static/``, ``locale/`` and ``fixtures/``: the
  repository's root in a clone, this package's folder in an installed copy (the wheel puts
  them there, see setup.py);
- the *data folder* holds what the app writes: ``db.sqlite3``, ``secret_key``, ``media/``,
  ``backups/`` and ``staticfiles/``. Never inside the installed code, which an upgrade replaces.

No Django import: config/settings.py reads these before Django is set up.
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
SOURCE_ROOT = PACKAGE_DIR.parent
APP_NAME = "guandan"


def in_clone() -> bool:
    """True when running from the repository itself rather than from an installed wheel."""
    return (SOURCE_ROOT / "manage.py").is_file() and (SOURCE_ROOT / "templates").is_dir()


def resource_dir() -> Path:
    """The folder that holds ``templates/``, ``static/``, ``locale/`` and ``fixtures/``."""
    return SOURCE_ROOT if in_clone() else PACKAGE_DIR


def data_dir() -> Path:
    """The data folder: ``GUANDAN_DATA_DIR``, else ``GUANDAN_VAR_DIR`` (its older name, still
    read), else ``var/`` in a clone, else the user's data folder of this system
    (``%LOCALAPPDATA%\\guandan`` on Windows, ``~/Library/Application Support/guandan`` on
    macOS, ``~/.local/share/guandan`` on Linux)."""
    for name in ("GUANDAN_DATA_DIR", "GUANDAN_VAR_DIR"):
        value = os.environ.get(name, "").strip()
        if value:
            return Path(value).expanduser()
    if in_clone():
        return SOURCE_ROOT / "var"
    import platformdirs  # only an installed copy needs it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
