"""Throw-away PostgreSQL, Redis and nginx on free ports, as .ci/run starts them (bench/rig.py)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.rig import free_port


def _as_postgres(command: str) -> None:
    if os.geteuid() == 0:
        command_line = ["su", "postgres", "-s", "/bin/sh", "-c", command]
    else:
        command_line = ["sh", "-c", command]
    subprocess.run(command_line, check=True, capture_output=True)


@contextmanager
def postgres() -> Iterator[tuple[str, int]]:
    """A throw-away cluster (as .ci/run: fsync off, a private socket, a free port); yields
    the URL of its ``postgres`` database and the postmaster's pid."""
    pgbin = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))[-1]
    data = Path(tempfile.mkdtemp(prefix="guandan-pg-bench."))
    port = free_port()
    shutil.chown(data, "postgres") if os.geteuid() == 0 else None
    _as_postgres(f"{pgbin}/initdb -D {data} -U postgres -A trust --encoding=UTF8 --locale=C.UTF-8")
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    _as_postgres(f"{pgbin}/pg_ctl -D {data} -o '{options}' -l {data}/log -w start")
    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgres://postgres@127.0.0.1:{port}", pid
    finally:
        _as_postgres(f"{pgbin}/pg_ctl -D {data} -m fast stop")
        shutil.rmtree(data, ignore_errors=True)


def createdb(url: str, name: str) -> str:
    """A new database in the cluster at ``url``; returns its URL."""
    port = url.rsplit(":", 1)[1]
    pgbin = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))[-1]
    subprocess.run(
        [f"{pgbin}/createdb", "-h", "127.0.0.1", "-p", port, "-U", "postgres", name], check=True
    )
    return f"{url}/{name}"


@contextmanager
def redis() -> Iterator[tuple[str, int]]:
    """A throw-away Redis (no persistence) on a free port: its URL and pid."""
    folder = Path(tempfile.mkdtemp(prefix="guandan-redis-bench."))
    port = free_port()
    subprocess.run(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
        + ["--appendonly", "no", "--dir", str(folder), "--daemonize", "yes"]
        + ["--pidfile", str(folder / "pid")],
        check=True,
        capture_output=True,
    )
    for _ in range(100):
        if (folder / "pid").exists():
            break
        time.sleep(0.05)
    pid = int((folder / "pid").read_text())
    try:
        yield f"redis://127.0.0.1:{port}/0", pid
    finally:
        os.kill(pid, 15)
        shutil.rmtree(folder, ignore_errors=True)


def redis_flush(url: str) -> None:
    port = url.rsplit(":", 1)[1].split("/")[0]
    subprocess.run(["redis-cli", "-p", port, "flushall"], check=True, capture_output=True)


NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def nginx_conf(code: Path, folder: Path, upstreams: list[str], port: int) -> Path:
    """The checkout's ``deploy/nginx.conf`` as shipped, its placeholders pointed at
    ``folder``, its upstream at ``upstreams`` (``host:port``), its HTTPS server block on
    plain HTTP at ``port`` (the locations, the microcache and its keys unchanged; wrk and
    the Python clients talk plain HTTP: the TLS cost is left out of both sides of each
    comparison), the port-80 redirect left out; inside a main file with
    ``worker_processes auto`` (Debian's own)."""
    text = (code / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    servers = "".join(f"    server {u};\n" for u in upstreams)
    text, n = re.subn(
        r"(upstream guandan_app \{\n)(?:\s*#?\s*server [^\n]*\n)+",
        r"\g<1>" + servers.replace("\\", "\\\\"),
        text,
    )
    assert n == 1, "no upstream guandan_app block in deploy/nginx.conf"
    # Plain HTTP here, so the proxy tells the app so (the app trusts this header).
    text = text.replace("X-Forwarded-Proto https;", "X-Forwarded-Proto $scheme;")
    text = text.replace("/srv/guandan/var/staticfiles/", f"{folder}/static/")
    text = text.replace("/var/cache/nginx/guandan", f"{folder}/cache")
    # The port-80 server (a redirect) is left out; the HTTPS one listens on plain HTTP.
    text = re.sub(r"server \{\s*listen 80;.*?\n\}\n", "", text, count=1, flags=re.S)
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("listen [::]", "ssl_")):
            continue
        if stripped.startswith("listen 443"):
            line = f"    listen 127.0.0.1:{port} backlog=4096;"
        lines.append(line)
    (folder / "guandan.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    main = folder / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    main.write_text(
        f"{user}worker_processes auto;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        f"events {{ worker_connections 4096; }}\n"
        f"http {{\n  access_log off;\n  sendfile on;\n  tcp_nopush on;\n"
        f"  include /etc/nginx/mime.types;\n  client_body_temp_path {folder}/body;\n"
        f"  proxy_temp_path {folder}/proxy;\n  include {folder}/guandan.conf;\n}}\n",
        encoding="utf-8",
    )
    return main


@contextmanager
def nginx(code: Path, upstreams: list[str], static: dict[str, bytes]) -> Iterator[tuple[str, int]]:
    """nginx with the checkout's deploy/nginx.conf in front of ``upstreams``; ``static``
    files (name: bytes) are put in the collected static folder it serves. Yields its URL
    and the master's pid (its workers are its children)."""
    if not NGINX:
        raise RuntimeError("nginx is not installed (apt-get install nginx-light)")
    folder = Path(tempfile.mkdtemp(prefix="guandan-nginx-bench."))
    (folder / "static").mkdir()
    for name, body in static.items():
        (folder / "static" / name).write_bytes(body)
    port = free_port()
    main = nginx_conf(code, folder, upstreams, port)
    subprocess.run([NGINX, "-t", "-q", "-c", str(main), "-p", str(folder)], check=True)
    subprocess.run([NGINX, "-c", str(main), "-p", str(folder)], check=True)
    for _ in range(100):
        if (folder / "nginx.pid").exists():
            break
        time.sleep(0.05)
    pid = int((folder / "nginx.pid").read_text())
    try:
        yield f"http://127.0.0.1:{port}", pid
    finally:
        subprocess.run(
            [NGINX, "-c", str(main), "-p", str(folder), "-s", "quit"], capture_output=True
        )
        errors = [
            line
            for line in (folder / "error.log").read_text(errors="replace").splitlines()
            if "[error]" in line or "[crit]" in line or "[alert]" in line
        ]
        if errors:  # what nginx said about the requests wrk counted as errors
            print(f"  nginx: {len(errors)} errors logged; the last: {errors[-1][:300]}")
        time.sleep(0.5)
        shutil.rmtree(folder, ignore_errors=True)
