"""Real app servers for tests: the default server (granian, with guandan/servers.py's own
command line) on free loopback ports, and a small browser-like HTTP client (cookies, CSRF)
built on the standard library."""

from __future__ import annotations

import http.cookiejar
import os
import random
import re
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from guandan.servers import ServeOptions, granian_argv, granian_environment, worker_environment

ROOT = Path(__file__).resolve().parents[2]


def _ephemeral_low() -> int:
    """The first port the system gives outgoing connections (Linux's
    ``ip_local_port_range``; IANA's 49152 elsewhere)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 49152


def free_port() -> int:
    """A free loopback port below the system's ephemeral range. A port the system picked
    (``bind`` to 0) is one it also gives outgoing connections: once the server on it
    stopped, another test's database or HTTP connection could take it as its own end, and
    hold it (and its TIME_WAIT, a minute) while the test started a server on it again."""
    chooser = random.Random()
    for _ in range(200):
        port = chooser.randrange(10000, _ephemeral_low())
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def app_servers(env: dict[str, str], count: int, *, workers: int = 1):
    """Serve the app with ``count`` servers as scripts/serve.sh does; yield their
    base URLs. They start side by side: each takes a second or two to import the app."""
    started = [start_server(env, workers) for _ in range(count)]
    try:
        for proc, base in started:
            wait_until_up(proc, base)
        yield [base for _proc, base in started]
    finally:
        for proc, _base in started:
            proc.terminate()
        for proc, _base in started:
            proc.wait(10)


def start_server(env: dict[str, str | None], workers: int) -> tuple[subprocess.Popen, str]:
    """One server of ``workers`` processes of two threads (the tests' CPU, not a venue's);
    ``env`` is added to this process's environment (None: unset)."""
    port = free_port()
    full = {k: v for k, v in {**os.environ, **env}.items() if v is not None}
    full.update(worker_environment(full))  # as guandan serve hands itself to the server
    options = ServeOptions("127.0.0.1", port, "granian", workers, 2)
    full.update(granian_environment(options))
    proc = subprocess.Popen(
        granian_argv(options),
        cwd=ROOT,
        env=full,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    return proc, f"http://127.0.0.1:{port}"


def wait_until_up(proc: subprocess.Popen, base: str) -> None:
    """Return once the server answers (any HTTP status); fail if it exits or takes 30 s."""
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/", timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
                raise RuntimeError(f"server did not start:\n{out}") from None
            time.sleep(0.1)


class Browser:
    """Cookies and CSRF tokens, like a person's browser on one server."""

    def __init__(
        self, base: str, context: ssl.SSLContext | None = None, timeout: float = 20
    ) -> None:
        """``context``: how an https ``base`` is verified (the default CA store if None);
        ``timeout``: seconds a request may take (a server under valgrind needs minutes)."""
        self.base = base
        self.timeout = timeout
        self.jar = http.cookiejar.CookieJar()
        handlers = [urllib.request.HTTPCookieProcessor(self.jar)]
        if context is not None:
            handlers.append(urllib.request.HTTPSHandler(context=context))
        self.opener = urllib.request.build_opener(*handlers)

    def get(self, path: str) -> tuple[int, str]:
        try:
            with self.opener.open(self.base + path, timeout=self.timeout) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def post(self, path: str, data: dict, *, form_page: str | None = None) -> tuple[int, str]:
        """POST with the CSRF token of ``form_page`` (default: the same path)."""
        _, html = self.get(form_page or path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        return self.post_token(path, token.group(1), data)

    def post_token(self, path: str, token: str, data: dict) -> tuple[int, str]:
        """POST with a CSRF token the caller already read from the form."""
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(
            self.base + path, data=body, headers={"Referer": self.base + path}
        )
        try:
            with self.opener.open(request, timeout=self.timeout) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def login(self, username: str, password: str) -> None:
        status, html = self.post(
            "/accounts/login/", {"username": username, "password": password, "next": "/"}
        )
        assert status == 200 and "用户名或密码不正确" not in html, html[:500]
