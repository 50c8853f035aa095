"""Real Chromium (Debian's package) driven by Playwright, on a phone-sized viewport.

Debian's ``chromium-headless-shell`` is used when installed (``.ci/run`` installs it): the
same Blink engine without the full browser around it, about a third less CPU per page than
``chromium --headless``. Without either the tests are skipped locally; CI sets
REQUIRE_BROWSER=1 so a missing browser fails the run instead of hiding the tests.
"""

from __future__ import annotations

import os
import shutil

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.backends.signals import connection_created

from tests.browser.taps import tap, type_in
from tests.conftest import login as logged_in_client

CHROMIUM = (
    os.environ.get("CHROMIUM_PATH")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/bin/chromium"
)
PHONE = {"width": 390, "height": 844}
# How far the page, or any table box in it, is wider than the phone's screen, in CSS pixels
# (0 or less: it fits). A table that scrolls inside its box hides columns (the 逐副 button,
# the 积分 column) just as well as a page that scrolls sideways. screen.width, not innerWidth:
# a phone (is_mobile) widens its layout viewport to a page that is too wide, so innerWidth
# grows with the page and a check against it never fails (575 px in English went unseen).
WIDER_THAN_SCREEN = """Math.max(document.documentElement.scrollWidth - screen.width,
  ...Array.from(document.querySelectorAll('.table-wrap, .table-container'),
                el => el.scrollWidth - el.clientWidth))"""
# Chromium must not reach out to the internet: this machine's network is closed.
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


def no_table_read_locks(sender, connection, **kwargs) -> None:
    """The live server's threads share the test database in memory (SQLite's shared cache),
    where a reading connection holds a lock on each table it reads until its statement ends,
    and a write to that table from another thread fails at once ("database table is locked":
    SQLITE_LOCKED waits for no timeout). Seen once in CI: a player's confirm while a page of
    the same round was being read. With read_uncommitted a reader takes no table lock; writers
    still take turns (BEGIN IMMEDIATE). A test database only: the app's file databases use
    WAL, where readers never block a writer."""
    if connection.vendor == "sqlite" and "mode=memory" in str(connection.settings_dict["NAME"]):
        connection.connection.execute("PRAGMA read_uncommitted = 1")


connection_created.connect(no_table_read_locks)


@pytest.fixture(scope="session")
def live_server(request):
    """pytest-django's live server, serving the static files as production does.

    pytest-django hands them to Django's development handler, which sends no Cache-Control:
    Chromium then asked again for app.css and the scripts with each page, since a new
    clone's files are seconds old (76 more requests in the knockout event's 180). Here
    WhiteNoise's middleware serves them, with its ``max-age=60``, as it does for a venue.
    """
    from pytest_django.live_server_helper import LiveServer

    addr = (
        request.config.getvalue("liveserver")
        or os.getenv("DJANGO_LIVE_TEST_SERVER_ADDRESS")
        or "localhost"
    )
    server = LiveServer(addr, start=False)
    server.thread.static_handler = as_is
    server.start()
    yield server
    server.stop()


def as_is(app):
    """The WSGI application itself: no handler of its own in front of it."""
    return app


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"Chromium not found at {CHROMIUM} (REQUIRE_BROWSER is set)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    """A fresh phone-sized browser context (its own cookies)."""
    contexts = []

    def make():
        context = browser.new_context(
            viewport=PHONE, locale="zh-CN", has_touch=True, is_mobile=True
        )
        # Two test workers share two cores in CI: allow a slow page, never hide a broken one.
        context.set_default_timeout(30000)
        contexts.append(context)
        return context.new_page()

    yield make
    for c in contexts:
        c.close()


def wider_than_screen(page) -> int:
    """:data:`WIDER_THAN_SCREEN` for the page shown."""
    return page.evaluate(WIDER_THAN_SCREEN)


def login(page, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    type_in(page, "#id_username", username)
    type_in(page, "#id_password", password)
    tap(page, "button.primary")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def signed_in(page, base_url: str, username: str) -> None:
    """Sign ``username`` in on the page's browser context without the login form: a session
    made on the server's side (as the test client's ``force_login`` makes it) and its cookie.

    For the tests whose subject is not logging in: the form takes two page loads in Chromium
    each time. The four whole events log every account in through the form (:func:`login`)."""
    client = logged_in_client(get_user_model().objects.get(username=username))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])
