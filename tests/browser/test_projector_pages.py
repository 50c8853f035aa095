"""The projector's pages in real Chromium (issue 47): a 200-pair event's standings paged by
whole rows with the indicator moving on, at 1920×1080 and on a phone, and the organizer's
chosen pages shown in turn. The page's timers run only when the test moves its clock."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse

from tests.app.event_parts import sponsor_image
from tests.app.finished_event import build_event
from tests.browser.taps import text, wait_js
from tests.browser.test_csp import WATCH
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SECONDS = 6
# Every shown standings row inside the box (none cut at its foot), and the rows shown.
PAGE = """() => {
  const box = document.getElementById('proj-standings').getBoundingClientRect();
  const rows = Array.from(document.querySelectorAll('#proj-standings tbody tr'));
  const shown = rows.filter(r => !r.hidden);
  const cut = shown.filter(r => r.getBoundingClientRect().bottom > box.bottom + 0.5).length;
  const last = shown[shown.length - 1];  // the hidden next row has no box: a row's height
  return {ranks: shown.map(r => r.cells[1].textContent), cut: cut,
          room: box.bottom - last.getBoundingClientRect().bottom,
          next: last.getBoundingClientRect().height};
}"""


@pytest.fixture
def big_event(organizer):
    t = build_event(organizer, size=200, names=[f"第{i:03d}对" for i in range(1, 201)])
    Tournament.objects.filter(pk=t.pk).update(
        publish_pairings=True,
        publish_standings=True,
        projector_pages="standings",
        projector_seconds=SECONDS,
    )
    return t


def shoot(page, name: str) -> None:
    folder = os.environ.get("PROJECTOR_SHOTS")  # screenshots to look at, when asked for
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"))


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800), (390, 844)])
def test_long_standings_are_paged_by_whole_rows(live_server, browser, big_event, size):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, locale="zh-CN")
    page = context.new_page()
    page.clock.install()
    page.goto(live_server.url + reverse("projector", args=[big_event.slug, 2]))
    wait_js(page, "document.getElementById('proj-pager').dataset.pages > 1")
    pages = int(page.evaluate("document.getElementById('proj-pager').dataset.pages"))
    assert text(page, "#proj-pager") == f"第1/{pages}页"
    shoot(page, f"standings-{width}")
    seen = []
    for number in range(1, pages + 1):
        wait_js(page, f"document.getElementById('proj-pager').dataset.page == {number}")
        assert text(page, "#proj-pager") == f"第{number}/{pages}页"
        shown = page.evaluate(PAGE)
        assert shown["cut"] == 0  # no half-rendered row
        if number < pages:  # a full page: the next row would not have fitted
            assert shown["room"] < shown["next"], shown
        seen += shown["ranks"]
        if number == 2:
            shoot(page, f"standings-{width}-page2")
        page.clock.run_for(SECONDS * 1000)
    assert seen == [f"第{i:03d}对" for i in range(1, 201)] or sorted(seen) == sorted(
        f"第{i:03d}对" for i in range(1, 201)
    )
    assert len(seen) == 200 and len(set(seen)) == 200  # every place once, none twice
    wait_js(page, "document.getElementById('proj-pager').dataset.page == 1")  # round again
    context.close()


def test_the_chosen_pages_are_shown_in_turn(live_server, browser, big_event):
    sponsor_image(big_event, size=(1600, 900))  # chosen: standings, pairings, sponsor
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="zh-CN")
    page = context.new_page()
    page.add_init_script(WATCH)  # the Content-Security-Policy's violations, if any
    page.clock.install()
    page.goto(live_server.url + reverse("projector", args=[big_event.slug, 2]))
    shown = (
        "Array.from(document.querySelectorAll('.proj-screen')).filter(s => !s.hidden)"
        ".map(s => s.dataset.screen).join()"
    )
    # In the settings' order: standings, pairings, then the sponsor's image.
    assert page.evaluate(shown) == "standings"
    pages = int(page.evaluate("document.getElementById('proj-pager').dataset.pages"))
    page.clock.run_for(pages * SECONDS * 1000)
    wait_js(page, f"{shown} === 'pairings'")
    assert page.evaluate("document.getElementById('scroller').offsetParent !== null")
    shoot(page, "pairings-1920")
    # The tables scroll by (a pixel every 50 ms) to the foot of their page, then the image.
    for _second in range(300):  # 100 tables: three fetched pages of 40 rows
        if page.evaluate(shown) != "pairings":
            break
        page.clock.run_for(1000)
    wait_js(page, f"{shown} === 'sponsor'")
    wait_js(page, "document.querySelector('.proj-sponsor img').naturalWidth === 1600")
    box = page.evaluate(
        "(() => { const r = document.querySelector('.proj-sponsor img')"
        ".getBoundingClientRect(); return [r.width, r.bottom]; })()"
    )
    assert box[0] == 1920 and box[1] <= 1080
    shoot(page, "sponsor-1920")
    page.clock.run_for(SECONDS * 1000)
    wait_js(page, f"{shown} === 'standings'")
    assert text(page, "#proj-pager") == f"第1/{pages}页"
    assert page.evaluate("window.__violations") == []
    context.close()
