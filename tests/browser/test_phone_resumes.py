"""The phone resumes in real Chromium at 390 px: the first entry page a phone
opens is kept for offline use, and a page whose kept entries were sent shows the server's
state without a reload."""

from __future__ import annotations

import shutil

import pytest
from django.urls import reverse

from tests.browser.conftest import ARGS, CHROMIUM, PHONE, signed_in
from tests.browser.taps import pick, tap, text, wait_js
from tests.browser.web_event import SAVED, choose

pytestmark = pytest.mark.django_db(transaction=True)
FROM_PHONE = "document.documentElement.dataset.served === 'cache'"
WAITING = "(document.getElementById('outbox-count').dataset.n || '0') === '%s'"
# The worker's copy of a page: whether it has one (caches is the page's view of them).
# Kept, and a worker active to serve it: the copy can be in the cache while the worker that
# put it there is still activating, and a navigation offline before it is active reaches
# the network (seen as ERR_INTERNET_DISCONNECTED in about one run in five).
KEPT = """url => navigator.serviceWorker.getRegistration()
  .then(reg => !!(reg && reg.active && reg.active.state === "activated"))
  .then(ok => ok && caches.open('gd-pages').then(c => c.match(url)).then(r => !!r))"""
STEPS = "url => caches.open('gd-pages').then(c => c.match(url)).then(r => r.json()).then(d => d.sheet.steps.length)"
COPY = "url => caches.open('gd-pages').then(c => c.match(url)).then(r => r ? r.text() : '')"


@pytest.fixture
def event(tournament, pairs8, make_round):
    tournament.table_entry = True
    tournament.save()
    return make_round(tournament, pairs8)


def kept(page, url: str, seconds: float = 10) -> bool:
    """Whether the worker keeps ``url`` within ``seconds`` (it keeps it behind the page)."""
    for _ in range(int(seconds * 4)):
        if page.evaluate(KEPT, url):
            return True
        page.wait_for_timeout(250)
    return False


@pytest.mark.parametrize("name", ["table_entry", "table_sheet"])
def test_the_first_entry_page_a_phone_opens_reopens_offline(live_server, phone, event, name):
    page = phone()
    signed_in(page, live_server.url, "ref")
    url = live_server.url + reverse(name, args=["spring", 1, 3])
    page.goto(url)  # the phone's first page: no worker yet
    assert kept(page, url), "the first page was never kept"
    if name == "table_sheet":  # and the sheet's data, kept beside it
        assert kept(page, url + "api/"), "the sheet's data was never kept"
    page.context.set_offline(True)
    page.goto(url)
    wait_js(page, FROM_PHONE)
    assert "离线" in text(page, "#offline-banner")
    if name == "table_sheet":
        wait_js(page, "document.querySelector('#sheet[data-ready]')")


def test_a_page_shows_the_server_once_its_kept_entry_is_sent(live_server, phone, event):
    """The final-levels page reopened offline shows the kept entry; once it is sent the page
    shows the table as the server has it, and so does the phone's copy opened offline."""
    page = phone()
    signed_in(page, live_server.url, "ref")
    url = live_server.url + reverse("table_entry", args=["spring", 1, 1])
    page.goto(url)
    assert kept(page, url)
    page.context.set_offline(True)
    page.goto(url)
    wait_js(page, FROM_PHONE)
    pick(page, "#id_ew_level", "A+")
    pick(page, "#id_ns_level", "9")
    tap(page, "button", "提交成绩")
    wait_js(page, "document.querySelector('.outbox-note') !== null")
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    table = event.tables.get(number=1)
    # The page itself comes again from the server: no kept note, the table's version now.
    wait_js(page, "document.querySelector('.outbox-note') === null", timeout=15)
    wait_js(page, "document.documentElement.dataset.served === 'network'")
    table.refresh_from_db()
    assert table.ns_level == "9"
    versions = page.evaluate("[...document.querySelectorAll('[name=version]')].map(i => i.value)")
    assert versions and set(versions) == {str(table.version)}
    # The phone's copy was kept anew: offline, it shows the entered result too.
    for _ in range(40):
        copy = page.evaluate(COPY, url)
        if f'name="version" value="{table.version}"' in copy:
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError("the phone's copy of the page is the one before the entry")


@pytest.mark.parametrize("trusted", [False, True])
def test_a_plain_http_lan_address_and_the_way_that_works(live_server, browser, event, trusted):
    """At a venue phones open the laptop's plain-http LAN address (not localhost): no
    service worker there, so no page reopens offline (docs/offline-entry.md says so). Chrome
    on Android is told once to treat that address as secure (chrome://flags,
    "Insecure origins treated as secure", the flag below): then the first page opened
    reopens offline. The LAN address is a name mapped to this machine. The flag is Chrome's
    (the full browser's): Debian's headless shell ignores it."""
    full = shutil.which("chromium")
    if trusted and not full:
        pytest.skip("the full Chromium is not installed (apt-get install chromium)")
    port = live_server.url.rsplit(":", 1)[1]
    lan = f"http://venue.lan:{port}"
    args = [*ARGS, "--host-resolver-rules=MAP venue.lan 127.0.0.1"]
    if trusted:
        args.append(f"--unsafely-treat-insecure-origin-as-secure={lan}")
    exe = full if trusted else CHROMIUM
    other = browser.browser_type.launch(executable_path=exe, headless=True, args=args)
    try:
        context = other.new_context(viewport=PHONE, locale="zh-CN", is_mobile=True)
        page = context.new_page()
        signed_in(page, lan, "ref")
        url = lan + reverse("table_entry", args=["spring", 1, 3])
        page.goto(url)
        assert page.evaluate("window.isSecureContext") is trusted
        assert page.evaluate("'serviceWorker' in navigator") is trusted
        if trusted:
            assert kept(page, url)
            context.set_offline(True)
            page.goto(url)
            wait_js(page, FROM_PHONE)
    finally:
        other.close()


def test_after_a_foul_the_phones_copy_of_the_sheet_holds_it(live_server, phone, event):
    """A foul is sent to the foul log's address but changes the sheet: the phone's copy of
    the sheet's data is kept anew, so the sheet reopened offline shows it."""
    page = phone()
    signed_in(page, live_server.url, "ref")
    url = live_server.url + reverse("table_sheet", args=["spring", 1, 3])
    page.goto(url)
    wait_js(page, "document.querySelector('#sheet[data-ready]')")
    assert kept(page, url + "api/")
    choose(page, "东西胜", "二游（双下）")
    wait_js(page, SAVED)
    page.click("details.more summary")
    tap(page, "button[data-foul=foul]")
    wait_js(page, SAVED)
    table = event.tables.get(number=3)
    for _ in range(40):
        table.refresh_from_db()
        steps = page.evaluate(STEPS, url + "api/")
        if steps == len(table.deals) == 2:
            break
        page.wait_for_timeout(250)
    assert (steps, len(table.deals)) == (2, 2), "the phone's copy misses the foul"
