"""A script floods the public sign-up form: the limits hold, nothing is
half-saved, a real pair from another address still signs up; the challenge, the e-mail
confirmation, approval once the event runs, and the organizer's bulk refusals."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.forms import solved_challenge
from tournament.models import AuditEntry, Pair, Player, SignUp, SignUpConfig
from tournament.signup.challenge import question_of
from tournament.signup.services import places_taken

pytestmark = pytest.mark.django_db

STRANGER = "203.0.113.5"
NEIGHBOUR = "198.51.100.7"


def open_signup(tournament, **fields) -> SignUpConfig:
    return SignUpConfig.objects.create(tournament=tournament, is_open=True, **fields)


def scripted(n: int) -> dict:
    """The n-th pair a script invents."""
    return {
        "name": f"机器{n}队",
        "unit": "",
        "player1": f"甲{n}",
        "phone1": f"1380000{n:04d}",
        "player2": f"乙{n}",
        "phone2": f"1390000{n:04d}",
        "email1": "",
        "email2": "",
    }


def post(tournament, data: dict, challenge=True, **meta):
    body = data | (solved_challenge() if challenge else {})
    return Client().post(reverse("signup_page", args=[tournament.slug]), body, **meta)


def nothing_half_saved(tournament) -> None:
    """Every application saved is whole: one pair of two players per accepted one."""
    accepted = SignUp.objects.filter(tournament=tournament, state=SignUp.APPROVED)
    assert Pair.objects.filter(tournament=tournament).count() == accepted.count()
    assert Player.objects.filter(pair__tournament=tournament).count() == 2 * accepted.count()


def test_one_address_gets_its_limit_and_a_neighbour_still_signs_up(tournament, settings):
    settings.SIGNUP_LIMIT_PER_ADDRESS = 5
    open_signup(tournament)
    answers = [post(tournament, scripted(n), REMOTE_ADDR=STRANGER) for n in range(12)]
    assert [r.status_code for r in answers] == [302] * 5 + [200] * 7
    page = answers[-1].content.decode()
    assert "同一网络一小时内最多提交5个报名" in page
    assert SignUp.objects.filter(ip=STRANGER).count() == 5
    nothing_half_saved(tournament)
    real = post(tournament, scripted(99) | {"name": "金陵队"}, REMOTE_ADDR=NEIGHBOUR)
    assert real.status_code == 302
    assert SignUp.objects.get(ip=NEIGHBOUR).pair.name == "金陵队"


def test_many_forwarded_addresses_meet_the_event_limit(tournament, settings):
    """Behind the proxy (REMOTE_ADDR is the proxy), each request forwards another address."""
    settings.TRUSTED_PROXIES = 1
    settings.SIGNUP_LIMIT_PER_EVENT = 8
    open_signup(tournament)
    codes = [
        post(
            tournament,
            scripted(n),
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=f"10.9.{n // 250}.{n % 250 + 1}",
        ).status_code
        for n in range(15)
    ]
    assert codes == [302] * 8 + [200] * 7
    assert SignUp.objects.filter(tournament=tournament).count() == 8
    assert SignUp.objects.filter(ip="10.9.0.1").exists()  # the forwarded address is kept
    nothing_half_saved(tournament)
    refused = post(
        tournament, scripted(50), REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="10.1.1.1"
    )
    assert "本赛事一小时内收到的报名已达8个" in refused.content.decode()


def test_a_forged_forwarded_header_straight_to_the_app_port_is_one_address(tournament, settings):
    """TRUSTED_PROXIES=1, but the request did not come through the proxy: its header is ignored."""
    settings.TRUSTED_PROXIES = 1
    settings.SIGNUP_LIMIT_PER_ADDRESS = 3
    open_signup(tournament)
    codes = [
        post(
            tournament, scripted(n), REMOTE_ADDR=STRANGER, HTTP_X_FORWARDED_FOR=f"10.0.0.{n + 1}"
        ).status_code
        for n in range(6)
    ]
    assert codes == [302] * 3 + [200] * 3
    assert set(SignUp.objects.values_list("ip", flat=True)) == {STRANGER}


def test_no_answer_or_a_wrong_one_saves_nothing(tournament):
    open_signup(tournament)
    assert post(tournament, scripted(1), challenge=False).status_code == 200
    wrong = solved_challenge() | {"challenge": "-1"}
    page = Client().post(reverse("signup_page", args=[tournament.slug]), scripted(2) | wrong)
    assert "验证题答案不对" in page.content.decode()
    # The challenge is spent: the right answer to it now is refused too (no second guess).
    again = Client().post(
        reverse("signup_page", args=[tournament.slug]),
        scripted(2) | wrong | {"challenge": str(question_of(wrong["challenge_token"]).answer)},
    )
    assert again.status_code == 200
    assert not SignUp.objects.exists() and not Pair.objects.exists()


def test_once_a_round_is_out_every_new_pair_waits_for_approval(tournament, register, make_round):
    open_signup(tournament, needs_approval=False)
    make_round(tournament, [register(tournament, "甲队"), register(tournament, "乙队")])
    assert post(tournament, scripted(1)).status_code == 302
    signup = SignUp.objects.get()
    assert signup.state == SignUp.PENDING and signup.pair is None


def test_a_sign_up_counts_only_once_its_email_is_confirmed(
    tournament, django_capture_on_commit_callbacks
):
    open_signup(tournament, confirm_email=True, cap=1)
    page = post(tournament, scripted(1)).content.decode()
    assert "本赛事需确认邮箱" in page and not SignUp.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        post(tournament, scripted(1) | {"email1": "a@example.com", "email2": "b@example.com"})
    signup = SignUp.objects.get()
    assert signup.state == SignUp.UNCONFIRMED and signup.pair is None
    (letter,) = mail.outbox
    assert letter.to == ["a@example.com"]
    link = re.search(r"http://testserver(/\S+/confirm/\S+/)", letter.body).group(1)
    status = Client().get(reverse("signup_status", args=[tournament.slug, signup.token]))
    assert "请打开邮件中的链接" in status.content.decode()
    assert link not in status.content.decode()  # the page shows the filler no confirmation
    client = Client()
    assert client.get(link).status_code == 200  # a mail scanner opening it changes nothing
    assert SignUp.objects.get(pk=signup.pk).state == SignUp.UNCONFIRMED
    # Its place is not held: another pair, quicker to confirm, gets the only place.
    with django_capture_on_commit_callbacks(execute=True):
        post(tournament, scripted(2) | {"email1": "c@example.com"})
    other = SignUp.objects.get(email1="c@example.com")
    Client().post(re.search(r"http://testserver(/\S+/confirm/\S+/)", mail.outbox[-1].body)[1])
    assert SignUp.objects.get(pk=other.pk).state == SignUp.APPROVED
    forged = link.rsplit("/", 2)[0] + "/0000/"
    assert client.post(forged).status_code == 404
    assert SignUp.objects.get(pk=signup.pk).state == SignUp.UNCONFIRMED
    client.post(link)
    assert SignUp.objects.get(pk=signup.pk).state == SignUp.WAITING


def test_the_organizer_rejects_a_flood_by_address_and_by_hour(
    tournament, organizer, django_capture_on_commit_callbacks
):
    open_signup(tournament, needs_approval=True)
    for n in range(4):
        post(tournament, scripted(n) | {"email1": f"x{n}@example.com"}, REMOTE_ADDR=STRANGER)
    post(tournament, scripted(9) | {"email1": "real@example.com"}, REMOTE_ADDR=NEIGHBOUR)
    staff = Client()
    staff.force_login(organizer)
    page = staff.get(reverse("signup_admin", args=[tournament.slug])).content.decode()
    assert f"{STRANGER}（4个）" in page and STRANGER in page
    url = reverse("signup_reject_many", args=[tournament.slug])
    refused = staff.post(url, {"ip": STRANGER, "reason": ""}, follow=True)
    assert "请填写未通过的原因" in refused.content.decode()
    assert not SignUp.objects.filter(state=SignUp.REJECTED).exists()
    with django_capture_on_commit_callbacks(execute=True):
        done = staff.post(url, {"ip": STRANGER, "reason": "脚本报名"}, follow=True)
    assert "已拒绝4个报名" in done.content.decode()
    assert SignUp.objects.filter(state=SignUp.REJECTED, ip=STRANGER).count() == 4
    assert SignUp.objects.get(ip=NEIGHBOUR).state == SignUp.PENDING
    assert AuditEntry.objects.filter(action="signup.reject").count() == 4
    assert AuditEntry.objects.filter(action="signup.reject_many").count() == 1
    assert not mail.outbox  # a script's made-up addresses are not mailed
    hour = SignUp.objects.get(ip=NEIGHBOUR).created_at
    text = timezone.localtime(hour).strftime("%Y-%m-%dT%H")
    staff.post(url, {"hour": text, "reason": "同一小时"})
    assert SignUp.objects.get(ip=NEIGHBOUR).state == SignUp.REJECTED


def forwarded(address: str) -> dict:
    """A request through the proxy (TRUSTED_PROXIES=1) from ``address``."""
    return {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": address}


@pytest.mark.slow  # 100 sign-ups through the web; the flood limits are tested above too
def test_a_flood_from_ten_addresses_takes_no_place_from_a_real_pair(
    tournament, organizer, settings
):
    """Issue 41: 100 scripted sign-ups from 10 addresses filled the 40-place cap and the
    waiting list, then the event's hourly limit refused a real pair. Now the flood is held
    (待核实, no place) and the real pair, held too while the flood lasts, gets a place as
    soon as the organizer lets it in."""
    settings.TRUSTED_PROXIES = 1
    settings.SIGNUP_FLOOD_ADDRESSES = 5
    open_signup(tournament, cap=40)
    codes = [
        post(tournament, scripted(n), **forwarded(f"10.7.0.{n % 10 + 1}")).status_code
        for n in range(100)
    ]
    assert codes == [302] * 100  # nothing refused: held instead
    flood = SignUp.objects.filter(tournament=tournament)
    placed = places_taken(tournament)
    # At most SIGNUP_FLOOD_ADDRESSES addresses sign up before the flood is one.
    assert placed <= 5
    assert not flood.filter(state=SignUp.WAITING).exists()
    real = post(tournament, scripted(500) | {"name": "金陵队"}, **forwarded("192.0.2.77"))
    assert real.status_code == 302
    assert flood.filter(state=SignUp.HELD).count() == 101 - placed
    signup = SignUp.objects.get(ip="192.0.2.77")
    assert signup.state == SignUp.HELD and signup.pair is None
    staff = Client()
    staff.force_login(organizer)
    page = staff.get(reverse("signup_admin", args=[tournament.slug])).content.decode()
    assert 'id="held-note"' in page
    staff.post(reverse("signup_action", args=[tournament.slug, signup.pk, "approve"]))
    signup.refresh_from_db()
    assert signup.state == SignUp.APPROVED and signup.pair.name == "金陵队"
    nothing_half_saved(tournament)


def test_a_held_sign_up_holds_no_place_and_is_mailed_nothing(
    tournament, organizer, settings, django_capture_on_commit_callbacks
):
    settings.SIGNUP_HOLD_PER_ADDRESS = 1
    open_signup(tournament, cap=1)
    with django_capture_on_commit_callbacks(execute=True):
        post(tournament, scripted(1) | {"email1": "a@example.com"}, REMOTE_ADDR=STRANGER)
        post(tournament, scripted(2) | {"email1": "b@example.com"}, REMOTE_ADDR=STRANGER)
    first, second = SignUp.objects.order_by("seq")
    assert first.state == SignUp.APPROVED and second.state == SignUp.HELD
    assert [m.to for m in mail.outbox] == [["a@example.com"]]
    status = Client().get(reverse("signup_status", args=[tournament.slug, second.token]))
    assert "需组织者核实" in status.content.decode()
    # The organizer lets it in while the cap is full: the waiting list.
    staff = Client()
    staff.force_login(organizer)
    staff.post(reverse("signup_action", args=[tournament.slug, second.pk, "approve"]))
    second.refresh_from_db()
    assert second.state == SignUp.WAITING and second.pair is None


def test_held_sign_ups_are_rejected_without_mail(
    tournament, organizer, settings, django_capture_on_commit_callbacks
):
    settings.SIGNUP_HOLD_PER_ADDRESS = 1
    open_signup(tournament)
    for n in range(3):
        post(tournament, scripted(n) | {"email1": f"x{n}@example.com"}, REMOTE_ADDR=STRANGER)
    held = list(SignUp.objects.filter(state=SignUp.HELD).order_by("seq"))
    assert len(held) == 2
    staff = Client()
    staff.force_login(organizer)
    action = reverse("signup_action", args=[tournament.slug, held[0].pk, "reject"])
    with django_capture_on_commit_callbacks(execute=True):
        staff.post(action, {"reason": "脚本"})
    assert SignUp.objects.get(pk=held[0].pk).state == SignUp.REJECTED
    assert not mail.outbox
