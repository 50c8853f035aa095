"""Benchmark: find my table searched on the phone (static/js/find.js, issue 48).

Builds the 5,000-pair event of bench/public_load.py (its last round published), serves it
with ``scripts/serve.sh`` (granian), puts the documented nginx in front
(deploy/nginx.conf, as ``bench/public_load.py --nginx`` does) and measures, in one run:

1. the round's index: its size (raw and gzip), the app's CPU to build it and to answer it
   once kept (one statement);
2. every phone fetching the index when the round is published (wrk, one URL over and over,
   ``Accept-Encoding: gzip`` as a phone asks): requests/s through nginx against nginx
   serving a static file of the same bytes (the ceiling, same nginx, same run; target
   ≥ 30 %), with the CPU of the app and of nginx per request;
3. the phone's own search in Chromium (390 px): the time to load and read the index, and
   per name over 1,000 different player names (``performance.now``, typing → answer in the
   page, DOM included).

After (2) a phone answers every further name itself: no request at all.

    .venv/bin/python bench/find_on_phone.py [--pairs 5000] [--rounds 2] [--seconds 10]
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import shutil
import ssl
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402
from bench.public_load import build  # noqa: E402
from bench.rig import Parts  # noqa: E402
from bench.rig_load import wrk  # noqa: E402
from bench.serving import _SERVING, served, server_cpu_seconds  # noqa: E402
from tests.test_nginx_conf import nginx_in_front  # noqa: E402

STATIC_NAME = "find-index.json"
SEARCH = """names => { const box = document.querySelector('#find');
  const start = performance.now(); let found = 0;
  for (const name of names) {
    box.value = name; box.dispatchEvent(new Event('input'));
    found += document.querySelectorAll('#find-results li:not(.not-found)').length > 0;
  }
  return [(performance.now() - start) / names.length, found]; }"""


def get(url: str, gzip_ok: bool):
    headers = {"Accept-Encoding": "gzip"} if gzip_ok else {}
    context = ssl._create_unverified_context()  # the run's own certificate
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, context=context, timeout=60) as answer:
        return answer.read(), answer.headers


def index_size(base: str, page: str) -> str:
    """The index's URL (named by the page); prints its sizes and what the app spends."""
    html = get(base + page, False)[0].decode()
    url = re.search(r'data-find-index="([^"]+)"', html).group(1)
    cpu = server_cpu_seconds(base)
    plain, _ = get(base + url, False)
    built = server_cpu_seconds(base) - cpu
    zipped, headers = get(base + url, True)
    assert headers.get("Content-Encoding") == "gzip", headers
    cpu = server_cpu_seconds(base)
    for _ in range(200):
        get(base + url, True)
    kept = (server_cpu_seconds(base) - cpu) / 200
    print(
        f"index: {len(plain):,} bytes raw, {len(zipped):,} gzip ({len(gzip.decompress(zipped)):,} "
        f"unzipped); app CPU {built * 1000:.0f} ms to build (first ask), "
        f"{kept * 1000:.2f} ms per kept answer; Cache-Control {headers['Cache-Control']!r}"
    )
    return url


def through_nginx(base: str, url: str, clients: int, seconds: int) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="guandan-findphone-"))
    try:
        app_port = int(base.rsplit(":", 1)[1])
        with nginx_in_front(tmp, app_port, "worker_processes auto;\n") as (_, https):
            proxy = f"https://127.0.0.1:{https}"
            body, headers = get(proxy + url, True)
            (tmp / "static" / STATIC_NAME).write_bytes(body)  # the same bytes, as a file
            nginx = int((tmp / "nginx.pid").read_text())
            parts = Parts({"app": [_SERVING[base]], "nginx": [nginx]})
            zipped = {"Accept-Encoding": "gzip"}
            direct = wrk(base, [url], clients, seconds, parts, zipped)
            index = wrk(proxy, [url], clients, seconds, parts, zipped)
            ceiling = wrk(proxy, [f"/static/{STATIC_NAME}"], clients, seconds, parts)
            print(
                f"index through nginx ({len(body):,} bytes gzip, X-Cache {headers.get('X-Cache')}):"
            )
            print(f"  {index}; CPU per request: {index.cpu()}")
            print(f"nginx static ceiling ({len(body):,}-byte file, same nginx, same run):")
            print(f"  {ceiling}; CPU per request: {ceiling.cpu()}")
            print(
                f"index straight from the app (granian, serve.sh; no nginx): {direct}; "
                f"CPU per request: {direct.cpu()}"
            )
            print(
                f"index through nginx / ceiling: {index.rps / ceiling.rps:.0%}; straight / "
                f"ceiling: {direct.rps / ceiling.rps:.0%}   target: >= 30 %"
            )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def phone_search(base: str, page: str, names: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import ARGS, CHROMIUM

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        tab = context.new_page()
        start = time.perf_counter()
        tab.goto(base + page)
        tab.wait_for_selector("form[data-find-ready]", timeout=60000)
        loaded = time.perf_counter() - start
        per_name, found = tab.evaluate(SEARCH, names)
        browser.close()
    print(
        f"phone (Chromium, 390 px): page + index loaded and read in {loaded * 1000:.0f} ms; "
        f"{per_name:.2f} ms per name over {len(names)} different names (typing → answer "
        f"shown), {found} found"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=200)
    args = parser.parse_args(argv)
    setup_django()
    tournament, round_ = build(args.pairs, args.rounds, 0)
    from tournament.models import Player

    names = list(
        Player.objects.filter(pair__tournament=tournament)
        .order_by("?")
        .values_list("name", flat=True)[:1000]
    )
    page = f"/t/{tournament.slug}/pairings/{round_.number}/"
    with served(dict(os.environ)) as base:
        url = index_size(base, page)
        through_nginx(base, url, args.clients, args.seconds)
        phone_search(base, page, names)
    return 0


if __name__ == "__main__":
    sys.exit(main())
