"""Online sign-up through the web: the checks, the waiting list, approval, fees, email."""

from __future__ import annotations

import io
from datetime import timedelta

import openpyxl
import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from tests.forms import solved_challenge
from tournament.models import AuditEntry, Pair, SignUp, SignUpConfig

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_flood_rules(settings):
    """These pairs all come from the test client's one address within a minute: the flood
    rules (held sign-ups, tests/app/signup/test_signup_flood.py) would hold most of them."""
    settings.SIGNUP_HOLD_PER_ADDRESS = 0
    settings.SIGNUP_FLOOD_ADDRESSES = 0


def open_signup(tournament, **fields) -> SignUpConfig:
    defaults = {"is_open": True, "cap": None, "fee": 0, "needs_approval": False}
    return SignUpConfig.objects.create(tournament=tournament, **(defaults | fields))


def pair_form(name: str, p1: str, p2: str, **extra) -> dict:
    return {
        "name": name,
        "unit": "南京",
        "player1": p1,
        "phone1": "13800000001",
        "player2": p2,
        "phone2": "13800000002",
        "email1": "",
        "email2": "",
    } | extra


def apply(client: Client, tournament, data: dict):
    return client.post(reverse("signup_page", args=[tournament.slug]), data | solved_challenge())


def latest(tournament) -> SignUp:
    return SignUp.objects.filter(tournament=tournament).order_by("-seq").first()


def test_sign_up_without_approval_registers_the_pair(tournament):
    open_signup(tournament)
    response = apply(Client(), tournament, pair_form("金陵一队", "张伟", "王芳"))
    signup = latest(tournament)
    assert response.status_code == 302
    assert response["Location"] == reverse("signup_status", args=[tournament.slug, signup.token])
    assert signup.state == SignUp.APPROVED
    pair = Pair.objects.get(tournament=tournament)
    assert (pair.name, pair.unit.name, signup.pair_id) == ("金陵一队", "南京", pair.pk)
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"team.add", "signup.submit"} <= actions
    assert AuditEntry.objects.get(action="signup.submit").actor == "报名者"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (pair_form("金陵\u200b一队", "李雷", "韩梅"), "队名“金陵一队”已经报名"),
        (pair_form("新队", "张伟", "韩梅"), "选手“张伟”已在组合“金陵一队”中报名"),
        (pair_form("新队", "李雷", "李雷"), "两名选手同名，请核对"),
    ],
)
def test_same_checks_as_the_import(tournament, register, data, message):
    register(tournament, "金陵一队", p1="张伟", p2="王芳")
    open_signup(tournament)
    response = apply(Client(), tournament, data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not SignUp.objects.exists() and Pair.objects.count() == 1


def test_a_waiting_pair_is_checked_against_too(tournament):
    open_signup(tournament, cap=0)
    apply(Client(), tournament, pair_form("一队", "甲", "乙"))
    response = apply(Client(), tournament, pair_form("一队", "丙", "丁"))
    assert "队名“一队”已经报名" in response.content.decode()
    assert SignUp.objects.count() == 1


def test_too_long_name_and_closed_or_late_sign_up_are_refused(tournament):
    response = apply(Client(), tournament, pair_form("一队", "甲", "乙"))
    assert "报名未开放或已截止" in response.content.decode()
    config = open_signup(tournament, deadline=timezone.now() - timedelta(minutes=1))
    assert (
        "报名未开放或已截止"
        in apply(Client(), tournament, pair_form("一队", "甲", "乙")).content.decode()
    )
    config.deadline = None
    config.save()
    response = apply(Client(), tournament, pair_form("长" * 51, "甲", "乙"))
    assert response.status_code == 200 and "50" in response.content.decode()
    assert not SignUp.objects.exists()


def test_waiting_list_moves_up_in_order_when_a_pair_withdraws(tournament):
    open_signup(tournament, cap=2, needs_approval=True)
    client = Client()
    for i, (p1, p2) in enumerate((("甲", "乙"), ("丙", "丁"), ("戊", "己"), ("庚", "辛"))):
        apply(client, tournament, pair_form(f"队{i}", p1, p2))
    states = list(SignUp.objects.order_by("seq").values_list("state", flat=True))
    assert states == ["pending", "pending", "waiting", "waiting"]
    first, _second, third, fourth = SignUp.objects.order_by("seq")
    page = client.get(reverse("signup_status", args=[tournament.slug, fourth.token]))
    assert "候补第 2 位" in page.content.decode()
    client.post(reverse("signup_withdraw", args=[tournament.slug, first.token]))
    third.refresh_from_db()
    fourth.refresh_from_db()
    assert (third.state, fourth.state) == ("pending", "waiting")
    assert AuditEntry.objects.filter(action="signup.promote", object_id=str(third.pk)).exists()


def test_approve_reject_with_reason_and_promotion(
    tournament, as_organizer, django_capture_on_commit_callbacks
):
    open_signup(tournament, cap=1, needs_approval=True)
    with django_capture_on_commit_callbacks(execute=True):
        apply(Client(), tournament, pair_form("一队", "甲", "乙", email1="a@example.com"))
        apply(Client(), tournament, pair_form("二队", "丙", "丁"))
    first, second = SignUp.objects.order_by("seq")
    action = lambda s, a, **d: as_organizer.post(  # noqa: E731
        reverse("signup_action", args=[tournament.slug, s.pk, a]), d
    )
    action(first, "reject")  # no reason: refused, nothing changes
    first.refresh_from_db()
    assert first.state == "pending"
    with django_capture_on_commit_callbacks(execute=True):
        action(first, "reject", reason="单位未确认")
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.state, first.reason, second.state) == ("rejected", "单位未确认", "pending")
    action(second, "approve")
    second.refresh_from_db()
    assert second.state == "approved" and second.pair.name == "二队"
    assert Pair.objects.filter(tournament=tournament).count() == 1
    subjects = [m.subject for m in mail.outbox]
    assert [s.split("：")[0].split(" · ")[1] for s in subjects] == ["报名已收到", "报名未通过"]
    assert "单位未确认" in mail.outbox[1].body and mail.outbox[1].to == ["a@example.com"]


