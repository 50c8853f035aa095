"""Sign-up to table on a phone, in real Chromium: waiting list, approval, QR check-in,
and an absent pair forfeiting round 1."""

from __future__ import annotations

import pytest
import qrcode
from django.db.models import Q
from django.urls import reverse

from tests.browser.conftest import signed_in, wider_than_screen
from tests.browser.taps import tap, text, type_in, wait_js, wait_shown
from tests.forms import solved_challenge
from tournament.core.actors import user_actor
from tournament.models import CheckIn, Pair, Round, SignUp, SignUpConfig, Table
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import draw
from tournament.signup.checkin import check_in, checkin_url

pytestmark = pytest.mark.django_db(transaction=True)
# The id of the sign-up list's card that names a pair.
ROW_OF = """name => Array.from(document.querySelectorAll("article.signup-row"))
  .find(card => card.innerText.includes(name)).id"""


def fits(page) -> bool:
    """Nothing sticks out sideways on the 390 px phone."""
    return wider_than_screen(page) <= 0


def sign_up(page, base: str, name: str, p1: str, p2: str) -> None:
    page.goto(base + reverse("signup_page", args=["spring"]))
    assert fits(page)
    type_in(page, "#id_name", name)
    type_in(page, "#id_unit", "南京")
    type_in(page, "#id_player1", p1)
    type_in(page, "#id_phone1", "13900000001")
    type_in(page, "#id_player2", p2)
    type_in(page, "#id_phone2", "13900000002")
    # The challenge: the sum a person reads off the picture (only the server can derive it).
    wait_js(page, "document.querySelector('img.captcha-image').naturalWidth > 0")
    token = page.evaluate("document.querySelector('[name=challenge_token]').value")
    type_in(page, "#id_challenge", solved_challenge(token)["challenge"])
    tap(page, "button", "提交报名")
    page.wait_for_url("**/signup/*/")
    assert fits(page)


def test_sign_up_wait_move_up_approve_check_in_and_play(
    live_server, phone, tournament, register, organizer, referee, tmp_path
):
    base = live_server.url
    SignUpConfig.objects.create(tournament=tournament, is_open=True, cap=5, needs_approval=True)
    absent = register(tournament, "缺席队", "苏州")
    present = [register(tournament, f"到场{i}", "无锡") for i in range(3)]
    pairs = {}
    for name, p1, p2 in (("先报队", "甲一", "甲二"), ("晚报队", "乙一", "乙二")):
        page = phone()
        sign_up(page, base, name, p1, p2)
        pairs[name] = page
    first, late = pairs["先报队"], pairs["晚报队"]
    assert text(first, "#signup-state").startswith("待审核")
    assert "候补第 1 位" in text(late, "#signup-state")
    # The first pair withdraws from its private link: the waiting pair moves up.
    first.once("dialog", lambda dialog: dialog.accept())
    tap(first, "button", "退出报名")
    wait_js(first, "document.getElementById('signup-state').innerText.includes('已退出')")
    late.reload()
    assert text(late, "#signup-state").startswith("待审核")
    # The organizer approves it on a phone.
    staff = phone()
    signed_in(staff, base, "alice")
    staff.goto(base + reverse("signup_admin", args=["spring"]))
    row = staff.evaluate(ROW_OF, "晚报队")
    with staff.expect_navigation():
        tap(staff, f"#{row}[data-state='pending'] button", "通过")
    wait_js(staff, f"document.querySelector(\"#{row}[data-state='approved']\")")
    assert fits(staff)
    late.reload()
    assert text(late, "#signup-state").startswith("报名成功")
    assert late.evaluate("document.querySelectorAll('#checkin-card svg').length") == 1
    assert fits(late)
    # A referee checks the pair in by reading a photo of its QR code.
    pair = Pair.objects.get(name="晚报队")
    image = tmp_path / "checkin.png"
    qrcode.make(base + checkin_url(pair)).save(image)
    desk = phone()
    signed_in(desk, base, "ref")
    desk.goto(base + reverse("checkin_desk", args=["spring"]))
    desk.set_input_files("#qr-file", str(image))
    wait_js(
        desk, "(document.querySelector('.messages') || {}).innerText?.includes('已检录：晚报队')"
    )
    assert "已检录 1 · 未到 0" in text(desk, "section[data-unit='南京']")
    assert CheckIn.objects.get(pair=pair).method == CheckIn.SCAN  # read by jsQR, not typed
    assert fits(desk)
    for other in present:
        check_in(pair=other, method="typed", by=user_actor(referee))
    # Before round 1 the organizer marks the missing pair absent, then pairs the round.
    staff.goto(base + reverse("round_list", args=["spring"]))
    with staff.expect_navigation():
        tap(staff, "a", "编排前处理（缺席或退赛）")
    assert "缺席队" in text(staff, "#missing-form")
    with staff.expect_navigation():
        tap(staff, "button", "第1轮缺席（判负）")
    wait_shown(staff, "已处理 1 个未检录组合")
    draw(tournament, seed=1, by=user_actor(None))
    staff.goto(base + reverse("round_list", args=["spring"]))
    tap(staff, "button", "编排下一轮")
    staff.wait_for_url("**/rounds/1/adjust/")
    round_ = Round.objects.get(tournament=tournament, number=1)
    forfeit = Table.objects.get(Q(ew=absent) | Q(ns=absent), round=round_)
    assert forfeit.forfeit == ("EW" if forfeit.ew_id == absent.pk else "NS")
    publish_round(round_, by=user_actor(organizer))
    # The pair finds its table on its own page.
    late.reload()
    mine = Table.objects.get(Q(ew=pair) | Q(ns=pair), round=round_)
    assert f"第 {mine.number} 台" in text(late, "#my-table") and fits(late)
    assert SignUp.objects.get(pair=pair).state == SignUp.APPROVED
