"""The Content-Security-Policy in real Chromium: the pages with scripts run them
(live updates, the projector's clock, a confirmation before a withdrawal, the API docs) and Chromium reports no violation of the policy."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.conftest import signed_in
from tests.browser.taps import wait_js
from tournament.models import SignUp, SignUpConfig

pytestmark = pytest.mark.django_db(transaction=True)

WATCH = """window.__violations = [];
document.addEventListener("securitypolicyviolation",
  e => window.__violations.push(e.violatedDirective + " " + e.blockedURI));"""


@pytest.fixture
def event(tournament, pairs8, make_round):
    tournament.publish_pairings = tournament.publish_standings = tournament.table_entry = True
    tournament.save()
    SignUpConfig.objects.create(tournament=tournament, is_open=True)
    SignUp.objects.create(
        tournament=tournament,
        token="t" * 43,
        seq=1,
        state="pending",
        data={
            "name": "甲队",
            "unit": "",
            "player1": "甲",
            "player2": "乙",
            "phone1": "",
            "phone2": "",
        },
    )
    return make_round(tournament, pairs8)


def test_no_page_breaks_the_policy(live_server, phone, event, referee):
    base = live_server.url
    page = phone()
    page.add_init_script(WATCH)
    console = []
    page.on("console", lambda m: console.append(m.text))
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    table = event.tables.get(number=1)
    visits = [
        reverse("pairings", args=["spring", 1]),
        reverse("projector", args=["spring", 1]),
        reverse("side_sheet", args=["spring", table.pk, table.ew_code]),
        reverse("signup_page", args=["spring"]),
        reverse("api-v1:openapi-view"),
    ]
    seen = {}
    for path in visits:
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        seen[path] = page.evaluate("window.__violations")
    assert page.evaluate("document.getElementById('swagger-ui').children.length") > 0
    # The projector's clock is set by its (static) script.
    page.goto(base + reverse("projector", args=["spring", 1]))
    wait_js(page, "document.getElementById('clock').textContent !== '--:--'")
    page.goto(base + reverse("signup_status", args=["spring", "t" * 43]))
    page.click("#withdraw")
    assert dialogs and "退出报名" in dialogs[0]  # the confirmation, from pages.js
    assert SignUp.objects.get().state == SignUp.PENDING  # dismissed: nothing sent
    seen["status"] = page.evaluate("window.__violations")
    signed_in(page, base, "ref")
    page.goto(base + reverse("round_control", args=["spring", 1]))
    wait_js(page, "window.GD_LIVE !== undefined")
    seen["round"] = page.evaluate("window.__violations")
    assert {path: v for path, v in seen.items() if v} == {}
    assert [m for m in console if "Content Security Policy" in m] == []
