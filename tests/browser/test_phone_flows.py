"""End to end in real Chromium on a phone-sized screen."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import signed_in
from tournament.models import Match, Round
from tournament.results_check import ResultValues
from tournament.services.results import submit_result

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event(tournament, teams8, make_round):
    tournament.table_entry = True
    tournament.publish_pairings = True
    tournament.save()
    return make_round(tournament, teams8)


def test_referee_enters_a_deal_by_deal_sheet(live_server, phone, event, referee):
    page = phone()
    signed_in(page, live_server.url, "ref")
    page.goto(live_server.url + reverse("match_sheet", args=["spring", 1, 1]))
    page.wait_for_selector("#sheet[data-ready]", state="attached")
    # Four 1–2 wins take East–West 2→5→8→J→A; a 1–3 win at its own A passes A.
    for partner in ("二游（双下）",) * 4 + ("三游",):
        page.get_by_role("button", name="东西胜").click()
        page.get_by_role("button", name=partner).click()
        page.wait_for_function("document.getElementById('message').textContent !== '保存中…'")
    page.wait_for_selector("#level-EW:text('过A')")
    assert "比赛结束：东西获胜" in page.inner_text("#message")
    assert page.inner_text("#notation") == "EW12 EW12 EW12 EW12 EW13"
    match = Match.objects.get(round=event, table=1)
    assert (match.state, match.ew_level, match.ns_level) == (Match.ENTERED, "A+", "2")
    # The referee may still undo the last line of their own sheet until someone confirms it.
    page.get_by_role("button", name="撤销上一条").click()
    page.wait_for_function("document.getElementById('level-EW').textContent === 'A'")
    match.refresh_from_db()
    assert match.state == Match.IN_PLAY and len(match.deals) == 4


def test_a_second_user_confirms_the_result(live_server, phone, event, referee):
    match = Match.objects.get(round=event, table=2)
    submit_result(match, ResultValues("A+", "Q", winner="EW"), version=match.version, user=referee)
    page = phone()
    signed_in(page, live_server.url, "chief")
    page.goto(live_server.url + reverse("match_entry", args=["spring", 1, 2]))
    page.get_by_role("button", name="确认成绩").click()
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    match.refresh_from_db()
    assert match.state == Match.CONFIRMED and match.confirmed_by.username == "chief"


def test_the_referee_who_entered_cannot_confirm_it(live_server, phone, event, referee):
    match = Match.objects.get(round=event, table=2)
    submit_result(match, ResultValues("A+", "Q", winner="EW"), version=match.version, user=referee)
    page = phone()
    signed_in(page, live_server.url, "ref")
    page.goto(live_server.url + reverse("match_entry", args=["spring", 1, 2]))
    assert page.get_by_role("button", name="确认成绩").count() == 0
    match.refresh_from_db()
    assert match.state == Match.ENTERED


def test_a_player_finds_their_table(live_server, phone, event):
    page = phone()
    page.goto(live_server.url + reverse("pairings", args=["spring", 1]))
    page.fill("#find", "dui5jia")  # the pinyin of 队5甲: the server searches
    page.press("#find", "Enter")
    page.wait_for_url(re.compile(r"q=dui5jia"))
    found = page.locator("#find-results li")
    assert found.count() == 1
    assert "第3台" in found.inner_text() and "队6" in found.inner_text()


def test_players_enter_and_confirm_through_their_table_links(live_server, phone, event):
    match = Match.objects.get(round=event, table=4)
    ew_page, ns_page = phone(), phone()
    ew_page.goto(live_server.url + reverse("table_entry", args=["spring", match.pk, match.ew_code]))
    ew_page.select_option("#id_ew_level", "A+")
    ew_page.select_option("#id_ns_level", "9")
    ew_page.get_by_role("button", name="提交成绩").click()
    ew_page.wait_for_selector("text=已录入，等待对方确认")
    # Both phones share the server's address here: the NS player confirms after the gap.
    Match.objects.filter(pk=match.pk).update(entered_at=timezone.now() - timedelta(minutes=1))
    ns_page.goto(live_server.url + reverse("table_entry", args=["spring", match.pk, match.ns_code]))
    ns_page.fill("#id_pin", match.ns_pin)
    ns_page.get_by_role("button", name="确认无误").click()
    ns_page.wait_for_selector("text=成绩已确认")
    match.refresh_from_db()
    assert (match.state, match.ew_level, match.ns_level, match.confirmed_via) == (
        Match.CONFIRMED,
        "A+",
        "9",
        "table_ns",
    )


def test_projector_shows_the_round_clock(live_server, phone, event):
    Round.objects.filter(pk=event.pk).update(
        status=Round.IN_PLAY, started_at=timezone.now() - timedelta(minutes=56)
    )
    page = phone()
    page.goto(live_server.url + reverse("projector", args=["spring", 1]))
    clock = page.locator("#clock")
    page.wait_for_function("/^\\d+:\\d\\d$/.test(document.getElementById('clock').textContent)")
    minutes = int(clock.inner_text().split(":")[0])
    assert 3 <= minutes <= 4  # 60-minute limit, started 56 minutes ago
    assert "warn" in clock.get_attribute("class")  # the last five minutes
    Round.objects.filter(pk=event.pk).update(started_at=timezone.now() - timedelta(minutes=61))
    page.reload()
    page.wait_for_function("document.getElementById('clock').textContent === '时间到'")
    assert "over" in clock.get_attribute("class")


def test_round_control_updates_in_place_when_a_result_arrives(
    live_server, phone, event, referee, chief
):
    page = phone()
    # The page's own clock runs under the test's control: its 8-second poll comes when the
    # test moves the clock on, not after 8 s of real waiting.
    page.clock.install()
    signed_in(page, live_server.url, "chief")
    # The round is under way: a first result leaves it in play (its status, and so the
    # page's stamp, change only when every table is in).
    Round.objects.filter(pk=event.pk).update(status=Round.IN_PLAY, started_at=timezone.now())
    page.goto(live_server.url + reverse("round_control", args=["spring", 1]))
    page.evaluate("window.__not_reloaded = true")
    confirm = page.get_by_role("button", name="确认全部已录入")
    assert confirm.is_disabled()  # nothing entered yet: 没有等待确认的成绩
    match = Match.objects.get(round=event, table=3)
    submit_result(match, ResultValues("A+", "J", winner="EW"), version=match.version, user=referee)
    # The page polls every 8 s; the row of table 3 changes without a reload, and so do the
    # buttons that follow the tables: the chief referee can confirm at once (the button used
    # to stay disabled, with its old reason, until the page was reloaded).
    page.clock.run_for(8000)
    page.wait_for_selector("tr[data-table='3'].state-entered")
    expect(confirm).to_be_enabled()
    assert page.evaluate("window.__not_reloaded === true")
    assert "过A : J" in page.inner_text("tr[data-table='3']")
