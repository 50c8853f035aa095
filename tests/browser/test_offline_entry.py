"""Offline-first table entry in real Chromium at 390 px: tables entered with the network
cut are kept on the phone (待上传 N), the pages reopen offline (离线), and once the network is
back each entry is saved exactly once, in order, with the phone's times in the audit.

Chromium's ``context.set_offline`` is checked to cut the service worker's fetches too (the
page must come from the worker's copy, ``data-served="cache"``), so the test cannot pass on
a network that was never cut."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse

from tests.browser.conftest import signed_in
from tests.browser.taps import pick, tap, text, wait_js
from tests.browser.web_event import SAVED, choose
from tournament.models import AppliedEntry, AuditEntry, Table

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("OFFLINE_SHOTS")  # a folder: the screenshots are kept there
CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
FROM_PHONE = "document.documentElement.dataset.served === 'cache'"
WAITING = "(document.getElementById('outbox-count').dataset.n || '0') === '%s'"


@pytest.fixture
def event(tournament, pairs8, make_round):
    tournament.table_entry = True
    tournament.save()
    return make_round(tournament, pairs8)


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def enter_levels(page, ew: str, ns: str) -> None:
    pick(page, "#id_ew_level", ew)
    pick(page, "#id_ns_level", ns)
    tap(page, "button", "提交成绩")
    wait_js(page, "document.querySelector('.outbox-note') !== null")


def test_three_tables_entered_offline_are_saved_once_in_order(live_server, phone, event):
    page = phone()
    signed_in(page, live_server.url, "ref")
    base = live_server.url
    entry = {n: base + reverse("table_entry", args=["spring", 1, n]) for n in (1, 2)}
    sheet = base + reverse("table_sheet", args=["spring", 1, 3])
    # Online first: the phone opens the three pages (the worker keeps them).
    page.goto(entry[1])
    wait_js(page, CONTROLLED)
    for url in (entry[1], entry[2], sheet):
        page.goto(url)
    wait_js(page, "document.querySelector('#sheet[data-ready]')")
    versions = dict(Table.objects.filter(round=event).values_list("number", "version"))

    page.context.set_offline(True)
    page.goto(entry[1])
    wait_js(page, FROM_PHONE)  # the worker's fetch failed too: the network is really cut
    assert "离线" in text(page, "#offline-banner")
    enter_levels(page, "A+", "9")
    wait_js(page, WAITING % 1)
    page.goto(entry[2])
    enter_levels(page, "A+", "Q")
    wait_js(page, WAITING % 2)
    assert text(page, "#outbox-count").strip() == "待上传 2"
    shot(page, "entry-offline-390")
    page.goto(sheet)
    wait_js(page, "document.querySelector('#sheet[data-ready]')")
    choose(page, "东西胜", "二游（双下）")
    wait_js(page, WAITING % 3)
    wait_js(page, SAVED)
    assert "待上传" in text(page, "#message")
    shot(page, "sheet-offline-390")
    # The final-levels form reopened offline shows what was chosen, kept on the phone.
    page.goto(entry[1])
    wait_js(page, "document.querySelector('.outbox-note') !== null")
    assert page.evaluate("[id_ew_level.value, id_ns_level.value]") == ["A+", "9"]
    assert not page.evaluate("document.getElementById('offline-banner').hidden")
    shot(page, "entry-reopened-offline-390")
    assert not AppliedEntry.objects.exists()

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # as the phone's network says
    wait_js(page, WAITING % 0)
    assert not text(page, "#outbox-refused")
    applied = list(AppliedEntry.objects.order_by("created_at", "pk").select_related("table"))
    assert [(a.table.number, a.kind, a.outcome) for a in applied] == [
        (1, "result", "applied"),
        (2, "result", "applied"),
        (3, "sheet", "applied"),
    ]
    made = [a.made_at for a in applied]
    assert made == sorted(made) and all(
        m < a.created_at for m, a in zip(made, applied, strict=True)
    )
    tables = {m.number: m for m in Table.objects.filter(round=event, number__in=(1, 2, 3))}
    assert (tables[1].ew_level, tables[1].ns_level, tables[2].ns_level) == ("A+", "9", "Q")
    assert tables[3].deals == [{"win": "EW", "partner": 2}]
    assert all(tables[n].version == versions[n] + 1 for n in (1, 2, 3))  # each saved once
    for table in tables.values():
        (line,) = AuditEntry.objects.filter(object_id=str(table.pk), action__startswith="result.")
        phone = line.after["phone"]
        assert phone["late"] and phone["made_at"] < phone["arrived_at"]

    # The same entry posted again (its key) changes nothing and answers as the first did.
    key = applied[0].key
    answer = page.evaluate(
        """([url, key]) => {
          const data = new FormData();
          data.set("csrfmiddlewaretoken", document.querySelector("[name=csrfmiddlewaretoken]").value);
          for (const [k, v] of Object.entries({action: "enter", ew_level: "A+", ns_level: "9",
               ew_fouls: "0", ns_fouls: "0", version: "1", entry_key: key, offline: "1"}))
            data.set(k, v);
          return fetch(url, {method: "POST", body: data, headers: {"X-Outbox": "1"}})
            .then(r => r.json());
        }""",
        [entry[1], key],
    )
    assert answer["repeat"] is True and answer["outcome"] == "applied"
    tables[1].refresh_from_db()
    assert tables[1].version == versions[1] + 1 and tables[1].submissions.count() == 1
    assert AppliedEntry.objects.count() == 3


def test_a_page_kept_for_one_account_is_never_shown_to_the_next(live_server, phone, event):
    page = phone()
    signed_in(page, live_server.url, "ref")
    url = live_server.url + reverse("table_entry", args=["spring", 1, 1])
    page.goto(url)
    wait_js(page, CONTROLLED)
    page.goto(url)  # kept for ref
    page.context.clear_cookies()
    signed_in(page, live_server.url, "chief")
    page.goto(live_server.url + reverse("round_list", args=["spring"]))  # another account now
    page.context.set_offline(True)
    page.goto(url)
    wait_js(page, "document.body.innerText.length > 0")
    assert page.evaluate("document.documentElement.dataset.served") is None
    assert "ref" not in text(page, "body") and "离线" in text(page, "body")
    shot(page, "not-kept-offline-390")


def test_the_pages_in_english_and_on_a_wide_screen(live_server, browser, event):
    if not SHOTS:
        pytest.skip("screenshots only (OFFLINE_SHOTS)")
    for name, viewport, lang in (
        ("en-390", {"width": 390, "height": 844}, "en"),
        ("zh-1280", {"width": 1280, "height": 900}, "zh-hans"),
    ):
        context = browser.new_context(viewport=viewport, locale="zh-CN")
        page = context.new_page()
        context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
        signed_in(page, live_server.url, "ref")
        url = live_server.url + reverse("table_sheet", args=["spring", 1, 3])
        page.goto(url)
        wait_js(page, CONTROLLED)
        page.goto(url)
        wait_js(page, "document.querySelector('#sheet[data-ready]')")
        context.set_offline(True)
        page.goto(url)
        wait_js(page, FROM_PHONE)
        tap(page, "button", "EW wins" if lang == "en" else "东西胜")
        tap(page, "#step-partner button")
        wait_js(page, WAITING % 1)
        shot(page, f"sheet-offline-{name}")
        context.close()
