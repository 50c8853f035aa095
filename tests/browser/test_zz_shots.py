"""Temporary: screenshots of the pages this branch touched (not committed)."""

import pytest
from django.urls import reverse

from tests.browser.conftest import signed_in
from tournament.models import SignUp, SignUpConfig, Staff

pytestmark = pytest.mark.django_db(transaction=True)


def test_shots(live_server, browser, tournament, teams8, make_round, referee):
    tournament.table_entry = True
    tournament.publish_pairings = True
    tournament.save()
    SignUpConfig.objects.create(tournament=tournament, is_open=True, needs_approval=True)
    for n in range(3):
        SignUp.objects.create(tournament=tournament, token=f"{n}" * 43, seq=n + 1, state="pending",
                              ip="203.0.113.5", data={"name": f"机器{n}队", "unit": "", "player1": f"甲{n}",
                                                      "player2": f"乙{n}", "phone1": "1", "phone2": "2"})
    round_ = make_round(tournament, teams8)
    match = round_.matches.get(table=1)
    base = live_server.url
    for width in (390, 1280):
        ctx = browser.new_context(viewport={"width": width, "height": 900}, locale="zh-CN")
        page = ctx.new_page()
        page.goto(base + reverse("signup_page", args=["spring"]))
        page.wait_for_load_state("networkidle")
        page.screenshot(path=f"/tmp/shots/signup-{width}.png", full_page=True)
        page.goto(base + reverse("table_sheet", args=["spring", match.pk, match.ew_code]))
        page.screenshot(path=f"/tmp/shots/sheet-player-{width}.png", full_page=True)
        signed_in(page, base, "alice")
        page.goto(base + reverse("signup_admin", args=["spring"]))
        page.evaluate("document.getElementById('reject-many').open = true")
        page.screenshot(path=f"/tmp/shots/signup-admin-{width}.png", full_page=True)
        page.goto(base + reverse("match_entry", args=["spring", 1, 1]))
        page.screenshot(path=f"/tmp/shots/match-entry-{width}.png", full_page=True)
        ctx.close()
    ctx = browser.new_context(viewport={"width": 390, "height": 900}, locale="en")
    page = ctx.new_page()
    page.goto(base + "/")
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": base}])
    page.goto(base + reverse("signup_page", args=["spring"]))
    page.screenshot(path="/tmp/shots/signup-en-390.png", full_page=True)
    ctx.close()
