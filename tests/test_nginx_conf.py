"""deploy/nginx.conf, checked by a real nginx (no Django).

The file is copied with its placeholders replaced by a temporary folder (a self-signed
certificate made with openssl, a static folder, the cache folder) and free ports, then
``nginx -t`` checks it and a real nginx serves through it to a small upstream on the
loopback, which answers as the app does (an anonymous public page ``public, max-age=1``, a
signed-in user's ``private, no-cache``) and counts the requests it gets. Checked: plain HTTP
is redirected to HTTPS; the proxy headers are the proxy's own, whatever the client sends;
an anonymous public page is computed once for two visitors (the microcache), one copy per
language and encoding, and a change shows within 2 s; a signed-in user's page never comes
from that cache nor goes into it, nor does an answer marked private or setting a cookie; a
static file with a hashed name is cached for a year. tests/servers/test_proxy_freshness.py
runs the real app behind it.

nginx and openssl are looked for on the PATH and in /usr/sbin; without them the test is
skipped locally and fails where ``REQUIRE_NGINX`` is set (CI: ``.ci/run`` installs
``nginx-light``).
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import ssl
import subprocess
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.servers.web import free_port

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
OPENSSL = shutil.which("openssl")
HOST = "guandan.example.org"


@pytest.fixture(scope="module")
def tools():
    if not (NGINX and OPENSSL):
        if os.environ.get("REQUIRE_NGINX"):
            pytest.fail("nginx or openssl not found (REQUIRE_NGINX is set)")
        pytest.skip("nginx is not installed (apt-get install nginx-light)")
    return NGINX, OPENSSL


class App(BaseHTTPRequestHandler):
    """Answers as the app does: an anonymous public page "public, max-age=1,
    stale-while-revalidate=1", a signed-in user's page (a session cookie) "private,
    no-cache"; ``?private=1`` answers private and ``?cookie=1`` sets a cookie whoever asks.
    Echoes what it was told, and the ``version`` of its data (a test moves it)."""

    seen: list[dict] = []
    version = 0

    def do_GET(self):  # noqa: N802 (the http.server name)
        App.seen.append({"path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
        answer = {"n": len(App.seen), "version": App.version, "headers": dict(self.headers)}
        body = json.dumps(answer).encode()
        signed_in = "sessionid=" in self.headers.get("Cookie", "")
        private = signed_in or "private=1" in self.path
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header(
            "Cache-Control",
            "private, no-cache" if private else "public, max-age=1, stale-while-revalidate=1",
        )
        self.send_header("Vary", "Cookie, Accept-Language, Accept-Encoding")
        if "cookie=1" in self.path:
            self.send_header("Set-Cookie", "csrftoken=abc; Path=/")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def configured(tmp: Path, app_port: int, http_port: int, https_port: int, main_extra="") -> Path:
    """The deploy file with its placeholders pointing into ``tmp``, inside a main config."""
    text = CONF.read_text(encoding="utf-8")
    for old, new in (
        ("/etc/ssl/guandan/", f"{tmp}/ssl/"),
        ("/srv/guandan/var/staticfiles/", f"{tmp}/static/"),
        ("/var/cache/nginx/guandan", f"{tmp}/cache"),
        ("127.0.0.1:8000", f"127.0.0.1:{app_port}"),
        ("listen 443 ssl", f"listen 127.0.0.1:{https_port} ssl"),
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("https://$host$request_uri", f"https://$host:{https_port}$request_uri"),
    ):
        assert old in text, old
        text = text.replace(old, new)
    text = "\n".join(line for line in text.splitlines() if "listen [::]" not in line)
    (tmp / "guandan.conf").write_text(text, encoding="utf-8")
    main = tmp / "nginx.conf"
    # As root nginx's workers would run as "nobody", who cannot enter the test's own folder.
    user = "user root;\n" if os.geteuid() == 0 else ""
    main.write_text(
        f"{user}{main_extra}pid {tmp}/nginx.pid;\nerror_log {tmp}/error.log;\nevents {{}}\n"
        f"http {{\n  access_log off;\n  client_body_temp_path {tmp}/body;\n"
        f"  proxy_temp_path {tmp}/proxy;\n  include {tmp}/guandan.conf;\n}}\n",
        encoding="utf-8",
    )
    return main


@contextmanager
def nginx_in_front(tmp: Path, app_port: int, main_extra: str = ""):
    """A real nginx with deploy/nginx.conf in front of the app on ``app_port``, its files in
    ``tmp``; yields its (http, https) ports. Needs nginx and openssl (:data:`NGINX`).
    ``main_extra``: lines for the main configuration (e.g. ``worker_processes auto;``)."""
    (tmp / "ssl").mkdir(parents=True)
    (tmp / "static").mkdir()
    (tmp / "static" / "app.0123456789ab.css").write_text("body{}", encoding="utf-8")
    (tmp / "static" / "app.css").write_text("body{}", encoding="utf-8")
    subprocess.run(
        [OPENSSL, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
        + ["-nodes", "-days", "1", "-subj", f"/CN={HOST}"]
        + ["-keyout", str(tmp / "ssl" / "privkey.pem"), "-out", str(tmp / "ssl" / "fullchain.pem")],
        check=True,
        capture_output=True,
    )
    ports = free_port(), free_port()
    main = configured(tmp, app_port, *ports, main_extra)
    check = subprocess.run([NGINX, "-t", "-c", str(main), "-p", str(tmp)], capture_output=True)
    assert check.returncode == 0, check.stderr.decode()
    subprocess.run([NGINX, "-c", str(main), "-p", str(tmp)], check=True, capture_output=True)
    for _ in range(100):
        if (tmp / "nginx.pid").exists():
            break
        time.sleep(0.02)
    try:
        yield ports
    finally:
        subprocess.run([NGINX, "-c", str(main), "-p", str(tmp), "-s", "quit"], capture_output=True)


@pytest.fixture(scope="module")
def proxy(tools, tmp_path_factory):
    app = ThreadingHTTPServer(("127.0.0.1", 0), App)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    try:
        with nginx_in_front(tmp_path_factory.mktemp("nginx"), app.server_address[1]) as ports:
            yield ports
    finally:
        app.shutdown()


def fetch(port: int, path: str, tls: bool = True, **headers) -> http.client.HTTPResponse:
    if tls:
        context = ssl._create_unverified_context()  # the test's own self-signed certificate
        conn = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=10)
    else:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Host": HOST, **headers})
    response = conn.getresponse()
    response.body = response.read()
    conn.close()
    return response


def test_plain_http_is_redirected_to_https(proxy):
    http_port, https_port = proxy
    response = fetch(http_port, "/t/demo/standings/?round=2", tls=False)
    assert response.status == 301
    assert (
        response.getheader("Location") == f"https://{HOST}:{https_port}/t/demo/standings/?round=2"
    )


def test_the_app_hears_the_proxy_headers_not_the_clients(proxy):
    _, https_port = proxy
    forged = {"X-Forwarded-For": "10.9.9.9", "X-Forwarded-Proto": "http", "Cookie": "sessionid=x"}
    seen = json.loads(fetch(https_port, "/t/demo/rounds/1/", **forged).body)["headers"]
    assert seen["X-Forwarded-For"] == "127.0.0.1"
    assert seen["X-Forwarded-Proto"] == "https"
    assert seen["Host"] == HOST


def test_an_anonymous_public_page_is_computed_once_for_two_visitors(proxy):
    _, https_port = proxy
    first = fetch(https_port, "/t/demo/pairings/1/?q=zhuge")
    second = fetch(https_port, "/t/demo/pairings/1/?q=zhuge", Cookie="csrftoken=x; gd_entry_3=y")
    assert first.getheader("X-Cache") == "MISS"
    assert second.getheader("X-Cache") == "HIT" and second.body == first.body
    assert second.getheader("Cache-Control") == "public, max-age=1, stale-while-revalidate=1"


def test_phones_share_one_copy_per_encoding_and_language(proxy):
    _, https_port = proxy
    path = "/t/demo/bracket/"
    gzip = fetch(https_port, path, **{"Accept-Encoding": "gzip, deflate, br"})
    seen = json.loads(gzip.body)["headers"]
    assert seen["Accept-Encoding"] == "gzip"  # what the app is told: gzip or not
    assert fetch(https_port, path, **{"Accept-Encoding": "br, gzip"}).body == gzip.body
    plain = fetch(https_port, path)
    assert (
        plain.getheader("X-Cache") == "MISS"
        and "Accept-Encoding" not in json.loads(plain.body)["headers"]
    )
    english = fetch(https_port, path, Cookie="django_language=en")
    assert english.getheader("X-Cache") == "MISS" and english.body != plain.body


def test_an_answer_marked_private_or_setting_a_cookie_is_never_kept(proxy):
    _, https_port = proxy
    for path in ("/t/demo/standings/?private=1", "/api/v1/events/?cookie=1"):
        first, again = fetch(https_port, path), fetch(https_port, path)
        assert again.getheader("X-Cache") == "MISS" and again.body != first.body, path


@pytest.mark.slow  # starts nginx and the app's server
def test_a_change_shows_through_the_proxy_within_two_seconds(proxy):
    _, https_port = proxy
    path = "/t/demo/team/9/"
    fetch(https_port, path)
    assert fetch(https_port, path).getheader("X-Cache") == "HIT"
    App.version += 1  # the data changes (a commit)
    changed = time.monotonic()
    while json.loads(fetch(https_port, path).body)["version"] != App.version:
        assert time.monotonic() - changed < 2.0, "the proxy still shows the old page"
        time.sleep(0.05)


def test_a_signed_in_users_page_is_never_served_from_or_stored_in_the_cache(proxy):
    _, https_port = proxy
    path = "/t/demo/standings/"
    anonymous = fetch(https_port, path)
    signed_in = fetch(https_port, path, Cookie="sessionid=abc; csrftoken=t")
    assert signed_in.getheader("X-Cache") == "BYPASS" and signed_in.body != anonymous.body
    again = fetch(https_port, path)  # the anonymous copy, not the signed-in page
    assert again.getheader("X-Cache") == "HIT" and again.body == anonymous.body
    staff = fetch(https_port, "/api/v1/events/demo/", Authorization="Bearer tok")
    assert staff.getheader("X-Cache") == "BYPASS"
    private_first = fetch(https_port, "/t/demo/team/7/", Cookie="sessionid=abc")
    after = fetch(https_port, "/t/demo/team/7/")
    assert private_first.getheader("X-Cache") == "BYPASS"
    assert after.getheader("X-Cache") == "MISS" and after.body != private_first.body


def test_staff_pages_are_never_cached(proxy):
    _, https_port = proxy
    assert fetch(https_port, "/t/demo/rounds/1/").getheader("X-Cache") is None
    assert fetch(https_port, "/t/demo/rounds/1/").getheader("X-Cache") is None


def test_static_files_come_from_the_collected_folder_hashed_names_for_a_year(proxy):
    _, https_port = proxy
    hashed = fetch(https_port, "/static/app.0123456789ab.css")
    plain = fetch(https_port, "/static/app.css")
    assert hashed.status == plain.status == 200 and hashed.body == b"body{}"
    assert "immutable" in hashed.getheader("Cache-Control")
    assert plain.getheader("Cache-Control") == "max-age=3600"
    assert fetch(https_port, "/media/photo.jpg").body != b"body{}"  # to the app, not a folder
