"""Run the ``guandan`` command as an organizer does and read what it prints (the logins, the
address), for tests/servers/test_package.py and test_windows_server.py."""

from __future__ import annotations

import os
import re
import signal
import ssl
import subprocess
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from tests.servers.web import Browser, free_port

READY = "服务器 / server:"  # the last line guandan prints before it serves
# Modules Windows does not have. refuse_posix_modules() makes ``import`` of each fail in
# every process of a run: a ``sitecustomize`` module on PYTHONPATH, so that it holds in the
# processes a server starts too (granian's workers are processes of their own).
POSIX_ONLY = ("fcntl", "termios", "resource", "grp", "pwd")


def refuse_posix_modules(folder: Path) -> dict[str, str]:
    """Environment variables under which Python refuses :data:`POSIX_ONLY`, as Windows does."""
    code = f"import sys\nfor name in {POSIX_ONLY!r}:\n    sys.modules[name] = None\n"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(code, encoding="utf-8")
    return {"PYTHONPATH": str(folder)}


@contextmanager
def guandan(
    command: list[str],
    env: dict[str, str],
    cwd: Path,
    timeout: float = 90,
    stop: signal.Signals = signal.SIGTERM,
):
    """Start ``command`` (ending in ``demo`` or ``serve`` and their options) on a free port;
    yield ``(base_url, printed_lines)`` once it answers. Stopped by ``stop`` (and waited
    for) after."""
    with started(command, env, cwd, free_port(), timeout, stop) as (_proc, base, lines):
        yield base, lines


@contextmanager
def started(
    command: list[str],
    env: dict[str, str],
    cwd: Path,
    port: int,
    timeout: float = 90,
    stop: signal.Signals = signal.SIGTERM,
    context: Callable[[], ssl.SSLContext] | None = None,
):
    """:func:`guandan` on a given ``port``, yielding ``(process, base_url, printed_lines)``:
    for the tests that kill the process or start a second one on the same port. With
    ``context`` the server is asked over https (``--https``), verified by the context it
    makes (which may fail until the server has made its certificate authority)."""
    proc = subprocess.Popen(
        [*command, "--port", str(port)],
        cwd=cwd,
        env={**env, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()
    base = f"{'https' if context else 'http'}://127.0.0.1:{port}"
    try:
        _wait_until_serving(proc, base, lines, timeout, context)
        yield proc, base, lines
    finally:
        proc.send_signal(stop)  # nothing when it has ended already
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
        reader.join(5)


def _wait_until_serving(
    proc,
    base: str,
    lines: list[str],
    timeout: float,
    context: Callable[[], ssl.SSLContext] | None = None,
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            time.sleep(0.2)  # the reader's last lines
            raise AssertionError(f"guandan exited {proc.returncode}:\n{''.join(lines)}")
        if any(READY in line for line in lines):
            try:
                Browser(base, context() if context else None).get("/")
                return
            except OSError:
                pass
        time.sleep(0.2)
    raise AssertionError(f"guandan did not serve within {timeout} s:\n{''.join(lines)}")


def printed_password(lines: list[str], username: str) -> str:
    """The password load_demo printed for ``username`` (only on the run that made it)."""
    found = re.search(rf"用户名 {username}  密码 (\S+)", "".join(lines))
    assert found, "".join(lines)
    return found.group(1)


def check_demo_pages(base: str, password: str | None = None) -> None:
    """The demo's public page, a static file and the login page answer; with ``password``,
    the organizer logs in and opens the demo's control page."""
    browser = Browser(base)
    status, html = browser.get("/t/demo/")
    assert status == 200 and "2026年江淮掼蛋邀请赛（演示）" in html, html[:300]
    status, css = browser.get("/static/css/app.css")
    assert status == 200 and "{" in css
    if password is not None:
        browser.login("organizer", password)
        status, html = browser.get("/")
        assert status == 200 and "organizer" in html, html[:300]


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without the test suite's settings (a user's shell), plus ``extra``."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_", "PYTEST", "GUANDAN_", "TEST_"))
        and key not in ("SECRET_KEY", "ALLOWED_HOSTS", "REDIS_URL", "VIRTUAL_ENV")
    }
    return {**env, **extra}
