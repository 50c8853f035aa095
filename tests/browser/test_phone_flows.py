"""End to end in real Chromium on a phone-sized screen."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.browser.conftest import signed_in
from tests.browser.taps import pick, tap, text, texts, type_in, wait_js, wait_shown, wait_text
from tests.browser.web_event import SAVED, choose
from tournament.core.actors import user_actor
from tournament.models import Round, Table
from tournament.models.table_guard import exempt
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result

pytestmark = pytest.mark.django_db(transaction=True)
CLOCK_CLASS = "document.getElementById('clock').className"
CONFIRM_ALL_DISABLED = """Array.from(document.querySelectorAll("button"))
  .find(b => b.innerText.trim() === "确认全部已录入").disabled"""


@pytest.fixture
def event(tournament, pairs8, make_round):
    tournament.table_entry = True
    tournament.publish_pairings = True
    tournament.save()
    return make_round(tournament, pairs8)


def test_referee_enters_a_deal_by_deal_sheet(live_server, phone, event, referee):
    page = phone()
    signed_in(page, live_server.url, "ref")
    page.goto(live_server.url + reverse("table_sheet", args=["spring", 1, 1]))
    wait_js(page, "document.querySelector('#sheet[data-ready]')")
    # Four 1–2 wins take East–West 2→5→8→J→A; a 1–3 win at its own A passes A.
    for partner in ("二游（双下）",) * 4 + ("三游",):
        choose(page, "东西胜", partner)
        wait_js(page, SAVED)
    wait_text(page, "#level-EW", "过A")
    assert "比赛结束：东西获胜" in text(page, "#message")
    assert text(page, "#notation") == "EW12 EW12 EW12 EW12 EW13"
    table = Table.objects.get(round=event, number=1)
    assert (table.state, table.ew_level, table.ns_level) == (Table.ENTERED, "A+", "2")
    # The referee may still undo the last line of their own sheet until someone confirms it.
    tap(page, "button", "撤销上一条")
    wait_js(page, "document.getElementById('level-EW').textContent === 'A'")
    table.refresh_from_db()
    assert table.state == Table.IN_PLAY and len(table.deals) == 4


def test_a_second_user_confirms_the_result(live_server, phone, event, referee):
    table = Table.objects.get(round=event, number=2)
    submit_result(
        table, ResultValues("A+", "Q", winner="EW"), version=table.version, by=user_actor(referee)
    )
    page = phone()
    signed_in(page, live_server.url, "chief")
    page.goto(live_server.url + reverse("table_entry", args=["spring", 1, 2]))
    tap(page, "button", "确认成绩")
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    table.refresh_from_db()
    assert table.state == Table.CONFIRMED and table.confirmed_by.username == "chief"


def test_the_referee_who_entered_cannot_confirm_it(live_server, phone, event, referee):
    table = Table.objects.get(round=event, number=2)
    submit_result(
        table, ResultValues("A+", "Q", winner="EW"), version=table.version, by=user_actor(referee)
    )
    page = phone()
    signed_in(page, live_server.url, "ref")
    page.goto(live_server.url + reverse("table_entry", args=["spring", 1, 2]))
    assert "确认成绩" not in [label.strip() for label in texts(page, "button")]
    table.refresh_from_db()
    assert table.state == Table.ENTERED


def test_a_player_finds_their_table(live_server, phone, event):
    page = phone()
    page.goto(live_server.url + reverse("pairings", args=["spring", 1]))
    type_in(page, "#find", "dui5jia")  # the pinyin of 队5甲: the server searches
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"q=dui5jia"))
    found = texts(page, "#find-results li")
    assert len(found) == 1
    assert "第3台" in found[0] and "队6" in found[0]


def test_players_enter_and_confirm_through_their_table_links(live_server, phone, event):
    table = Table.objects.get(round=event, number=4)
    ew_page, ns_page = phone(), phone()
    ew_page.goto(live_server.url + reverse("side_entry", args=["spring", table.pk, table.ew_code]))
    pick(ew_page, "#id_ew_level", "A+")
    pick(ew_page, "#id_ns_level", "9")
    with ew_page.expect_navigation():
        tap(ew_page, "button", "提交成绩")
    wait_shown(ew_page, "已录入，等待对方确认")
    # Both phones share the server's address here: the NS player confirms after the gap.
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(pk=table.pk).update(entered_at=timezone.now() - timedelta(minutes=1))
    ns_page.goto(live_server.url + reverse("side_entry", args=["spring", table.pk, table.ns_code]))
    type_in(ns_page, "#id_pin", table.ns_pin)
    with ns_page.expect_navigation():
        tap(ns_page, "button", "确认无误")
    wait_shown(ns_page, "成绩已确认")
    table.refresh_from_db()
    assert (table.state, table.ew_level, table.ns_level, table.confirmed_via) == (
        Table.CONFIRMED,
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
    wait_js(page, "/^\\d+:\\d\\d$/.test(document.getElementById('clock').textContent)")
    minutes = int(text(page, "#clock").split(":")[0])
    assert 3 <= minutes <= 4  # 60-minute limit, started 56 minutes ago
    assert "warn" in page.evaluate(CLOCK_CLASS)  # the last five minutes
    Round.objects.filter(pk=event.pk).update(started_at=timezone.now() - timedelta(minutes=61))
    page.reload()
    wait_js(page, "document.getElementById('clock').textContent === '时间到'")
    assert "over" in page.evaluate(CLOCK_CLASS)


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
    assert page.evaluate(CONFIRM_ALL_DISABLED)  # nothing entered yet: 没有等待确认的成绩
    table = Table.objects.get(round=event, number=3)
    submit_result(
        table, ResultValues("A+", "J", winner="EW"), version=table.version, by=user_actor(referee)
    )
    # The page polls every 8 s; the row of table 3 changes without a reload, and so do the
    # buttons that follow the tables: the chief referee can confirm at once (the button used
    # to stay disabled, with its old reason, until the page was reloaded).
    page.clock.run_for(8000)
    wait_js(page, "document.querySelector(\"tr[data-table='3'].state-entered\")")
    wait_js(page, f"!({CONFIRM_ALL_DISABLED})")
    assert page.evaluate("window.__not_reloaded === true")
    assert "过A : J" in text(page, "tr[data-table='3']")
