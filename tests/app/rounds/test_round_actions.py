"""allowed_actions: which round actions exist now, why the others do not, and the pages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.core.round_actions import allowed_actions, problem, problem_text
from tournament.models import Round, Table
from tournament.models.table_guard import exempt
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result
from tournament.rounds.lifecycle import lock_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

WIN = ResultValues("A+", "K", winner="EW")


@pytest.fixture
def round1(tournament, pairs8, make_round):
    return make_round(tournament, pairs8)


def test_a_referee_gets_only_the_referees_actions(round1, referee):
    assert set(allowed_actions(round1, referee)) == {"enter"}


def test_the_organizer_publishes_only_a_draft(round1, organizer):
    actions = allowed_actions(round1, organizer)
    assert not actions["publish"].allowed and actions["publish"].reason == "本轮对阵已经公布"
    Round.objects.filter(pk=round1.pk).update(status=Round.DRAFT)
    round1.refresh_from_db()
    assert allowed_actions(round1, organizer)["publish"].allowed


OPEN4 = "还有4台成绩未确认，不能锁定：第1、2、3、4台未录入"


def test_lock_says_how_many_tables_are_open(round1, chief):
    lock = allowed_actions(round1, chief)["lock"]
    assert (lock.allowed, lock.shown, lock.reason) == (False, True, OPEN4)


def test_lock_names_each_open_table_and_why(round1, chief, referee):
    for table, values in ((1, WIN), (2, WIN), (3, ResultValues("A+", "Q", winner="EW"))):
        m = round1.tables.get(number=table)
        submit_result(m, values, version=m.version, by=user_actor(referee))
    m = round1.tables.get(number=3)
    submit_result(m, WIN, version=m.version, by=user_actor(chief))  # differs: a dispute
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(round=round1, number=2).update(state=Table.CONFIRMED)
    assert problem_text(round1, "lock") == (
        "还有3台成绩未确认，不能锁定：第4台未录入；"
        "第1台已录入待确认（可按“确认全部已录入”）；第3台录入不一致，请裁判长裁定"
    )


def test_a_long_list_of_open_tables_is_cut(tournament, make_round, register, chief):
    pairs = [register(tournament, f"长{i}") for i in range(24)]
    round_ = make_round(tournament, pairs, number=2)
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(round__number=1).update(state=Table.CONFIRMED)
    Round.objects.filter(number=1).update(status=Round.LOCKED)
    assert problem_text(round_, "lock") == (
        "还有12台成绩未确认，不能锁定：第1、2、3、4、5、6、7、8…等12台未录入"
    )


def test_the_service_refuses_with_the_same_reason(round1, chief):
    with pytest.raises(Refused) as exc:
        lock_round(round1, by=user_actor(chief))
    assert str(exc.value) == problem_text(round1, "lock")
    assert exc.value.msg == problem(round1, "lock")  # the code and its parameters


def test_lock_waits_for_earlier_rounds(tournament, pairs8, make_round, chief):
    make_round(tournament, pairs8)
    round2 = make_round(tournament, pairs8, number=2)
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(round=round2).update(state=Table.CONFIRMED)
    assert problem_text(round2, "lock") == "第1轮尚未锁定，请先锁定前面的轮次"


def test_confirm_all_needs_an_entered_table(round1, chief, referee):
    assert problem_text(round1, "confirm_all") == "没有等待确认的成绩"
    m = round1.tables.get(number=1)
    submit_result(m, WIN, version=m.version, by=user_actor(referee))
    assert problem_text(round1, "confirm_all") == ""


def test_round_control_shows_disabled_buttons_with_their_reason(round1, chief):
    page = login(chief).get(reverse("round_control", args=["spring", 1])).content.decode()
    lock = re.search(r"<button[^>]*>锁定本轮</button>", page).group(0)
    assert "disabled" in lock
    assert f'<small class="why" id="why-lock">{OPEN4}</small>' in page
    start = re.search(r"<button[^>]*>开赛计时</button>", page).group(0)
    assert "disabled" not in start


def test_pairing_the_next_round_while_one_is_open_is_disabled_and_says_why(round1, organizer):
    page = login(organizer).get(reverse("round_list", args=["spring"])).content.decode()
    button = re.search(r"<button[^>]*>编排下一轮</button>", page).group(0)
    assert "disabled" in button
    assert re.search(r'<small class="why" id="why-pair">第1轮[^<]+</small>', page)


def test_the_audit_log_is_readable(round1, referee, chief):
    m = round1.tables.get(number=1)
    submit_result(m, WIN, version=m.version, by=user_actor(referee))
    page = login(chief).get(reverse("round_audit", args=["spring", 1])).content.decode()
    assert "第1轮 第1台 队1 - 队2" in page
    assert "南北级数：— → <b>K</b>" in page and "状态：未开始 → <b>已录入</b>" in page
    assert "{&#x27;" not in page and "ew_level" not in page
    csv = login(chief).get(reverse("round_audit", args=["spring", 1]) + "?format=csv")
    assert "东西级数：— → 过A" in csv.content.decode()


def test_the_audit_log_comes_a_page_at_a_time_and_one_table_on_demand(
    round1, referee, chief, monkeypatch
):
    """A round of 2,500 tables has 5,000 lines and more: one page held them all (0.9 s,
    megabytes on a phone) and a table's history had to be searched by eye."""
    from tournament.core import views_audit as audit

    monkeypatch.setattr(audit, "AUDIT_PAGE", 2)
    for table in (1, 2, 3):
        m = round1.tables.get(number=table)
        submit_result(m, WIN, version=m.version, by=user_actor(referee))
    client, url = login(chief), reverse("round_audit", args=["spring", 1])
    first = client.get(url).content.decode()
    assert "第1台" in first and "第2台" in first and "第3台" not in first
    assert "第 1 / 2 页" in first and "page=2" in first
    assert "第3台" in client.get(url, {"page": 2}).content.decode()
    one = client.get(url, {"table": 2}).content.decode()
    assert "第2台" in one and "第1台" not in one and "第3台" not in one
    lines = client.get(url, {"table": 2, "format": "csv"}).content.decode().splitlines()
    assert len(lines) == 2 and "第2台" in lines[1]
    assert "第1台" in client.get(url, {"table": 0}).content.decode()  # no table: the round


