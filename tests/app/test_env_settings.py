import os

import pytest

from config.env import SettingError, database, envbool, envint, secret_key


def test_envbool_accepts_the_usual_spellings(monkeypatch):
    for raw, expected in (("1", True), ("YES", True), ("off", False), ("", False)):
        monkeypatch.setenv("X_FLAG", raw)
        assert envbool("X_FLAG", not expected) is expected


def test_envbool_refuses_a_typo(monkeypatch):
    monkeypatch.setenv("X_FLAG", "ture")
    with pytest.raises(SettingError, match="X_FLAG"):
        envbool("X_FLAG", False)


def test_envint_refuses_text(monkeypatch):
    monkeypatch.setenv("X_INT", "ten")
    with pytest.raises(SettingError):
        envint("X_INT", 1)


def test_secret_key_is_generated_once_and_kept(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    path = tmp_path / "secret_key"
    first = secret_key(path)
    assert len(first) >= 50 and secret_key(path) == first


def test_short_secret_key_is_refused(monkeypatch, tmp_path):
    monkeypatch.setenv("SECRET_KEY", "short")
    with pytest.raises(SettingError):
        secret_key(tmp_path / "k")


def test_database_url_postgres_and_default_sqlite(tmp_path):
    pg = database("postgres://u:p@localhost:5432/guandan", tmp_path / "db.sqlite3")
    assert pg["ENGINE"] == "django.db.backends.postgresql" and pg["NAME"] == "guandan"
    lite = database(None, tmp_path / "db.sqlite3")
    assert lite["ENGINE"] == "django.db.backends.sqlite3"


def test_database_url_with_unknown_scheme_is_refused(tmp_path):
    with pytest.raises(SettingError, match="mysql"):
        database("mysql://x/y", tmp_path / "db")


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
def test_the_secret_key_file_is_readable_by_its_owner_only(tmp_path, monkeypatch):
    """Issue 42: it was made world-readable (0644 under the usual umask)."""
    monkeypatch.delenv("SECRET_KEY", raising=False)
    old = os.umask(0o022)
    try:
        path = tmp_path / "secret_key"
        key = secret_key(path)
        assert path.stat().st_mode & 0o777 == 0o600
        path.chmod(0o644)  # made by an older version
        assert secret_key(path) == key and path.stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(old)
