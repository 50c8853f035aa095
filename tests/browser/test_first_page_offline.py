"""The first entry page a phone ever opens reopens offline (issue: "the first entry page a
phone opens is not kept for offline use, 4 times of 4"), in Debian's Chromium at 390 px, for
each way a phone first comes to an entry page: a referee's table page and sheet opened
directly, a referee going from the round's table list to a table (录入), a side's slip link
(no account) and its sheet, and the chief referee's table page and foul log.

Each case runs in a fresh browser context: the page is the first one of the phone to load
the service worker, so it was fetched before any worker controlled it. As soon as the worker
is ready and controls the page the network is cut and the page reloaded, then opened again:
it must come from the phone (``data-served="cache"``, its form there, its scripts run), not
as the browser's or the worker's "not kept" page. Before the fix the worker kept the page
only when the page asked it to, after it was ready: a phone cut off at once had no copy."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.conftest import login, signed_in
from tests.browser.taps import tap, text, wait_js
from tournament.models import Table

pytestmark = pytest.mark.django_db(transaction=True)
CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
FROM_PHONE = "document.documentElement.dataset.served === 'cache'"
ENTRY_FORM = "document.querySelector('form[data-outbox] #id_ew_level') !== null"
SHEET = "document.querySelector('#sheet[data-ready]') !== null"
FOULS = "document.querySelector('h1') !== null && document.querySelector('#offline') !== null"


@pytest.fixture
def event(tournament, pairs8, make_round):
    tournament.table_entry = True
    tournament.save()
    return make_round(tournament, pairs8)


def staff_page(page, base: str, username: str, name: str, args: list) -> str:
    signed_in(page, base, username)
    url = base + reverse(name, args=args)
    page.goto(url)
    return url


def referee_from_round(page, base: str) -> str:
    """Log in with the form, open the round, tap the 录入 of table 3."""
    login(page, base, "ref", "pw-ref")
    page.goto(base + reverse("round_control", args=["spring", 1]))
    with page.expect_navigation():
        tap(page, "#tables a.button", "录入")
    return page.url


def slip(page, base: str, name: str) -> str:
    table = Table.objects.get(round__tournament__slug="spring", round__number=1, number=4)
    url = base + reverse(name, args=["spring", table.pk, table.ew_code])
    page.goto(url)
    return url


CASES = {
    "referee-entry": (
        lambda p, b: staff_page(p, b, "ref", "table_entry", ["spring", 1, 3]),
        ENTRY_FORM,
    ),
    "referee-sheet": (
        lambda p, b: staff_page(p, b, "ref", "table_sheet", ["spring", 1, 3]),
        SHEET,
    ),
    "referee-from-round": (referee_from_round, ENTRY_FORM),
    "slip-entry": (lambda p, b: slip(p, b, "side_entry"), ENTRY_FORM),
    "slip-sheet": (lambda p, b: slip(p, b, "side_sheet"), SHEET),
    "chief-entry": (
        lambda p, b: staff_page(p, b, "chief", "table_entry", ["spring", 1, 2]),
        ENTRY_FORM,
    ),
    "chief-fouls": (
        lambda p, b: staff_page(p, b, "chief", "round_fouls", ["spring", 1]),
        FOULS,
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_first_page_opened_reopens_offline(live_server, phone, event, case):
    open_first, rendered = CASES[case]
    page = phone()
    url = open_first(page, live_server.url)
    # The worker is ready and controls the page: from now on the phone may lose the network.
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    wait_js(page, CONTROLLED)
    page.context.set_offline(True)
    page.reload()
    wait_js(page, "document.body && document.body.innerText.length > 0")
    served = page.evaluate("document.documentElement.dataset.served || null")
    assert served == "cache", f"{case}: not from the phone: {text(page, 'body')[:200]!r}"
    wait_js(page, rendered)
    # outbox.js ran (a static file the phone kept too) and says the page is its copy.
    wait_js(page, "!document.getElementById('offline-banner').hidden")
    page.goto(url)  # opened again (not a reload): the same copy
    wait_js(page, FROM_PHONE)
    wait_js(page, rendered)
