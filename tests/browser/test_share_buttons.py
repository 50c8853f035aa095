"""复制链接 and the share cards on the public pages in real Chromium, at 390 px and 1280 px:
the button appears (it needs the script, served under the strict CSP), copies the address,
the card's picture loads, and nothing is wider than the screen. Screenshots go to
``SHARING_OUT`` when it is set (to look at them)."""

from __future__ import annotations

import os
from urllib.parse import unquote

import pytest
from django.urls import reverse

from tests.app.finished_event import build_event
from tests.browser.conftest import wider_than_screen
from tests.browser.taps import wait_js
from tests.browser.test_csp import WATCH
from tests.conftest import new_staff
from tournament.models import SignUpConfig, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def shared_event():
    organizer, _chief, _referee = new_staff()
    t = build_event(organizer)
    Tournament.objects.filter(pk=t.pk).update(publish_pairings=True, publish_standings=True)
    SignUpConfig.objects.create(tournament=t, is_open=True)
    return Tournament.objects.get(pk=t.pk)


def _pages(t) -> dict[str, str]:
    pair = t.pairs.order_by("pk").first()
    return {
        "standings": reverse("standings", args=[t.slug]),
        "history": reverse("pair_history", args=[t.slug, pair.pk]),
        "pairings": reverse("pairings", args=[t.slug, 1]),
        "find": reverse("pairings", args=[t.slug, 1]) + "?q=" + pair.name[:2],
        "overview": reverse("tournament_detail", args=[t.slug]),
        "signup": reverse("signup_page", args=[t.slug]),
    }


@pytest.mark.parametrize("width", [390, 1280])
def test_copy_link_and_cards(live_server, browser, shared_event, width):
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="zh-CN")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.add_init_script(WATCH)
    out = os.environ.get("SHARING_OUT")
    for name, path in _pages(shared_event).items():
        page.goto(live_server.url + path)
        button = page.locator("button.copy-link")
        assert button.is_visible(), name
        button.click()
        wait_js(page, "document.querySelector('button.copy-link').textContent === '已复制链接'")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert unquote(copied) == live_server.url + path, name  # 金陵 sent as %E9%87%91…
        card = page.locator("details.share-card")
        if card.count():
            card.locator("summary").click()
            image = card.locator("img")
            image.scroll_into_view_if_needed()
            wait_js(page, "document.querySelector('details.share-card img').complete")
            assert image.evaluate("img => img.naturalWidth") == 1080, name
            assert card.locator("a[download]").get_attribute("href") == image.get_attribute("src")
        assert wider_than_screen(page) == 0, name
        assert page.evaluate("window.__violations") == [], name
        if out:
            page.screenshot(path=os.path.join(out, f"{name}-{width}.png"), full_page=True)
    context.close()
