"""Pages for everyone: axe-core in Chromium finds no critical or serious violation on the
organizer's, chief referee's, referee's, players' and public pages.

axe-core is vendored (tests/browser/vendor/axe-core/axe.min.js, v4.10.3 from npm, MPL-2.0,
its LICENSE beside it): CI needs no npm. Each page is loaded, axe.run() checks the whole
document (WCAG 2.x A and AA rules and axe's best practices), and every violation of impact
"critical" or "serious" is listed with the elements it names.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.urls import reverse

from tests.browser.conftest import signed_in
from tests.browser.taps import wait_js
from tests.browser.test_phone_width import event  # noqa: F401 - the phone-width event
from tournament.core.actors import user_actor
from tournament.models import Table
from tournament.rounds.pairing import draw

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
AXE_SOURCE = AXE.read_text(encoding="utf-8") + "\n;undefined"
SHOTS = os.environ.get("SHOTS")
RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations
    .filter(v => v.impact === "critical" || v.impact === "serious")
    .map(v => v.id + " (" + v.impact + "): " + v.nodes.slice(0, 4)
      .map(n => n.target.join(" ")).join(", "));
}"""


def violations(page, base: str, path: str, name: str) -> list[str]:
    page.goto(base + path)
    if page.query_selector("#sheet"):  # a score sheet loads its deals after the page
        wait_js(page, "document.querySelector('#sheet[data-ready]')")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)
    # Evaluated through the DevTools protocol, not added as a <script>: the page's CSP
    # (script-src 'self') refuses inline scripts, and axe is not the app's own file.
    page.evaluate(AXE_SOURCE)
    return page.evaluate(RUN)


def sweep(page, base: str, urls: dict[str, str]) -> dict[str, list[str]]:
    found = {name: violations(page, base, url, name) for name, url in urls.items()}
    return {name: v for name, v in found.items() if v}


def listed(found: dict[str, list[str]]) -> str:
    return "\n".join(f"{name}: {v}" for name, items in found.items() for v in items)


def test_staff_pages_have_no_serious_violation(live_server, phone, event, tournament):  # noqa: F811
    from tests.conftest import new_round

    t = "spring"
    m = Table.objects.get(round=event, number=1)
    page = phone()
    signed_in(page, live_server.url, "alice")
    organizer = {
        "new_event": reverse("tournament_create"),
        "overview": reverse("tournament_detail", args=[t]),
        "settings": reverse("tournament_edit", args=[t]),
        "stages": reverse("stage_list", args=[t]),
        "teams": reverse("pair_list", args=[t]),
        "checkin_desk": reverse("checkin_desk", args=[t]),
        "checkin_board": reverse("checkin_board", args=[t]),
        "exports": reverse("export_index", args=[t]),
    }
    found = sweep(page, live_server.url, organizer)
    draft = new_round(tournament, list(tournament.pairs.order_by("pk")), number=3, status="draft")
    found |= sweep(page, live_server.url, {"adjust": reverse("round_adjust", args=[t, 3])})
    draft.delete()
    signed_in(page, live_server.url, "chief")
    chief = {
        "round_list": reverse("round_list", args=[t]),
        "round_control": reverse("round_control", args=[t, 2]),
        "result_form": reverse("table_entry", args=[t, 2, m.number]),
        "sheet": reverse("table_sheet", args=[t, 2, m.number]),
        "fouls": reverse("round_fouls", args=[t, 2]),
    }
    found |= sweep(page, live_server.url, chief)
    assert found == {}, listed(found)


def test_player_and_public_pages_have_no_serious_violation(live_server, phone, event, tournament):  # noqa: F811
    m = Table.objects.get(round=event, number=1)
    tournament.publish_standings = True
    tournament.save()
    page = phone()
    urls = {
        "home": reverse("home"),
        "login": reverse("login"),
        "player_entry": reverse("side_entry", args=["spring", m.pk, m.ew_code]),
        "player_sheet": reverse("side_sheet", args=["spring", m.pk, m.ew_code]),
        "pairings": reverse("pairings", args=["spring", 2]),
        "standings": reverse("standings", args=["spring"]),
        "public_event": reverse("tournament_detail", args=["spring"]),
    }
    found = sweep(page, live_server.url, urls)
    assert found == {}, listed(found)


def test_the_draw_page_has_no_serious_violation(live_server, phone, tournament, pairs8):
    draw(tournament, seed=1, by=user_actor(None))
    page = phone()
    signed_in(page, live_server.url, "alice")
    found = sweep(page, live_server.url, {"draw": reverse("draw", args=["spring"])})
    assert found == {}, listed(found)
