"""The shared cache stops while the public pages are being read.

A real Redis (this test's own, on a free port) and a real app server using it: the public
pages are fetched over and over (the five of them every 50 ms, as a hall of phones would)
while Redis is stopped and started again. Every answer is
200, and once Redis is back the server keeps its pages there again by itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time

import pytest
import redis

from config.cache import PAUSE_SECONDS
from tests.servers.laptop import SETUP, laptop_env, python
from tests.servers.web import Browser, free_port, start_server, wait_until_up

pytestmark = [pytest.mark.slow]
PAGES = ("/", "/t/demo/", "/t/demo/pairings/1/", "/t/demo/standings/", "/t/demo/projector/1/")


@pytest.fixture
def redis_port():
    """A free port for this test's own Redis (started by :func:`start_redis`)."""
    if shutil.which("redis-server") is None:
        if os.environ.get("REQUIRE_REDIS"):
            pytest.fail("redis-server is not installed (REQUIRE_REDIS is set)")
        pytest.skip("needs redis-server")
    return free_port()


def start_redis(port: int, folder) -> subprocess.Popen:
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
        + ["--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            return proc
        except redis.ConnectionError:
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)


def kept_pages(port: int) -> int:
    return len(redis.Redis(port=port).keys("*gd:page*"))


def fetch_until(base: str, stop: threading.Event, answers: list[int]) -> None:
    visitor = Browser(base)
    while not stop.is_set():
        for path in PAGES:
            answers.append(visitor.get(path)[0])
        # A pause between rounds: a steady reader, not a busy loop that keeps both cores (the
        # server's and this one's) full for the whole test.
        stop.wait(0.05)


def test_public_pages_are_served_while_redis_is_down(tmp_path, redis_port):
    python(tmp_path, SETUP)
    cache = start_redis(redis_port, tmp_path)
    server, base = start_server(
        {
            **laptop_env(tmp_path),
            "SECRET_KEY": None,
            "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        },
        1,
    )
    answers: list[int] = []
    stop = threading.Event()
    try:
        wait_until_up(server, base)
        for path in PAGES:
            assert Browser(base).get(path)[0] == 200
        assert kept_pages(redis_port) > 0  # the pages are kept in Redis
        reader = threading.Thread(target=fetch_until, args=(base, stop, answers))
        reader.start()
        time.sleep(1)
        cache.terminate()  # Redis stops while the pages are read
        cache.wait(10)
        time.sleep(PAUSE_SECONDS + 2)
        down = len(answers)
        cache = start_redis(redis_port, tmp_path)  # an empty Redis, as after a restart
        time.sleep(PAUSE_SECONDS + 1.5)
        stop.set()
        reader.join(30)
        assert down > 20 and len(answers) > down
        assert set(answers) == {200}, sorted(set(answers))
        # Back by itself: new answers are kept in the new Redis again (a search this worker
        # has not answered yet: the pages it has, it answers from its own copies).
        for path in PAGES:
            assert Browser(base).get(path + "?again=1")[0] == 200
        assert Browser(base).get("/t/demo/pairings/1/?q=again")[0] == 200
        assert kept_pages(redis_port) > 0
    finally:
        stop.set()
        server.terminate()
        server.wait(10)
        cache.terminate()
        cache.wait(10)
