"""Slow request bodies do not stall the hall: served as a venue serves (granian
with guandan/servers.py's command line, guandan/front.py reading bodies before a thread is
given), 300 connections that send a POST body one byte every 10 s for 60 s leave a
referee's saves answered within a second, and the server cuts such bodies off.

Before the front, 16 such connections held every thread of a laptop's server: no save and
no page was answered while they lasted."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from guandan.servers import ServeOptions, granian_argv, granian_environment
from tests.servers.laptop import SETUP, laptop_env, python
from tests.servers.web import ROOT, Browser, free_port, start_server, wait_until_up

ATTACKERS = 300
ATTACK_SECONDS = 60
BYTE_EVERY = 10  # seconds between two bytes of a slow body


class SlowBodies(threading.Thread):
    """``count`` connections, each a POST of 1,000 bytes sent one byte every
    :data:`BYTE_EVERY` seconds; a connection the server ends is opened again at once, as an
    attacker would. ``open`` counts those under way, ``cut_off`` the 408s received."""

    def __init__(self, host: str, port: int, count: int):
        super().__init__(daemon=True)
        self.host, self.port, self.count = host, port, count
        self.open = 0
        self.cut_off = 0
        self.stopping = False
        self.loop = asyncio.new_event_loop()

    def run(self) -> None:
        self.loop.run_until_complete(self._all())

    async def _all(self) -> None:
        await asyncio.gather(*(self._one() for _ in range(self.count)))

    async def _one(self) -> None:
        head = (
            "POST /accounts/login/ HTTP/1.1\r\n"
            f"Host: {self.host}:{self.port}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            "Content-Length: 1000\r\n\r\n"
        ).encode()
        while not self.stopping:
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port)
            except OSError:
                await asyncio.sleep(0.5)
                continue
            self.open += 1
            try:
                writer.write(head + b"u")
                while not self.stopping:
                    await writer.drain()
                    try:
                        answer = await asyncio.wait_for(reader.read(64), BYTE_EVERY)
                    except TimeoutError:
                        writer.write(b"u")
                        continue
                    if answer.startswith(b"HTTP/1.1 408"):
                        self.cut_off += 1
                    break
            except OSError:
                pass
            finally:
                self.open -= 1
                writer.close()

    def stop(self) -> None:
        self.stopping = True
        self.join(BYTE_EVERY + 5)


def save(referee: Browser, n: int) -> tuple[float, float, int]:
    """Open table 1's form and save a result on it; the seconds of each and the version the
    table had (each save adds one)."""
    path = "/t/demo/rounds/1/table/1/"
    started = time.monotonic()
    status, html = referee.get(path)
    opened = time.monotonic() - started
    assert status == 200, html[:300]
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    levels = ("A+", "5") if n % 2 else ("A+", "7")
    data = {
        "ew_level": levels[0],
        "ns_level": levels[1],
        "forfeit": "",
        "ew_fouls": 0,
        "ns_fouls": 0,
        "version": version,
        "action": "enter",
    }
    started = time.monotonic()
    status, html = referee.post_token(path, token, data)
    saved = time.monotonic() - started
    assert status == 200, html[:300]
    return opened, saved, int(version)


def raise_open_files(least: int) -> None:
    """The attack's sockets and the server's need more than a shell's usual 1,024."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < least:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(least, hard), hard))