def test_approval_email_carries_the_private_link(
    tournament, as_organizer, django_capture_on_commit_callbacks
):
    open_signup(tournament, needs_approval=True)
    with django_capture_on_commit_callbacks(execute=True):
        apply(Client(), tournament, pair_form("一队", "甲", "乙", email2="b@example.com"))
    signup = latest(tournament)
    with django_capture_on_commit_callbacks(execute=True):
        as_organizer.post(reverse("signup_action", args=[tournament.slug, signup.pk, "approve"]))
    assert [m.to for m in mail.outbox] == [["b@example.com"], ["b@example.com"]]
    link = "http://testserver" + reverse("signup_status", args=[tournament.slug, signup.token])
    assert "报名成功" in mail.outbox[1].subject and link in mail.outbox[1].body


def test_no_email_without_an_address(tournament, django_capture_on_commit_callbacks):
    open_signup(tournament)
    with django_capture_on_commit_callbacks(execute=True):
        apply(Client(), tournament, pair_form("一队", "甲", "乙"))
    assert mail.outbox == []


def test_pair_edits_until_the_deadline_then_not(tournament):
    config = open_signup(tournament)
    client = Client()
    apply(client, tournament, pair_form("一队", "甲", "乙"))
    signup = latest(tournament)
    url = reverse("signup_status", args=[tournament.slug, signup.token])
    assert client.post(url, pair_form("一队", "甲", "王芳")).status_code == 302
    assert signup.pair.players.get(position=2).name == "王芳"
    config.deadline = timezone.now() - timedelta(seconds=1)
    config.save()
    response = client.post(url, pair_form("一队", "甲", "李娜"))
    assert "报名已截止，不能再修改" in response.content.decode()
    assert signup.pair.players.get(position=2).name == "王芳"