def test_draft_flags_have_a_legend(round1, organizer):
    Round.objects.filter(pk=round1.pk).update(status=Round.DRAFT)
    Table.objects.filter(round=round1, number=1).update(flags=["float_down", "same_unit"])
    page = login(organizer).get(reverse("round_adjust", args=["spring", 1])).content.decode()
    legend = page[page.index('id="flag-legend"') :]
    assert "下浮" in legend and "与积分更低的组合对阵" in legend and "同单位对阵" in legend
    assert "上浮" not in legend


def test_a_round_with_results_but_no_clock_can_still_be_started(round1, chief, referee):
    m = round1.tables.get(number=1)
    submit_result(m, WIN, version=m.version, by=user_actor(referee))
    round1.refresh_from_db()
    start = allowed_actions(round1, chief)["start"]
    assert round1.status == Round.IN_PLAY and start.shown and start.allowed
    Round.objects.filter(pk=round1.pk).update(started_at=timezone.now())
    round1.refresh_from_db()
    assert not allowed_actions(round1, chief)["start"].shown
    assert problem_text(round1, "start") == "本轮已经开赛计时"


def test_confirm_all_and_lock_ask_before_acting(tournament, pairs8, make_round, chief):
    round_ = make_round(tournament, pairs8)
    page = login(chief).get(reverse("round_control", args=[tournament.slug, round_.number]))
    html = page.content.decode()
    assert 'data-ask="确认本轮全部已录入的成绩？"' in html
    assert 'data-ask="锁定本轮？锁定后成绩计入排名，更正须先解锁。"' in html
    assert "js/ask.js" in html