@pytest.mark.slow
def test_300_slow_bodies_for_60_s_leave_saves_answered_within_a_second(tmp_path):
    raise_open_files(4096)
    var = tmp_path / "laptop"
    python(var, SETUP)
    proc, base = start_server({**laptop_env(var), "SECRET_KEY": None}, 2)
    attack = None
    try:
        wait_until_up(proc, base)
        referee = Browser(base)
        referee.login("organizer", "pw-organizer")
        save(referee, 0)  # the first of each thread opens its database connection
        url = urllib.parse.urlsplit(base)
        attack = SlowBodies(url.hostname, url.port, ATTACKERS)
        attack.start()
        deadline = time.monotonic() + 20
        while attack.open < ATTACKERS and time.monotonic() < deadline:
            time.sleep(0.1)
        assert attack.open == ATTACKERS, attack.open
        opened, saved, held, versions = [], [], [], []
        end = time.monotonic() + ATTACK_SECONDS
        n = 1
        while time.monotonic() < end:
            page, answer, version = save(referee, n)
            opened.append(page)
            saved.append(answer)
            versions.append(version)
            held.append(attack.open)
            n += 1
            time.sleep(0.5)
    finally:
        if attack is not None:
            attack.stop()
        proc.terminate()
        proc.wait(30)
    cuts = statistics.quantiles(saved, n=20)
    print(
        f"\n{len(saved)} saves under {ATTACKERS} slow bodies: p50 {statistics.median(saved):.3f} s,"
        f" p95 {cuts[18]:.3f} s, max {max(saved):.3f} s; form pages max {max(opened):.3f} s;"
        f" slow bodies cut off (408): {attack.cut_off}; under way: fewest {min(held)},"
        f" median {statistics.median(held)}"
    )
    assert max(saved) < 1 and max(opened) < 1, (saved, opened)
    assert versions == list(range(versions[0], versions[0] + len(versions))), versions
    # The attack was held all along (a body cut off is opened again at once) and cut off
    # after BODY_GRACE_SECONDS. All 300 bodies started together, so they are cut off together:
    # a save that falls in that moment sees many of them being opened again (one CI run saw 62
    # under way). Such moments are few; nine in ten saves ran under nearly the whole attack.
    short = [count for count in held if count < ATTACKERS * 0.95]
    assert statistics.median(held) >= ATTACKERS * 0.95 and len(short) <= len(held) // 10, held
    assert attack.cut_off >= ATTACKERS, attack.cut_off


ECHO = """
def application(environ, start_response):
    body = environ["wsgi.input"].read()
    size = int(environ.get("QUERY_STRING") or 0)
    start_response("200 OK", [("Content-Type", "text/plain")])
    if size:  # a long answer, in pieces as a file is sent
        return (bytes([65 + n % 26]) * 65536 for n in range(size // 65536))
    return [f"{len(body)} {environ.get('CONTENT_LENGTH')} {environ['REMOTE_ADDR']}".encode()]
"""


@contextlib.contextmanager
def echo_server(tmp_path, **env: str):
    """granian, as guandan serve runs it, around an application that says what body it got
    (settings from ``env``); its (host, port) and process."""
    (tmp_path / "echo.py").write_text(ECHO, encoding="utf-8")
    port = free_port()
    options = ServeOptions("127.0.0.1", port, "granian", 1, 2)
    env = {
        **os.environ,
        "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}",
        **granian_environment(options, "echo:application"),
        **env,
    }
    proc = subprocess.Popen(
        granian_argv(options), cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        wait_until_up(proc, f"http://127.0.0.1:{port}")
        yield ("127.0.0.1", port), proc
    finally:
        proc.terminate()
        proc.wait(30)


@pytest.fixture
def echo(tmp_path):
    """The echo server's (host, port)."""
    with echo_server(tmp_path) as (address, _):
        yield address


def exchange(address: tuple[str, int], request: bytes) -> bytes:
    with socket.create_connection(address, timeout=20) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(1 << 20):
            answer += chunk
        return answer


def test_a_chunked_body_reaches_the_app_whole_with_its_length(echo):
    request = (
        b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        b"5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
    )
    assert exchange(echo, request).endswith(b"\r\n\r\n11 11 127.0.0.1")


def test_a_body_longer_than_any_upload_allowed_is_refused_before_it_is_read(echo):
    started = time.monotonic()
    answer = exchange(echo, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 9000000000\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 413"), answer[:100]
    assert time.monotonic() - started < 5


def test_a_long_answer_arrives_whole(echo):
    with urllib.request.urlopen(f"http://{echo[0]}:{echo[1]}/?{3 * 1024 * 1024}") as r:
        body = r.read()
    assert len(body) == 3 * 1024 * 1024
    assert body[:1] == b"A" and body[-1:] == bytes([65 + 47 % 26])


UPLOAD_PAGE = "/t/demo/teams/import/"  # a view that takes a file (tournament.spreadsheets.uploads)
MB = 1024 * 1024


def post_head(path: str, length: int) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
    ).encode()


def first_answer(sock: socket.socket) -> bytes:
    """What the server answered on ``sock`` (within 10 s), b"" if nothing."""
    sock.settimeout(10)
    try:
        return sock.recv(4096)
    except TimeoutError:
        return b""


def test_only_the_upload_pages_take_a_body_over_1_mb(echo):
    started = time.monotonic()
    with socket.create_connection(echo, timeout=20) as s:
        s.sendall(post_head("/t/demo/signup/", 2 * MB))  # anyone, on an open sign-up
        assert first_answer(s).startswith(b"HTTP/1.1 413")  # before a byte of it
    assert time.monotonic() - started < 5
    answer = exchange(echo, post_head(UPLOAD_PAGE, 3 * MB) + b"x" * (3 * MB))
    assert answer.endswith(f"\r\n\r\n{3 * MB} {3 * MB} 127.0.0.1".encode()), answer[-200:]
    big = exchange(echo, post_head(UPLOAD_PAGE, 7 * MB))  # over UPLOAD_MAX_MB (5) + 1
    assert big.startswith(b"HTTP/1.1 413")


def test_a_chunked_body_is_cut_off_at_the_path_s_limit(echo):
    head = b"POST /t/demo/signup/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    piece = b"%x\r\n" % (256 * 1024) + b"x" * (256 * 1024) + b"\r\n"
    with socket.create_connection(echo, timeout=20) as s:
        s.sendall(head)
        answer = b""
        with contextlib.suppress(OSError):
            for _ in range(8):  # 2 MB
                s.sendall(piece)
        answer = first_answer(s)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:100]


