"""Find my table through the documented nginx (deploy/nginx.conf, its microcache) against
nginx's own ceiling: the same answer served as a static file by the same nginx, same run.

Used by ``bench/public_load.py --nginx`` (target: ≥ 30 % of the ceiling). nginx
runs as tests/test_nginx_conf.py runs it (TLS with a throw-away certificate, the cache and
static folders in a temporary folder) with ``worker_processes auto``.
"""

from __future__ import annotations

import shutil
import ssl
import tempfile
import urllib.request
from pathlib import Path

from tests.test_nginx_conf import nginx_in_front

STATIC_NAME = "find.html"


def proxied_find(base: str, paths: list[str], run_wrk) -> None:
    """wrk on ``paths`` through nginx in front of the app at ``base``, then on one static file
    as large as the first answer; ``run_wrk(base, paths)`` prints the figures."""
    tmp = Path(tempfile.mkdtemp(prefix="guandan-nginx-"))
    try:
        app_port = int(base.rsplit(":", 1)[1])
        with nginx_in_front(tmp, app_port, "worker_processes auto;\n") as (_, https):
            proxy = f"https://127.0.0.1:{https}"
            context = ssl._create_unverified_context()  # the run's own certificate
            request = urllib.request.Request(proxy + paths[0])
            with urllib.request.urlopen(request, context=context, timeout=30) as answer:
                body = answer.read()
                print(f"  through nginx: Cache-Control {answer.headers['Cache-Control']!r}")
            (tmp / "static" / STATIC_NAME).write_bytes(body)
            print(f"find my table through nginx (microcache), answers of {len(body)} bytes:")
            run_wrk(proxy, paths)
            print("nginx static ceiling (the same answer as a static file, same nginx):")
            run_wrk(proxy, [f"/static/{STATIC_NAME}"])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
