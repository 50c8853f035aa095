"""Issue: on a plain-http LAN address a phone's browser refuses the service worker, so the
entry pages do not reopen offline. ``guandan serve --https --host 0.0.0.0`` fixes that once
the phone trusts the laptop's authority: measured here in Chromium (Debian's), which opens
the laptop by its name (``--host-resolver-rules`` maps the name to 127.0.0.1: no traffic
leaves this machine, and a name other than localhost is no "secure context" by itself, as
a LAN address is not).

The authority is trusted as a phone trusts it once installed: added to the user's NSS store
(``certutil``, Debian's libnss3-tools), which Chromium on Linux reads for locally installed
authorities; no flag that ignores certificate errors. Then the referee's entry page is
controlled by the service worker and reopens with the network cut (``data-served="cache"``).
The same page over plain http on the same name: no service worker at all, and offline the
page does not open (the control, so that the first half cannot pass on anything else)."""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import sys

import pytest

from tests.browser.conftest import ARGS, CHROMIUM, PHONE, wider_than_screen
from tests.browser.taps import tap, text, type_in, wait_js
from tests.servers.guandan_run import clean_env, printed_password, started
from tests.servers.web import ROOT, free_port

pytestmark = [pytest.mark.slow]
CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
FROM_PHONE = "document.documentElement.dataset.served === 'cache'"
ENTRY = "/t/demo/rounds/1/table/1/"  # reverse("table_entry", args=["demo", 1, 1])
LAPTOP = socket.gethostname().split(".")[0]


def run(env: dict[str, str], *words: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "guandan", *words],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


@pytest.fixture
def venue(tmp_path):
    """A data folder with the demo event, round 1 published; the referee's password."""
    if LAPTOP in ("localhost", "") or LAPTOP.endswith(".localhost"):
        pytest.skip("this machine's name is localhost: a secure context even over http")
    env = clean_env(GUANDAN_DATA_DIR=str(tmp_path / "data"), TESTING_FAST_HASHER="1")
    password = printed_password([run(env, "load_demo")], "referee")
    run(env, "draw", "demo")
    run(env, "pair", "demo", "--publish")
    return env, password


def trusting_phone(home, ca):
    """A user's NSS store under ``home`` that trusts the authority ``ca`` for websites."""
    certutil = shutil.which("certutil")
    if certutil is None:
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("certutil not found (apt-get install libnss3-tools)")
        pytest.skip("certutil is not installed (apt-get install libnss3-tools)")
    store = f"sql:{home / '.pki' / 'nssdb'}"
    (home / ".pki" / "nssdb").mkdir(parents=True)
    subprocess.run([certutil, "-N", "-d", store, "--empty-password"], check=True)
    subprocess.run(
        [certutil, "-A", "-d", store, "-n", "guandan", "-t", "C,,", "-i", ca], check=True
    )


def phone_page(playwright, home, port: int):
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[*ARGS, f"--host-resolver-rules=MAP {LAPTOP} 127.0.0.1"],
        env={**os.environ, "HOME": str(home)},
    )
    context = browser.new_context(viewport=PHONE, locale="zh-CN", has_touch=True, is_mobile=True)
    context.set_default_timeout(30000)
    return browser, context.new_page()


def sign_in_and_open_entry(page, base: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    type_in(page, "#id_username", "referee")
    type_in(page, "#id_password", password)
    tap(page, "button.primary")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    page.goto(base + ENTRY)


def test_the_entry_page_reopens_offline_over_https_and_not_over_http(venue, tmp_path):
    from playwright.sync_api import Error, sync_playwright

    env, password = venue
    ca = tmp_path / "data" / "tls" / "ca.crt"
    serve = [sys.executable, "-m", "guandan", "serve", "--host", "0.0.0.0"]
    serve += ["--workers", "1", "--threads", "2"]
    port = free_port()

    def trusted() -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(ca))

    with sync_playwright() as playwright:
        with started([*serve, "--https"], env, ROOT, port, context=trusted):
            home = tmp_path / "phone"
            trusting_phone(home, ca)
            browser, page = phone_page(playwright, home, port)
            base = f"https://{LAPTOP}:{port}"
            sign_in_and_open_entry(page, base, password)  # CSRF over https, HTTP/2
            assert page.evaluate("window.isSecureContext")
            wait_js(page, CONTROLLED)
            page.goto(base + ENTRY)  # kept by the worker
            page.context.set_offline(True)
            page.goto(base + ENTRY)
            wait_js(page, FROM_PHONE)  # reopened offline, from the phone's copy
            assert "离线" in text(page, "#offline-banner")
            page.context.set_offline(False)
            page.goto(f"{base}/phone-certificate/")  # the page phones install it from
            assert text(page, "#fingerprint").count(":") == 31
            assert wider_than_screen(page) <= 0
            browser.close()
        # The control: the same page over plain http on the same name.
        plain = {**env, "ALLOWED_HOSTS": f"127.0.0.1,{LAPTOP}"}
        with started(serve, plain, ROOT, free_port()) as (_proc, local, _lines):
            port = int(local.rsplit(":", 1)[1])
            browser, page = phone_page(playwright, tmp_path / "phone", port)
            base = f"http://{LAPTOP}:{port}"
            sign_in_and_open_entry(page, base, password)
            assert page.evaluate("!window.isSecureContext && !('serviceWorker' in navigator)")
            page.context.set_offline(True)
            with pytest.raises(Error, match="ERR_INTERNET_DISCONNECTED"):
                page.goto(base + ENTRY)
            browser.close()