def test_uploads_past_the_shared_buffer_are_answered_503_and_saves_still_pass(tmp_path):
    with echo_server(tmp_path, BODY_BUFFER_MB="10") as (address, _):
        held = []
        try:
            for _ in range(2):  # 2 × (5 MB - 64 KB) of the 10 MB
                s = socket.create_connection(address, timeout=20)
                s.sendall(post_head(UPLOAD_PAGE, 5 * MB) + b"x" * 1000)
                held.append(s)
            with socket.create_connection(address, timeout=20) as s:
                s.sendall(post_head(UPLOAD_PAGE, 5 * MB))
                answer = first_answer(s)
            assert answer.startswith(b"HTTP/1.1 503"), answer[:100]
            assert b"\r\nretry-after: " in answer.lower()
            # A save (a small body) is always let in.
            assert exchange(address, post_head("/", 2000) + b"u" * 2000).endswith(
                b"2000 2000 127.0.0.1"
            )
        finally:
            for s in held:
                s.close()
        time.sleep(1)  # the held bodies end; their share is given back
        answer = exchange(address, post_head(UPLOAD_PAGE, 5 * MB) + b"x" * (5 * MB))
        assert answer.endswith(f"{5 * MB} {5 * MB} 127.0.0.1".encode()), answer[-200:]


def test_no_body_takes_more_than_a_few_minutes():
    from guandan.front import BODY_GRACE_SECONDS, body_budget

    assert body_budget(1000) == pytest.approx(BODY_GRACE_SECONDS + 1000 / 8192)
    assert body_budget(200 * MB) <= 300  # was 30 s + 200 MB at 8 KB/s: 6.8 hours


def rss(pid: int) -> int:
    """A process's resident memory, in bytes (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def worker_of(proc: subprocess.Popen) -> int:
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text("ascii").split()
    assert len(children) == 1, children
    return int(children[0])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_bodies_waiting_hold_little_memory_and_give_it_back(tmp_path):
    """40 bodies of 900 KB, all but their last byte sent, held: on disk, not in memory (the
    worker grew 66 MB before, and kept 23 MB of it after they ended)."""
    with echo_server(tmp_path) as (address, proc):
        worker = worker_of(proc)
        exchange(address, post_head("/", 10) + b"u" * 10)
        before = rss(worker)
        held = []
        try:
            for _ in range(40):
                s = socket.create_connection(address, timeout=20)
                s.sendall(post_head("/", 900 * 1024) + b"x" * (900 * 1024 - 1))
                held.append(s)
            time.sleep(2)
            during = rss(worker)
        finally:
            for s in held:
                s.close()
        time.sleep(2)
        after = rss(worker)
    print(
        f"\nworker memory: {before / MB:.0f} MB, {during / MB:.0f} MB with 40 bodies of 900 KB "
        f"waiting, {after / MB:.0f} MB after"
    )
    assert during - before < 20 * MB and after - before < 15 * MB
