"""电脑抽签, 确认全部已录入 and 锁定本轮 ask before acting: answering
Cancel sends nothing, OK acts (static/js/ask.js, a form's data-ask)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.conftest import signed_in
from tests.browser.taps import tap, wait_shown
from tournament.models import Pair

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_computer_draw_asks_first_and_cancel_draws_nothing(
    live_server, phone, tournament, pairs8, organizer
):
    page = phone()
    signed_in(page, live_server.url, "alice")
    page.goto(live_server.url + reverse("draw", args=[tournament.slug]))
    asked = []

    def dismiss(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    tap(page, "button", "电脑抽签")
    page.wait_for_timeout(300)  # a sent form would navigate; none is sent
    assert asked and "重新分配抽签号" in asked[0]
    assert not Pair.objects.filter(tournament=tournament).exclude(draw_number=None).exists()
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        tap(page, "button", "电脑抽签")
    wait_shown(page, "抽签随机码")
    assert not Pair.objects.filter(tournament=tournament, draw_number=None).exists()
