"""The wheel, installed as an organizer installs it, serves the demo on each Python from 3.11
on that the machine has (3.11 and 3.13 here; 3.14 and 3.15 where there is one), and installs
from wheels alone on 3.14 and 3.15 on each system (resolved without an interpreter).

The wheel is built once (``uv build --wheel``, as ``pip install .`` builds it); each Python
gets a fresh virtual environment with the locked runtime (requirements/runtime.txt, from the
machine's uv cache) and the wheel. There, outside the clone: ``guandan demo`` with the
server it picks itself (guandan/servers.py's DEFAULT_SERVER), every POSIX-only module refused
as on Windows (the path gunicorn's ``fcntl`` cannot take), then ``guandan serve --server
gunicorn`` on the same data folder. The data stays in GUANDAN_DATA_DIR, or the user's data
folder when unset, never in the installed code.
"""

from __future__ import annotations

import email.message
import email.parser
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from guandan.servers import DEFAULT_SERVER
from tests.servers.guandan_run import (
    check_demo_pages,
    clean_env,
    guandan,
    printed_password,
    refuse_posix_modules,
)
from tests.servers.web import ROOT, Browser

pytestmark = [pytest.mark.slow]
UV = Path(sys.executable).with_name("uv")


def python(version: str) -> str | None:
    """An interpreter of ``version``: this one, Debian's, or pyenv's."""
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return sys.executable
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    found = sorted(glob.glob(f"{pyenv}/versions/{version}.*/bin/python{version}"))
    return (shutil.which(f"/usr/bin/python{version}") or (found[-1] if found else None)) or None


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the sources: a build writes build/ and *.egg-info
    beside them, and two test workers may build at once."""
    work = tmp_path_factory.mktemp("build")
    skip = shutil.ignore_patterns(".*", "__pycache__", "var", "tests", "bench", "build", "dist")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=skip)
    out = work / "dist"
    subprocess.run(
        [str(UV), "build", "--wheel", "--quiet", "-o", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (found,) = out.glob("guandan_tournament-*.whl")
    return found


def venv_with(wheel: Path, interpreter: str, where: Path) -> Path:
    """A fresh virtual environment holding the locked runtime and the wheel; its bin folder."""
    uv = [str(UV), "--quiet"]
    subprocess.run([*uv, "venv", "--python", interpreter, str(where)], check=True)
    target = ["--python", str(where / "bin" / "python")]
    runtime = ROOT / "requirements" / "runtime.txt"
    subprocess.run([*uv, "pip", "install", *target, "-r", str(runtime)], check=True)
    subprocess.run([*uv, "pip", "install", *target, "--no-deps", str(wheel)], check=True)
    subprocess.run([*uv, "pip", "check", *target], check=True)  # the wheel's own requirements
    return where / "bin"


@pytest.mark.parametrize("version", ["3.11", "3.13", "3.14", "3.15"])
def test_the_installed_wheel_serves_the_demo_with_both_servers(wheel, version, tmp_path):
    interpreter = python(version)
    if interpreter is None:
        pytest.skip(f"no Python {version} on this machine")
    bin_dir = venv_with(wheel, interpreter, tmp_path / "venv")
    data = tmp_path / "data"
    env = clean_env(GUANDAN_DATA_DIR=str(data), PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    away = tmp_path / "elsewhere"  # not the clone: nothing may come from the repository
    away.mkdir()
    small = ["--workers", "1", "--threads", "2"]  # the test's CPU, not a venue's
    demo = ["guandan", "demo", *small]
    windows = {**env, **refuse_posix_modules(tmp_path / "refuse")}
    with guandan(demo, windows, away) as (base, lines):
        check_demo_pages(base, printed_password(lines, "organizer"))
    assert f"server: {DEFAULT_SERVER}" in "".join(lines)
    assert (data / "staticfiles" / ".collected").is_file()
    with guandan(["guandan", "serve", "--server", "gunicorn", *small], env, away) as (base, _):
        check_demo_pages(base)
    assert (data / "db.sqlite3").is_file() and (data / "secret_key").is_file()
    site = next((tmp_path / "venv").glob("lib/python*/site-packages"))
    assert (site / "guandan" / "templates").is_dir() and not (site / "templates").exists()
    assert not list(site.rglob("db.sqlite3")), "data written into the installed code"
    assert not (site / "tests").exists() and not (site / "bench").exists()
    # Without GUANDAN_DATA_DIR: the user's data folder (platformdirs; XDG_DATA_HOME on Linux).
    users = clean_env(XDG_DATA_HOME=str(tmp_path / "share"))
    where = "from guandan.paths import data_dir; print(data_dir())"
    shown = subprocess.run(
        [str(bin_dir / "python"), "-c", where],
        env=users,
        cwd=away,
        text=True,
        capture_output=True,
        check=True,
    ).stdout.strip()
    assert shown == str(tmp_path / "share" / "guandan")


# The Pythons newer than this machine has: the wheel admits them, and every dependency, on
# every system, resolves to a wheel built for them (uv resolves for a version and a platform
# without an interpreter), so that nothing is compiled on a venue laptop. uv ignores an upper
# bound of Requires-Python, hence its own check. django-ranged-response (django-simple-
# captcha's) is published as source only: pure Python, it builds on any version.
NEWER = ["3.14", "3.15"]
PLATFORMS = [
    "x86_64-manylinux_2_28",
    "x86_64-pc-windows-msvc",
    "aarch64-apple-darwin",
    "x86_64-apple-darwin",
]
SOURCE_ONLY = ["django-ranged-response"]


def wheel_metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return email.parser.Parser().parsestr(archive.read(name).decode("utf-8"))


@pytest.mark.parametrize("version", NEWER)
def test_the_wheel_installs_from_wheels_alone_on_newer_pythons(wheel, version, tmp_path):
    assert Version(f"{version}.0") in SpecifierSet(wheel_metadata(wheel)["Requires-Python"])
    wanted = tmp_path / "wheel.in"
    wanted.write_text(f"guandan-tournament[server] @ {wheel.as_uri()}\n", encoding="utf-8")
    source_only = [option for name in SOURCE_ONLY for option in ("--no-binary", name)]
    for platform in PLATFORMS:
        resolved = tmp_path / f"{platform}.txt"
        result = subprocess.run(
            [str(UV), "pip", "compile", "--quiet", "--python-version", version]
            + ["--python-platform", platform, "--only-binary", ":all:", *source_only]
            + [str(wanted), "-o", str(resolved)],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, f"{platform}: {result.stderr}"
        django = re.search(r"^django==(\S+)", resolved.read_text(), re.MULTILINE).group(1)
        assert Version(django) >= Version("5.2.20"), platform


RECOVERY = ROOT / "docs" / "if-the-laptop-fails.md"
FENCE = re.compile(r"^ *```\n(.*?)^ *```", re.M | re.S)


def documented_commands(page: Path) -> list[list[str]]:
    """The installed copy's commands of ``page``: each line of its fenced code blocks that
    starts with ``guandan``, split as a shell splits it (the clone's commands are in
    indented blocks), once each."""
    found: list[list[str]] = []
    for block in FENCE.findall(page.read_text(encoding="utf-8")):
        for line in block.splitlines():
            words = line.strip().split()
            if words[:1] == ["guandan"] and words not in found:
                found.append(words)
    return found


def test_the_recovery_steps_of_the_docs_run_on_the_installed_wheel(wheel, tmp_path):
    """Issue 42: every command docs/if-the-laptop-fails.md gives the installed copy, run on
    the wheel as written (the placeholders, a username and the backup file's path, filled
    in): laptop A, a fresh data folder, makes its administrator and a backup; laptop B, a
    fresh one, restores it and serves it, and the administrator downloads a backup there.
    On the way, a fresh folder's commands (add_organizer, create_tournament, import_archive)
    migrate it instead of ending in "no such table", ``--help`` writes no data folder, and
    a ``rules`` of another project written over the app's is named, not imported."""
    commands = documented_commands(RECOVERY)
    verbs = sorted({" ".join(words[:2]) for words in commands})
    assert verbs == [
        "guandan add_organizer",
        "guandan backup",
        "guandan restore",
        "guandan serve",
    ], commands
    bin_dir = venv_with(wheel, sys.executable, tmp_path / "venv")
    away = tmp_path / "elsewhere"
    away.mkdir()
    path = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"

    def laptop(name: str) -> dict[str, str]:
        return clean_env(GUANDAN_DATA_DIR=str(tmp_path / name), PATH=path, TESTING_FAST_HASHER="1")

    def run(words: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
        done = subprocess.run(words, env=env, cwd=away, capture_output=True, text=True)
        assert "Traceback" not in done.stderr + done.stdout, done.stderr
        return done

    a, b = laptop("a"), laptop("b")
    assert run(["guandan", "--help"], a).returncode == 0 and not (tmp_path / "a").exists()
    passwords = {}
    for words in commands:  # laptop A: the steps before the event, in the page's order
        if words[1] == "add_organizer":
            made = run([*words[:2], "boss", *words[3:]], a)
            assert made.returncode == 0 and "boss 是本站管理员" in made.stdout, made.stderr
            found = re.search(r"用户名 boss  密码 ([^\s（]+)", made.stdout)
            passwords.setdefault("boss", found and found.group(1))
        elif words[1] == "backup":
            assert run(["guandan", "load_demo"], a).returncode == 0
            backed = run(words, a)
            assert backed.returncode == 0, backed.stderr
    assert "新的数据文件夹" in run(["guandan", "add_organizer", "x"], laptop("fresh")).stderr
    (backup,) = (tmp_path / "a" / "backups").glob("guandan-backup-*.zip")
    assert str(backup) in backed.stdout  # `guandan backup` says where the file is
    with zipfile.ZipFile(backup) as z:
        assert json.loads(z.read("manifest.json"))["app_version"] == "0.1.0"
    assert (tmp_path / "a" / "secret_key").stat().st_mode & 0o777 == 0o600
    for words in commands:  # laptop B: the five steps
        if words[1] == "restore":
            done = run([*words[:2], str(backup), *words[3:]], b)
            assert done.returncode == 0, done.stderr
            assert "guandan serve --host 0.0.0.0" in done.stdout and "scripts/" not in done.stdout
        elif words[1] == "serve":
            small = ["--workers", "1", "--threads", "2"]
            with guandan([*words, *small], b, away) as (base, _):
                check_demo_pages(base)
                browser = Browser(base)
                browser.login("boss", passwords["boss"])
                status, page = browser.post("/t/demo/backups/", {})  # 立即备份
                assert status == 200 and "已备份" in page, page[:300]
                name = re.search(r'href="/t/demo/backups/(guandan-backup-[^"]+\.zip)"', page)
                assert name, page
                # The page's own recovery steps, in the installed copy's commands (it has
                # no docs/ folder to point to).
                assert f"guandan restore {name.group(1)}" in page and "docs/" not in page
                with browser.opener.open(f"{base}/t/demo/backups/{name.group(1)}") as got:
                    assert got.status == 200 and got.read(2) == b"PK"
    assert (tmp_path / "b" / "secret_key").read_text() == (
        tmp_path / "a" / "secret_key"
    ).read_text()
    # The other commands of a fresh copy: an archive of laptop A's event imported, an event
    # made, each on a data folder nothing ran in before.
    archive = tmp_path / "demo.json.gz"
    assert run(["guandan", "export", "demo", "archive", "-o", str(archive)], a).returncode == 0
    imported = run(["guandan", "import_archive", str(archive)], laptop("c"))
    assert imported.returncode == 0 and "新的数据文件夹" in imported.stderr, imported.stderr
    made = run(["guandan", "create_tournament", "e1", "--name", "测试"], laptop("d"))
    assert "新的数据文件夹" in made.stderr and "--organizer" in made.stderr, made.stderr
    # PyPI's `rules` installed into the same Python writes its files over the app's.
    site = next((tmp_path / "venv").glob("lib/python*/site-packages"))
    (site / "rules" / "__init__.py").write_text("from .predicates import *  # django-rules\n")
    shared = run(["guandan", "check"], laptop("e"))
    assert shared.returncode == 1 and "rules:" in shared.stderr and "(replaced)" in shared.stderr
    assert "uv tool install" in shared.stderr and not (tmp_path / "e").exists()