@pytest.mark.both_databases
def test_organizer_edits_after_the_deadline(tournament, as_organizer):
    open_signup(tournament, deadline=timezone.now() + timedelta(hours=1))
    apply(Client(), tournament, pair_form("一队", "甲", "乙"))
    signup = latest(tournament)
    SignUpConfig.objects.update(deadline=timezone.now() - timedelta(hours=1))
    url = reverse("signup_admin_edit", args=[tournament.slug, signup.pk])
    assert as_organizer.post(url, pair_form("一队改", "甲", "乙")).status_code == 302
    signup.refresh_from_db()
    assert signup.pair.name == "一队改" and signup.data["name"] == "一队改"
    assert AuditEntry.objects.filter(action="signup.edit").count() == 1


def test_unknown_token_is_404_and_staff_page_needs_the_organizer(tournament, referee):
    assert Client().get(reverse("signup_status", args=[tournament.slug, "nope"])).status_code == 404
    from tests.conftest import login

    assert login(referee).get(reverse("signup_admin", args=[tournament.slug])).status_code == 404


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "red").save(out, format="PNG")
    return out.getvalue()


def test_fees_marked_with_who_and_when_and_totalled(tournament, as_organizer, organizer):
    open_signup(tournament, fee=100)
    for i, (p1, p2) in enumerate((("甲", "乙"), ("丙", "丁"), ("戊", "己"))):
        apply(Client(), tournament, pair_form(f"队{i}", p1, p2))
    a, b, _c = SignUp.objects.order_by("seq")
    fee = lambda s, v: as_organizer.post(  # noqa: E731
        reverse("signup_action", args=[tournament.slug, s.pk, "fee"]), {"fee": v}
    )
    fee(a, "paid")
    fee(b, "waived")
    fee(b, "bogus")
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.fee_status, a.fee_marked_by, b.fee_status) == ("paid", organizer, "waived")
    assert a.fee_marked_at is not None
    page = as_organizer.get(reverse("signup_admin", args=[tournament.slug])).content.decode()
    assert "已缴 1 组，100.00 元" in page and "未缴 1 组，100.00 元" in page
    assert "免缴 1 组" in page and "应收合计 200.00 元" in page


def test_payment_qr_is_reencoded_and_bounded(tournament, as_organizer):
    open_signup(tournament, fee=50)
    url = reverse("signup_admin", args=[tournament.slug])
    form = {"is_open": "on", "fee": "50", "cap": "", "deadline": ""}
    bad = io.BytesIO(b"not an image")
    bad.name = "qr.png"
    response = as_organizer.post(url, form | {"payment_qr_file": bad})
    assert "无法读取收款码图片" in response.content.decode()
    big = io.BytesIO(png(1200, 900))
    big.name = "qr.png"
    assert as_organizer.post(url, form | {"payment_qr_file": big}).status_code == 302
    served = Client().get(reverse("signup_payment_qr", args=[tournament.slug]))
    image = Image.open(io.BytesIO(served.content))
    assert (served["Content-Type"], image.format, image.size) == ("image/png", "PNG", (600, 450))
    apply(Client(), tournament, pair_form("一队", "甲", "乙"))
    status = Client().get(
        reverse("signup_status", args=[tournament.slug, latest(tournament).token])
    )
    assert reverse("signup_payment_qr", args=[tournament.slug]) in status.content.decode()


def test_raising_the_cap_moves_waiting_pairs_up(tournament, as_organizer):
    open_signup(tournament, cap=1)
    apply(Client(), tournament, pair_form("一队", "甲", "乙"))
    apply(Client(), tournament, pair_form("二队", "丙", "丁"))
    assert latest(tournament).state == "waiting"
    url = reverse("signup_admin", args=[tournament.slug])
    as_organizer.post(url, {"is_open": "on", "fee": "0", "cap": "2", "deadline": ""})
    assert latest(tournament).state == "approved"


