"""The pages with a chart (issue 47) in real Chromium, at 390 and 1280 px, in Chinese and
English: no page scrolls sideways on a phone, every chart is drawn at a readable size, and
axe-core finds no critical or serious violation. ``SHOTS=/some/dir`` keeps a screenshot
of each page at both widths."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from tests.app.finished_event import build_staffed_event
from tests.browser.conftest import signed_in, wider_than_screen
from tests.browser.test_accessibility import AXE_SOURCE, RUN
from tournament.models import Round, Table, Tournament
from tournament.models.table_guard import exempt

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")
CLIMB = {"win": "EW", "partner": 4}


@pytest.fixture
def event():
    """Round 1 locked, round 2 in play for 30 minutes, its open tables with score sheets
    (one far behind pace)."""
    t = build_staffed_event()
    Tournament.objects.filter(pk=t.pk).update(publish_standings=True, publish_pairings=True)
    start = timezone.now() - timedelta(minutes=30)
    Round.objects.filter(tournament=t, number=2).update(status=Round.IN_PLAY, started_at=start)
    open_tables = Table.objects.filter(round__tournament=t, round__number=2, state=Table.EMPTY)
    with exempt("fixture"):  # set up directly, outside the write rule
        for i, m in enumerate(open_tables.exclude(ns=None).order_by("number")):
            deals = 1 if i == 0 else 3 + i % 4
            times = [(start + timedelta(minutes=4 * (d + 1))).isoformat() for d in range(deals)]
            level = ["2", "3", "4", "5", "6", "7", "8", "9", "10"][min(deals, 8)]
            Table.objects.filter(pk=m.pk).update(
                deals=[CLIMB] * deals, deal_times=times, ew_level=level, state=Table.IN_PLAY
            )
    return Tournament.objects.get(pk=t.pk)


def pages(t) -> list[tuple[str, str, tuple[str, ...]]]:
    pair = t.pairs.order_by("pk").first()
    return [
        ("standings", reverse("standings", args=[t.slug]) + "?round=2", ("bump",)),
        ("history", reverse("pair_history", args=[t.slug, pair.pk]), ("rank", "levels")),
        ("control", reverse("round_control", args=[t.slug, 2]) + "?state=", ("progress", "pace")),
        ("projector", reverse("projector", args=[t.slug, 2]), ("progress", "pace")),
    ]


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_chart_pages_at_a_phone_and_a_desktop(live_server, browser, event, language):
    found = {}
    for width, height in ((390, 844), (1280, 900)):
        phone = width < 640
        context = browser.new_context(
            viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
        )
        page = context.new_page()
        url = live_server.url
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": url}]
        )
        signed_in(page, url, "alice")  # staff: round 2, still in play, is charted
        for name, path, kinds in pages(event):
            page.goto(url + path)
            for kind in kinds:
                chart = page.query_selector(f"svg.chart-{kind}")
                assert chart is not None, f"{name}: no {kind} chart"
                box = chart.bounding_box()
                assert box["width"] >= min(width - 40, 600) * 0.8, f"{name}: {kind} {box}"
            if SHOTS:
                shot = f"{SHOTS}/charts-{name}-{language}-{width}.png"
                page.screenshot(path=shot, full_page=name != "projector")
            if phone and name != "projector":
                assert wider_than_screen(page) <= 0, f"{name} scrolls sideways ({language})"
            page.evaluate(AXE_SOURCE)
            violations = page.evaluate(RUN)
            if violations:
                found[f"{name}-{width}"] = violations
        context.close()
    assert found == {}, found
