"""One browser holding one side's slip cannot enter a result and confirm it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.taps import pick, tap, text, type_in, wait_shown
from tournament.models import AuditEntry, Table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table4(tournament, pairs8, make_round):
    tournament.table_entry = True
    tournament.save()
    table = make_round(tournament, pairs8).tables.get(number=4)
    Table.objects.filter(pk=table.pk).update(ew_pin="1357", ns_pin="2468")
    table.refresh_from_db()
    return table


def link(live_server, table: Table, code: str) -> str:
    return live_server.url + reverse("side_entry", args=["spring", table.pk, code])


def test_one_slip_enters_but_cannot_confirm(live_server, phone, table4):
    page = phone()
    # The EW slip: its link (QR) and its PIN 1357. Enter a result.
    page.goto(link(live_server, table4, table4.ew_code))
    pick(page, "#id_ew_level", "A+")
    pick(page, "#id_ns_level", "9")
    with page.expect_navigation():
        tap(page, "button", "提交成绩")
    wait_shown(page, "已录入，等待对方确认")
    assert text(page, "#id_pin") is None  # no confirm form for one's own entry
    # Even with the other side's link (say, photographed), this phone is shown no confirm
    # form, only why (the POST is refused too: tests/app/results/test_side_codes.py).
    page.goto(link(live_server, table4, table4.ns_code))
    wait_shown(page, "同一部手机不能既录入又确认")
    assert text(page, "#id_pin") is None
    # A fresh browser on the same network, even with the right NS PIN, must wait or ask the
    # referee: one person switching phones right after entering is refused.
    other = phone()
    other.goto(link(live_server, table4, table4.ns_code))
    type_in(other, "#id_pin", "2468")
    with other.expect_navigation():
        tap(other, "button", "确认无误")
    wait_shown(other, "秒内不能用选手链接确认")
    table4.refresh_from_db()
    assert table4.state == Table.ENTERED and not table4.confirmed_via
    entry = AuditEntry.objects.get(action="result.enter")
    assert entry.actor == "table:EW" and "Chrome" in entry.device
