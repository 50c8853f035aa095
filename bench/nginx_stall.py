"""Benchmark: a large answer from nginx's microcache against the same bytes as a static file.

Serves a stand-in app (``bench/nginx_stall_app.py``: a 118 KB page, the size of the
5,000-pair standings uncompressed, with the app's ``Cache-Control``) with granian through
guandan/front.py, puts each ``--code`` checkout's ``deploy/nginx.conf`` in front of it as
bench/capacity.py does (plain HTTP, inside a main file with Debian's ``sendfile on;
tcp_nopush on;``), and runs wrk on the cached page and on a static file of the same bytes,
one checkout after the other in the same run. Before deploy/nginx.conf said
``tcp_nopush off``, the cached page waited about 40 ms for its last segment.

    .venv/bin/python bench/nginx_stall.py [--code /work/wt/base] [--code .] [--seconds 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.rig_load import WRK_SCRIPT  # noqa: E402
from bench.rig_services import NGINX, nginx_conf  # noqa: E402
from tests.test_nginx_conf import free_port  # noqa: E402


def wrk(base: str, path: str, clients: int, seconds: int) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(WRK_SCRIPT % f'"{path}"')
    argv = ["wrk", "-t2", f"-c{clients}", f"-d{seconds}s", "-s", f.name, base]
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    rps, p50, p95, p99, errors, total = out.split("RESULT ")[1].split()
    return f"{float(rps):,.0f} requests/s, p50 {p50} ms, p95 {p95} ms, {errors} errors of {total}"


def measure(code: Path, app_port: int, clients: int, seconds: int) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="guandan-nginx-stall-"))
    (tmp / "static").mkdir()
    port = free_port()
    main = nginx_conf(code, tmp, [f"127.0.0.1:{app_port}"], port)
    subprocess.run([NGINX, "-c", str(main), "-p", str(tmp)], check=True)
    time.sleep(0.5)
    try:
        body = urllib.request.urlopen(f"http://127.0.0.1:{app_port}/t/x/standings/").read()
        (tmp / "static" / "big.html").write_bytes(body)
        proxy = f"http://127.0.0.1:{port}"
        print(f"{code}: {len(body):,} bytes, wrk {clients} connections x {seconds} s")
        print(f"  microcache: {wrk(proxy, '/t/x/standings/', clients, seconds)}", flush=True)
        print(f"  static:     {wrk(proxy, '/static/big.html', clients, seconds)}", flush=True)
    finally:
        subprocess.run([NGINX, "-c", str(main), "-p", str(tmp), "-s", "quit"], check=False)
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", action="append", type=Path)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--clients", type=int, default=200)
    args = parser.parse_args(argv)
    port = free_port()
    env = dict(
        os.environ,
        GUANDAN_WSGI_TARGET="bench.nginx_stall_app:application",
        GUANDAN_WEB_THREADS="4",
        PYTHONPATH=str(ROOT),
        DJANGO_SETTINGS_MODULE="config.settings_test",
    )
    argv_ = [sys.executable, "-m", "granian", "guandan.front:application", "--interface=rsgi"]
    argv_ += ["--host=127.0.0.1", f"--port={port}", "--workers=1", "--no-ws"]
    server = subprocess.Popen(argv_ + ["--log-level=warning"], env=env, cwd=ROOT)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/t/x/standings/").read()
                break
            except OSError:
                time.sleep(0.1)
        for code in args.code or [ROOT]:
            measure(code.resolve(), port, args.clients, args.seconds)
    finally:
        server.terminate()
        server.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
