"""A phone whose referee session ended while it was offline must not show the kept table page,
with both sides' PINs, to the next person, in real Chromium with its service worker.

The session is made to end a few seconds after the page is kept; the phone is offline
before and after: before, the worker serves its copy (so the page really was kept), after,
it has dropped it."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from tests.browser.taps import tap, text, wait_js
from tests.conftest import login
from tournament.models import Table

pytestmark = pytest.mark.django_db(transaction=True)
CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
FROM_PHONE = "document.documentElement.dataset.served === 'cache'"
SECONDS = 12  # the session's life after sign-in: time to keep the page, then it ends


@pytest.fixture
def event(tournament, pairs8, make_round):
    tournament.table_entry = True
    tournament.save()
    return make_round(tournament, pairs8)


def session_ending_soon(page, base_url: str, user) -> float:
    """Sign ``user`` in on the page's context with a session that ends in SECONDS; its end."""
    client = login(user)
    session = client.session
    ends = timezone.now() + timedelta(seconds=SECONDS)
    session.set_expiry(ends)
    session.save()
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": base_url}
    page.context.add_cookies([cookie])
    return ends.timestamp()


def test_a_table_page_kept_offline_is_gone_once_the_session_ended(
    live_server, phone, event, referee
):
    page = phone()
    ends = session_ending_soon(page, live_server.url, referee)
    url = live_server.url + reverse("table_entry", args=["spring", 1, 1])
    pin = Table.objects.get(round=event, number=1).ns_pin
    page.goto(url)
    wait_js(page, CONTROLLED)
    page.goto(url)  # kept by the worker, for this session
    page.context.set_offline(True)
    page.goto(url)
    wait_js(page, FROM_PHONE)  # offline, still within the session: the copy
    assert pin in text(page, "body")
    time.sleep(max(0.0, ends - time.time()) + 1)
    page.goto(url)  # offline, the session over: no copy, the offline page
    wait_js(page, "document.body.innerText.length > 0")
    assert page.evaluate("document.documentElement.dataset.served") != "cache"
    assert pin not in text(page, "body") and "离线" in text(page, "body")


def test_logging_out_drops_the_kept_pages_at_once(live_server, phone, event, referee):
    page = phone()
    session_ending_soon(page, live_server.url, referee)
    url = live_server.url + reverse("table_entry", args=["spring", 1, 1])
    pin = Table.objects.get(round=event, number=1).ns_pin
    page.goto(url)
    wait_js(page, CONTROLLED)
    page.goto(url)
    tap(page, "button", "退出")
    page.wait_for_url(live_server.url + "/")
    page.context.set_offline(True)
    page.goto(url)
    wait_js(page, "document.body.innerText.length > 0")
    assert pin not in text(page, "body")
