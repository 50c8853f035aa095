"""Check-in (检录): by QR code and by typing, the board, and missing pairs before pairing."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from tests.conftest import login
from tests.forms import solved_challenge
from tournament.models import Absence, AuditEntry, CheckIn, Pair, Round, SignUpConfig, Table
from tournament.signup.checkin import checkin_code, checkin_url

pytestmark = pytest.mark.django_db


def desk(t) -> str:
    return reverse("checkin_desk", args=[t.slug])


def numbered(pairs8) -> list[Pair]:
    for i, pair in enumerate(pairs8, start=1):
        Pair.objects.filter(pk=pair.pk).update(draw_number=i)
    return pairs8


def test_scan_code_checks_a_pair_in_once(tournament, pairs8, referee):
    client = login(referee)
    pair = pairs8[2]
    url = "http://venue.local" + checkin_url(pair)
    assert client.post(desk(tournament), {"code": url}).status_code == 302
    assert client.post(desk(tournament), {"code": url}).status_code == 302
    checkin = CheckIn.objects.get()
    assert (checkin.pair, checkin.by, checkin.method) == (pair, referee, "scan")
    assert AuditEntry.objects.filter(action="checkin.in").count() == 1
    page = client.get(desk(tournament)).content.decode()
    assert "队3 之前已检录" in page


def test_a_forged_or_foreign_code_is_refused(tournament, other_tournament, pairs8, referee):
    client = login(referee)
    forged = f"{pairs8[0].pk}-{'0' * 12}"
    response = client.post(desk(tournament), {"code": forged}, follow=True)
    assert "不是本赛事的检录二维码" in response.content.decode()
    assert not CheckIn.objects.exists()


def test_typed_draw_number_or_name(tournament, pairs8, referee):
    numbered(pairs8)
    client = login(referee)
    client.post(desk(tournament), {"q": "5"})
    assert list(CheckIn.objects.values_list("pair__name", flat=True)) == ["队5"]
    page = client.post(desk(tournament), {"q": "队"}).content.decode()
    assert "找到多个组合" in page and CheckIn.objects.count() == 1
    client.post(desk(tournament), {"team": str(pairs8[0].pk)})
    assert CheckIn.objects.count() == 2
    response = client.post(desk(tournament), {"q": "没有这个队"}, follow=True)
    assert "没有找到" in response.content.decode()


@pytest.mark.both_databases
def test_withdrawn_pair_cannot_check_in(tournament, pairs8, referee):
    Pair.objects.filter(pk=pairs8[0].pk).update(status=Pair.WITHDRAWN)
    response = login(referee).post(desk(tournament), {"code": checkin_code(pairs8[0])}, follow=True)
    assert "不能检录" in response.content.decode() and not CheckIn.objects.exists()


def test_board_counts_checked_in_and_missing_per_unit(tournament, pairs8, referee):
    client = login(referee)
    for pair in pairs8[:3]:  # 队1 南京, 队2 苏州, 队3 无锡
        client.post(desk(tournament), {"code": checkin_code(pair)})
    page = client.get(reverse("checkin_board", args=[tournament.slug])).content.decode()
    assert page.count("已检录 1 · 未到 1") == 3 and "已检录 0 · 未到 2" in page


def test_the_desk_shows_the_board_totals(tournament, pairs8, referee):
    # The desk includes the board: its totals line had no numbers ("共已检录  对 · 未到  对").
    client = login(referee)
    client.post(desk(tournament), {"code": checkin_code(pairs8[0])})
    page = client.get(desk(tournament)).content.decode()
    assert "共已检录 1 对 · 未到 7 对" in page
    assert page.count('class="card unit"') == 4  # the board: one box a unit


def test_a_big_fields_desk_keeps_the_totals_and_leaves_the_board_to_its_page(
    tournament, pairs8, referee, monkeypatch
):
    """Every check-in brings the desk back: with 5,000 pairs the board below it made that
    335 KB on a phone at the door. Above DESK_BOARD_MAX pairs the desk keeps the totals."""
    from tournament.signup import views_checkin as checkin

    monkeypatch.setattr(checkin, "DESK_BOARD_MAX", 7)
    client = login(referee)
    client.post(desk(tournament), {"code": checkin_code(pairs8[0])})
    page = client.get(desk(tournament)).content.decode()
    assert "共已检录 1 对 · 未到 7 对" in page and 'class="card unit"' not in page
    assert reverse("checkin_board", args=[tournament.slug]) in page
    board = client.get(reverse("checkin_board", args=[tournament.slug])).content.decode()
    assert "共已检录 1 对 · 未到 7 对" in board and board.count('class="card unit"') == 4


def test_scan_url_confirms_for_staff_and_asks_others_to_log_in(tournament, pairs8, referee):
    url = checkin_url(pairs8[1])
    assert Client().get(url).status_code == 302  # to the login page
    client = login(referee)
    assert "确认检录" in client.get(url).content.decode()
    client.post(url)
    assert CheckIn.objects.get().pair == pairs8[1]


def test_missing_pairs_absent_forfeit_round_one(tournament, pairs8, as_organizer, referee):
    numbered(pairs8)
    for pair in pairs8[1:]:
        login(referee).post(desk(tournament), {"code": checkin_code(pair)})
    rounds = as_organizer.get(reverse("round_list", args=[tournament.slug])).content.decode()
    assert "1 个组合未检录" in rounds
    missing = reverse("checkin_missing", args=[tournament.slug])
    assert "队1" in as_organizer.get(missing).content.decode()
    as_organizer.post(missing, {"action": "absent", "team": [str(pairs8[0].pk)]})
    assert list(Absence.objects.values_list("pair", "round_number")) == [(pairs8[0].pk, 1)]
    as_organizer.post(reverse("pair_next", args=[tournament.slug]))
    table = Table.objects.get(Q(ew=pairs8[0]) | Q(ns=pairs8[0]), round__number=1)
    side = "EW" if table.ew_id == pairs8[0].pk else "NS"
    assert (table.forfeit, table.state) == (side, Table.CONFIRMED)
    assert table.winner == ("NS" if side == "EW" else "EW")
    others = Table.objects.filter(round__number=1).exclude(pk=table.pk)
    assert set(others.values_list("forfeit", flat=True)) == {""}
    assert AuditEntry.objects.filter(action="checkin.forfeit").count() == 1
    assert Round.objects.get(number=1).status == Round.DRAFT


def test_missing_pairs_withdrawn_in_one_action(tournament, pairs8, as_organizer, referee):
    login(referee).post(desk(tournament), {"code": checkin_code(pairs8[0])})
    missing = reverse("checkin_missing", args=[tournament.slug])
    ids = [str(t.pk) for t in pairs8[1:]]
    as_organizer.post(missing, {"action": "withdraw", "team": ids})
    statuses = dict(Pair.objects.values_list("name", "status"))
    assert statuses.pop("队1") == "active" and set(statuses.values()) == {"withdrawn"}
    entry = AuditEntry.objects.get(action="checkin.withdraw")
    assert "队2" in entry.summary and "队8" in entry.summary


def test_nothing_happens_without_a_choice(tournament, pairs8, as_organizer):
    missing = reverse("checkin_missing", args=[tournament.slug])
    response = as_organizer.post(missing, {"team": [str(pairs8[0].pk)]}, follow=True)
    assert "请选择缺席或退赛" in response.content.decode()
    assert not Absence.objects.exists() and not Pair.objects.exclude(status="active").exists()


def test_signup_page_shows_checkin_qr_and_the_table(tournament, register, make_round):
    SignUpConfig.objects.create(tournament=tournament, is_open=True)
    data = {
        "name": "新队",
        "unit": "",
        "player1": "甲",
        "phone1": "1",
        "player2": "乙",
        "phone2": "2",
    }
    client = Client()
    url = reverse("signup_page", args=[tournament.slug])
    status = client.post(url, data | solved_challenge())["Location"]
    page = client.get(status).content.decode()
    assert "检录二维码" in page and "my-table" not in page
    other = register(tournament, "对手队")
    make_round(tournament, [other, Pair.objects.get(name="新队")])
    page = client.get(status).content.decode()
    assert "第 1 台" in page and "南北" in page and "对手队" in page
