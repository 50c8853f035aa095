"""Referees' phones as Python clients: logging in at once, entering results (bench/rig.py).

A save is what a phone does: load the table's form (its CSRF token and ``version``), post
it, follow the redirect; its time is the post's. The CPU of each part is read before and
after the whole phase: per save it includes the form and the page after the post.
"""

from __future__ import annotations

import random
import re
import statistics
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field

from bench.rig import PASSWORD, Parts, per_request
from tests.servers.web import Browser


def percentiles(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times) or [0.0]
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return (
        f"n={len(times)}, p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms"
    )


@dataclass
class Phase:
    """What one phase of clients measured."""

    times: list[float]
    spent: dict[str, float]
    errors: list[int] = field(default_factory=list)  # the HTTP status of each failed save
    with_page: list[float] | None = None

    def __str__(self) -> str:
        shown = ", ".join(f"{n}× {s}" for s, n in sorted(Counter(self.errors).items()))
        return f"{percentiles(self.times)}, {len(self.errors)} errors" + (
            f" ({shown})" if shown else ""
        )

    def cpu(self) -> str:
        return per_request(self.spent, len(self.times))


def login_at_once(
    base: str, referees: int, password: str = PASSWORD, on_start=lambda: None
) -> tuple[list[Browser], list[float]]:
    """Every referee logs in at the same moment (``ref00``…): their browsers and the seconds
    each login took. ``on_start`` runs once the CSRF cookies are fetched, before any login."""
    browsers = [Browser(base) for _ in range(referees)]
    for b in browsers:
        b.get("/accounts/login/")  # the CSRF cookie, before the clock starts
    barrier, times = threading.Barrier(referees), []

    def one(i: int) -> None:
        barrier.wait()
        start = time.perf_counter()
        browsers[i].login(f"ref{i:02d}", password)
        times.append(time.perf_counter() - start)

    on_start()
    threads = [threading.Thread(target=one, args=(i,)) for i in range(referees)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return browsers, times


def logins(base: str, referees: int, parts: Parts) -> tuple[Phase, list[Browser]]:
    """Every referee logs in at the same moment; the phase's CPU per part, and the browsers."""
    marks: dict[str, object] = {}
    browsers, times = login_at_once(
        base, referees, on_start=lambda: marks.setdefault("before", parts.read())
    )
    return Phase(times, parts.since(marks["before"])), browsers


class KeepRedirect(urllib.request.HTTPRedirectHandler):
    """Hand a redirect back to the caller, so that the save is timed on its own."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def save_once(browser: Browser, path: str) -> tuple[int, float, float]:
    """One table's result (A+ against 7): the post's status, its seconds, and with the page."""
    _, html = browser.get(path)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    version = re.search(r'name="version"\s+value="(\d+)"', html).group(1)
    data = {"ew_level": "A+", "ns_level": "7", "forfeit": "", "ew_fouls": 0, "ns_fouls": 0}
    body = urllib.parse.urlencode({**data, "version": version, "csrfmiddlewaretoken": token})
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(browser.jar), KeepRedirect
    )
    request = urllib.request.Request(
        browser.base + path, data=body.encode(), headers={"Referer": browser.base + path}
    )
    start = time.perf_counter()
    location = ""
    try:
        with opener.open(request, timeout=30) as r:
            status = r.status
            r.read()
    except urllib.error.HTTPError as e:
        status, location = e.code, e.headers.get("Location", "")
        e.read()
    saved = time.perf_counter()
    if location:
        browser.get(location if location.startswith("/") else urllib.parse.urlsplit(location).path)
    return status, saved - start, time.perf_counter() - start


def saves(
    browsers: list[Browser],
    slug: str,
    number: int,
    tables: list[int],
    seconds: float,
    pause: float,
    parts: Parts,
) -> Phase:
    """Each referee enters results at its own tables (taken from ``tables``, which loses
    the ones saved) until time is up, ``pause`` seconds on average between two tables
    (uniform in [pause/2, 3·pause/2], seeded; the first after a random part of one)."""
    times, with_page, errors, used = [], [], [], []
    stop = time.monotonic() + seconds
    mine = [tables[i :: len(browsers)] for i in range(len(browsers))]

    def one(i: int) -> None:
        rng = random.Random(i)
        if pause:
            time.sleep(rng.uniform(0, pause))
        for table in mine[i]:
            if time.monotonic() > stop:
                return
            path = f"/t/{slug}/rounds/{number}/table/{table}/"
            status, save, total = save_once(browsers[i], path)
            times.append(save)
            with_page.append(total)
            used.append(table)
            if status != 302:
                errors.append(status)
            if pause:
                time.sleep(rng.uniform(pause / 2, pause * 1.5))

    before = parts.read()
    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(browsers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    spent = parts.since(before)
    for table in used:
        tables.remove(table)
    return Phase(times, spent, errors, with_page)
