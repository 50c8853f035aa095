"""Slow request bodies do not stall the hall (issue 41): served as a venue serves (granian
with guandan/servers.py's command line, guandan/front.py reading bodies before a thread is
given), 300 connections that send a POST body one byte every 10 s for 60 s leave a
referee's saves answered within a second, and the server cuts such bodies off.

Before the front, 16 such connections held every thread of a laptop's server: no save and
no page was answered while they lasted."""

from __future__ import annotations

import asyncio
import re
import statistics
import threading
import time
import urllib.parse

import pytest

from tests.servers.laptop import SETUP, laptop_env, python
from tests.servers.web import Browser, start_server, wait_until_up

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
        f" slow bodies cut off (408): {attack.cut_off}; fewest under way {min(held)}"
    )
    assert max(saved) < 1 and max(opened) < 1, (saved, opened)
    assert versions == list(range(versions[0], versions[0] + len(versions))), versions
    # The attack was held all along (a body cut off is opened again at once) and cut off
    # after BODY_GRACE_SECONDS.
    assert min(held) >= ATTACKERS * 0.9, held
    assert attack.cut_off >= ATTACKERS, attack.cut_off
