"""One browser holding one side's slip cannot enter a result and confirm it (issue 13)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import AuditEntry, Match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table4(tournament, teams8, make_round):
    tournament.table_entry = True
    tournament.save()
    match = make_round(tournament, teams8).matches.get(table=4)
    Match.objects.filter(pk=match.pk).update(ew_pin="1357", ns_pin="2468")
    match.refresh_from_db()
    return match


def link(live_server, match: Match, code: str) -> str:
    return live_server.url + reverse("table_entry", args=["spring", match.pk, code])


def test_one_slip_enters_but_cannot_confirm(live_server, phone, table4):
    page = phone()
    # The EW slip: its link (QR) and its PIN 1357. Enter a result.
    page.goto(link(live_server, table4, table4.ew_code))
    page.select_option("#id_ew_level", "A+")
    page.select_option("#id_ns_level", "9")
    page.get_by_role("button", name="提交成绩").click()
    page.wait_for_selector("text=已录入，等待对方确认")
    assert page.locator("#id_pin").count() == 0  # no confirm form for one's own entry
    # Even with the other side's link (say, photographed), the EW PIN does not confirm.
    page.goto(link(live_server, table4, table4.ns_code))
    page.fill("#id_pin", "1357")
    page.get_by_role("button", name="确认无误").click()
    page.wait_for_selector(".msg.error")
    # A fresh browser on the same network, even with the right NS PIN, must wait or ask the
    # referee: one person switching phones right after entering is refused.
    other = phone()
    other.goto(link(live_server, table4, table4.ns_code))
    other.fill("#id_pin", "2468")
    other.get_by_role("button", name="确认无误").click()
    other.wait_for_selector("text=秒内不能用选手链接确认")
    table4.refresh_from_db()
    assert table4.state == Match.ENTERED and not table4.confirmed_via
    entry = AuditEntry.objects.get(action="result.enter")
    assert entry.actor == "table:EW" and "Chrome" in entry.device
