"""What the ``guandan`` command does before a command runs (guandan/startup.py):
``--help`` writes nothing, a fresh or outdated data folder is migrated before a command
that reads it, the app's own packages are checked to be this copy's, and the version a
backup records. The installed wheel runs the same in tests/servers/test_package.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import guandan
from guandan import guandan_command, startup
from tests.servers.guandan_run import clean_env

ROOT = Path(__file__).resolve().parents[2]


def run_guandan(*args: str, data: Path, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """``python -m guandan ARGS`` as a user runs it, on the data folder ``data``, from
    ``cwd`` (the clone on the import path as an editable install puts it)."""
    env = {"PYTHONPATH": str(ROOT), **env}
    return subprocess.run(
        [sys.executable, "-m", "guandan", *args],
        env=clean_env(GUANDAN_DATA_DIR=str(data), TESTING_FAST_HASHER="1", **env),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_help_writes_no_data_folder(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("GUANDAN_DATA_DIR", str(tmp_path / "data"))
    assert guandan_command.main(["--help"]) == 0
    assert guandan_command.main(["-V"]) == 0
    with pytest.raises(SystemExit):
        guandan_command.main(["serve", "--help"])
    assert "usage: guandan" in capsys.readouterr().out
    assert not (tmp_path / "data").exists()


@pytest.mark.slow  # migrates a fresh folder through a command
def test_a_fresh_data_folder_is_migrated_before_a_command_that_reads_it(tmp_path):
    """add_organizer, create_tournament and backup on a data folder nothing ran in before
    (they ended in "no such table" tracebacks); a command's --help migrates nothing."""
    data, away = tmp_path / "data", tmp_path / "away"
    away.mkdir()
    shown = run_guandan("create_tournament", "--help", data=data, cwd=away)
    assert shown.returncode == 0 and not (data / "db.sqlite3").exists()
    made = run_guandan("add_organizer", "boss", "--admin", data=data, cwd=away)
    assert made.returncode == 0, made.stderr
    assert "新的数据文件夹，建立数据库" in made.stderr and "Traceback" not in made.stderr
    assert re.search(r" (\d+)/\1\n", made.stderr), made.stderr  # its progress, to the end
    assert "组织者 boss 已可创建赛事" in made.stdout
    event = run_guandan(
        "create_tournament", "t1", "--name", "测试赛", "--organizer", "boss", data=data, cwd=away
    )
    assert event.returncode == 0 and not event.stderr, event.stderr


@pytest.mark.slow  # migrates a fresh folder, back, then forward again
def test_an_outdated_database_is_brought_up_to_date_before_a_command(tmp_path):
    data, away = tmp_path / "data", tmp_path / "away"
    away.mkdir()
    assert run_guandan("migrate", "-v", "0", data=data, cwd=away).returncode == 0
    back = run_guandan("migrate", "tournament", "0023", "-v", "0", data=data, cwd=away)
    assert back.returncode == 0, back.stderr
    done = run_guandan("add_organizer", "boss", data=data, cwd=away)
    assert done.returncode == 0 and "更新数据库结构" in done.stderr, done.stderr


def test_a_package_of_another_project_named_as_the_apps_own_is_refused(tmp_path):
    """PyPI's ``rules`` ahead of the app's on the import path: a clear message, not the
    ImportError of whatever imports it first."""
    other = tmp_path / "other" / "rules"
    other.mkdir(parents=True)
    (other / "__init__.py").write_text("from .predicates import *  # django-rules\n")
    path = os.pathsep.join([str(other.parent), str(ROOT)])
    done = run_guandan("check", data=tmp_path / "data", cwd=tmp_path, PYTHONPATH=path)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"rules: {other}" in done.stderr and "uv tool install" in done.stderr
    assert not (tmp_path / "data").exists()


def test_this_copys_packages_pass_the_check():
    assert startup.foreign_packages() == []


def test_the_version_a_backup_records_is_the_clones_then_the_installed_distributions(
    monkeypatch,
):
    from tournament.backups.create import app_version

    assert app_version() == guandan.__version__
    monkeypatch.setattr("guandan.paths.in_clone", lambda: False)
    monkeypatch.setattr("importlib.metadata.version", lambda name: f"{name} 9.9")
    assert app_version() == "guandan-tournament 9.9"
