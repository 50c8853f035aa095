"""An 18-player individual event's public pages and round control in real Chromium: no
page scrolls sideways on a 390 px phone, in Chinese and in English; at 1280 px the players'
table shows every column. ``SHOTS=/some/dir`` keeps a screenshot of each page at both widths."""

from __future__ import annotations

import os

import pytest
from django.conf import settings
from django.urls import reverse

from tests.app.individuals.individual_event import build_individual_event, play_round
from tests.browser.conftest import signed_in, wider_than_screen
from tournament.core.actors import user_actor
from tournament.individuals.registration import IndividualData, individual_register
from tournament.models import Individual, Table, Tournament
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import draw, pair_next_round

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")


@pytest.fixture
def event(organizer):
    by = user_actor(organizer)
    t = build_individual_event(organizer, players=17, rounds=4)
    data = IndividualData(name="欧阳长名字选手", unit="南京市老年大学掼蛋协会第一分会")
    individual_register(tournament=t, data=data, by=by)
    draw(t, seed=5, by=by)  # again, with the player registered last
    Tournament.objects.filter(pk=t.pk).update(publish_pairings=True, publish_standings=True)
    t.refresh_from_db()
    for _ in range(2):
        play_round(t, organizer, lambda x: ("A+", "10") if x.number % 2 else ("9", "K"))
    publish_round(pair_next_round(t, by=by), by=by)
    return Tournament.objects.get(pk=t.pk)


def pages(t) -> list[tuple[str, str]]:
    seated = Table.objects.filter(round__tournament=t, round__number=3).exclude(ns=None).first()
    name = seated.ns.players.first().name
    out = Table.objects.filter(round__tournament=t, round__number=3, ns=None).first()
    return [
        ("standings", reverse("standings", args=[t.slug])),
        ("pairings", reverse("pairings", args=[t.slug, 3])),
        ("find", reverse("pairings", args=[t.slug, 3]) + "?q=" + name),
        ("find-out", reverse("pairings", args=[t.slug, 3]) + "?q=" + out.ew.name),
        ("control", reverse("round_control", args=[t.slug, 3]) + "?state="),
        ("projector", reverse("projector", args=[t.slug, 3])),
    ]


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_individual_pages_fit_a_phone_and_a_desktop(live_server, browser, event, language):
    assert Individual.objects.filter(tournament=event).count() == 18
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
        signed_in(page, url, "alice")
        for name, path in pages(event):
            page.goto(url + path)
            if SHOTS:
                shot = f"{SHOTS}/individual-{name}-{language}-{width}.png"
                page.screenshot(path=shot, full_page=name != "projector")
            if phone and name != "projector":
                assert wider_than_screen(page) <= 0, f"{name} scrolls sideways ({language})"
            if name == "standings" and not phone:
                header = page.locator("#individual-standings thead th")
                assert header.count() == 10 and header.nth(8).is_visible()
        context.close()