@pytest.mark.both_databases
def test_registration_xlsx_has_the_fee_column_and_totals(tournament, as_organizer, register):
    register(tournament, "导入队")  # imported, not signed up: no fee label
    open_signup(tournament, fee=80)
    for i, (p1, p2) in enumerate((("甲", "乙"), ("丙", "丁"))):
        apply(Client(), tournament, pair_form(f"队{i}", p1, p2))
    first = SignUp.objects.order_by("seq").first()
    as_organizer.post(
        reverse("signup_action", args=[tournament.slug, first.pk, "fee"]), {"fee": "paid"}
    )
    response = as_organizer.get(
        reverse("export_download", args=[tournament.slug, "signin", "xlsx"])
    )
    sheet = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content))).active
    rows = [[c for c in row] for row in sheet.iter_rows(values_only=True)]
    header = next(r for r in rows if r and r[0] == "序号")
    fee_col = header.index("报名费")
    by_pair = {r[2]: r[fee_col] for r in rows if r and isinstance(r[0], int)}
    assert by_pair == {"队0": "已缴费", "队1": "未缴费", "导入队": None}
    totals = {r[0]: r[1] for r in rows if r and r[0] and str(r[0]).endswith(("数", "）"))}
    assert totals["已缴组数"] == 1 and totals["未缴金额（元）"] == 80
    assert totals["应收合计（元）"] == 160


def test_withdrawing_a_pair_from_the_registration_list_moves_the_waiting_list_up(
    tournament, as_organizer, register
):
    imported = register(tournament, "导入队")
    open_signup(tournament, cap=1)
    apply(Client(), tournament, pair_form("网上队", "甲", "乙"))
    assert latest(tournament).state == "waiting"
    url = reverse("pair_status", args=[tournament.slug, imported.pk])
    as_organizer.post(url, {"status": "withdrawn", "confirmed": "1"})  # the second step
    signup = latest(tournament)
    assert signup.state == "approved" and signup.pair.name == "网上队"


def test_a_pair_withdrawn_by_the_organizer_sees_it_and_cannot_edit(tournament, as_organizer):
    open_signup(tournament)
    client = Client()
    apply(client, tournament, pair_form("网上队", "甲", "乙"))
    signup = latest(tournament)
    as_organizer.post(
        reverse("pair_status", args=[tournament.slug, signup.pair_id]),
        {"status": "withdrawn", "confirmed": "1"},
    )
    page = client.get(
        reverse("signup_status", args=[tournament.slug, signup.token])
    ).content.decode()
    assert "<strong>退赛</strong>" in page and "修改报名信息" not in page and "退出报名" not in page


def test_the_applications_come_a_page_at_a_time_by_state_and_search(
    tournament, organizer, monkeypatch
):
    """A 万人 event's 5,000 applications were one page of 5.6 MB (1.2 s), and after each
    通过 the organizer landed back at the top of it. Now 50 a page, a state and a search,
    and each action returns to the list as it was."""
    from tests.conftest import login
    from tournament.signup import views_staff as signup_staff

    monkeypatch.setattr(signup_staff, "SIGNUP_PAGE", 2)
    open_signup(tournament, needs_approval=True)
    for i in range(1, 6):
        assert (
            apply(Client(), tournament, pair_form(f"队{i}", f"张{i}", f"李{i}")).status_code == 302
        )
    client, url = login(organizer), reverse("signup_admin", args=[tournament.slug])
    first = client.get(url).content.decode()
    assert first.count('class="card signup-row"') == 2 and "第 1 / 3 页" in first
    assert "网上报名（5）" in first
    found = client.get(url, {"q": "李4"}).content.decode()
    assert found.count('class="card signup-row"') == 1 and "队4" in found
    shown = f"{url}?state=pending&page=2"
    four = SignUp.objects.get(tournament=tournament, data__name="队4")
    action = reverse("signup_action", args=[tournament.slug, four.pk, "approve"])
    assert client.post(action, {"next": shown}).url == shown
    assert SignUp.objects.get(pk=four.pk).state == SignUp.APPROVED
    page = client.get(url, {"state": "approved"}).content.decode()
    assert page.count('class="card signup-row"') == 1 and "队4" in page
    none = client.get(url, {"state": "rejected"}).content.decode()  # a state nobody is in
    assert 'class="card signup-row"' not in none and "没有符合条件的报名" in none
    for elsewhere in ("https://example.com/", "/t/other/signups/"):
        three = SignUp.objects.get(tournament=tournament, data__name="队3")
        action = reverse("signup_action", args=[tournament.slug, three.pk, "withdraw"])
        assert client.post(action, {"next": elsewhere}).url == url
        SignUp.objects.filter(pk=three.pk).update(state=SignUp.PENDING)
