"""Small helpers that read settings from the environment and fail loudly on bad values.

A typo in a production setting must stop the server at start-up, not surface as a
strange behaviour at the prize-giving.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import time
from pathlib import Path

import dj_database_url
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)


class SettingError(RuntimeError):
    """An environment variable holds a value that cannot be used."""


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def envbool(name: str, default: bool) -> bool:
    """Read a boolean; accept 1/0, true/false, yes/no, on/off (any case)."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise SettingError(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no, on/off)")


def envint(name: str, default: int) -> int:
    """Read an integer."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise SettingError(f"{name}={raw!r} is not an integer") from None


def envlist(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list; blanks are dropped."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def networks(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list of addresses or networks (``10.0.0.0/8``); each checked."""
    values = envlist(name, default)
    for value in values:
        try:
            ipaddress.ip_network(value, strict=False)
        except ValueError:
            raise SettingError(f"{name}: {value!r} is not an address or network") from None
    return values


def secret_key(path: Path) -> str:
    """Return SECRET_KEY from the environment, or a development key kept in ``path``.

    The generated key lives in a git-ignored file so sessions survive a restart of the
    laptop server without anyone having to invent a key.
    """
    raw = os.environ.get("SECRET_KEY")
    if raw is not None:
        problem = secret_key_problem(raw)
        if problem:
            raise SettingError(f"SECRET_KEY {problem}")
        return raw
    if path.exists():
        if os.name != "nt" and path.stat().st_mode & 0o077:
            path.chmod(0o600)  # made readable to others by an older version
        return path.read_text(encoding="utf-8").strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    # Readable by this user only (as the restore writes it): the key signs the sessions and
    # the printed QR codes.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process started at the same moment made it
        return _written_key(path)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(key)
    return key


def _written_key(path: Path) -> str:
    """The key another process has just created in ``path``, once it has written it."""
    for _ in range(50):
        key = path.read_text(encoding="utf-8").strip()
        if key:
            return key
        time.sleep(0.02)
    raise SettingError(f"{path} is empty: delete it and start again")


def secret_key_problem(key: str) -> str | None:
    """Why ``key`` is too weak, or None when it is good enough.

    Django's own rule and numbers (security.W009 of ``check --deploy``: 50 characters, 5
    different ones, not the insecure prefix), so a key the app accepts never draws it.
    """
    if len(key) < SECRET_KEY_MIN_LENGTH:
        return f"must be at least {SECRET_KEY_MIN_LENGTH} characters long"
    if len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS:
        return f"must contain at least {SECRET_KEY_MIN_UNIQUE_CHARACTERS} different characters"
    if key.startswith(SECRET_KEY_INSECURE_PREFIX):
        return f"must not start with {SECRET_KEY_INSECURE_PREFIX!r}"
    return None


# Wait for a writer rather than failing at once when two referees save together. WAL lets
# the public pages read while a result is being written (and a commit costs one fsync
# instead of two); synchronous stays FULL, so a committed result survives a power cut.
_SQLITE_OPTIONS = {
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL;",
}
# Each server thread keeps its SQLite connection between requests: opening one (and its
# journal-mode pragma, which takes a lock on the file) was a third of the time of a cached
# public page under load. Autocommit leaves no transaction open between requests.
SQLITE_CONN_MAX_AGE = 600
# PostgreSQL: the values travel apart from the statement (psycopg's server-side binding),
# and a statement a kept connection has run twice is kept prepared by the server, which then
# neither parses nor plans it again. The reads and writes of a save are the same
# statements each time: the database's CPU for a referee's save fell from 13 to 7 ms and
# the app's by 3 (bench/save_cycle.py, docs/benchmarks.md "prepared statements"). Not for a
# pool in transaction mode (PgBouncer), which the deployment here does not use.
_POSTGRES_OPTIONS = {"server_side_binding": True, "prepare_threshold": 2}


def database(url: str | None, default_sqlite: Path) -> dict:
    """Turn DATABASE_URL into a Django DATABASES entry (SQLite file by default)."""
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(default_sqlite),
            "OPTIONS": dict(_SQLITE_OPTIONS),
            "CONN_MAX_AGE": SQLITE_CONN_MAX_AGE,
        }
    if not url.startswith(("sqlite:", "postgres:", "postgresql:", "pgsql:")):
        raise SettingError(f"DATABASE_URL scheme not supported: {url.split(':', 1)[0]!r}")
    try:
        # A kept connection is checked (one ``SELECT 1``) before each request first uses
        # it: after a PostgreSQL restart, or a connection ended by the administrator, the
        # request opens a new one instead of answering 500.
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    except ValueError as exc:
        raise SettingError(f"DATABASE_URL cannot be parsed: {exc}") from None
    if config["ENGINE"].endswith("sqlite3"):
        config["OPTIONS"] = {**_SQLITE_OPTIONS, **config.get("OPTIONS", {})}
        config["CONN_MAX_AGE"] = SQLITE_CONN_MAX_AGE
    else:
        config["OPTIONS"] = {**_POSTGRES_OPTIONS, **config.get("OPTIONS", {})}
    return config


def envmegabytes(name: str, default: float) -> int:
    """Read a size in megabytes (``5`` or ``0.5``); return it in bytes. Must be above zero."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return int(default * 1024 * 1024)
    try:
        value = float(raw)
    except ValueError:
        raise SettingError(f"{name}={raw!r} is not a number of megabytes") from None
    if not 0 < value < 100_000:
        raise SettingError(f"{name}={raw!r} must be a positive number of megabytes")
    return int(value * 1024 * 1024)


def cache_config(redis_url: str, max_entries: int, max_bytes: int) -> dict:
    """Django's CACHES: Redis when ``REDIS_URL`` is set, else memory.

    Per-process memory is correct with several workers because every key carries a stamp
    read from the database (tournament/core/stamps.py); Redis shares the work between them.
    Redis goes through :class:`config.cache.SafeRedisCache`, Django's own backend that
    serves pages without the cache while Redis is down and goes back to it by itself;
    memory through :class:`config.memory_cache.BoundedLocMemCache`, bounded in bytes too.
    """
    if redis_url:
        backend = {"BACKEND": "config.cache.SafeRedisCache", "LOCATION": redis_url}
    else:
        backend = {
            "BACKEND": "config.memory_cache.BoundedLocMemCache",
            "OPTIONS": {"MAX_ENTRIES": max_entries, "MAX_BYTES": max_bytes},
        }
    return {"default": backend}
