"""A 16-team event's public pages and round control in real Chromium: no page scrolls
sideways on a 390 px phone, in Chinese and in English; at 1280 px the team tables show
every column. ``SHOTS=/some/dir`` keeps a screenshot of each page at both widths."""

from __future__ import annotations

import os

import pytest
from django.conf import settings
from django.urls import reverse

from tests.app.teams.team_event import play_round
from tests.browser.conftest import signed_in, wider_than_screen
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.models import Tournament
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import draw, pair_next_round
from tournament.teams.registration import TeamData, team_register

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")
CITIES = [
    "苏州",
    "无锡",
    "常州",
    "南京",
    "扬州",
    "镇江",
    "南通",
    "泰州",
    "盐城",
    "淮安",
    "宿迁",
    "徐州",
    "连云港",
    "合肥",
    "芜湖",
    "蚌埠",
]


@pytest.fixture
def event(organizer):
    by = user_actor(organizer)
    t = tournament_create(
        organizer=organizer,
        by=by,
        name="2026苏皖掼蛋团体赛",
        slug="teams16",
        entry="teams",
        team_pairs=2,
        substitutes=2,
        rounds=4,
        publish_pairings=True,
        publish_standings=True,
    )
    for i, city in enumerate(CITIES):
        name = f"{city}市老年大学掼蛋协会代表队" if i == 0 else f"{city}队"
        players = tuple(f"{city}{n}号" for n in range(1, 5))
        data = TeamData(name=name, unit=f"{city}市", players=players, substitutes=(f"{city}替补",))
        team_register(tournament=t, data=data, by=by)
    draw(t, seed=7, by=by)
    for _ in range(2):
        play_round(t, organizer, lambda x: ("A+", "10") if x.number % 3 else ("9", "K"))
    publish_round(pair_next_round(t, by=by), by=by)
    return Tournament.objects.get(pk=t.pk)


def pages(t) -> list[tuple[str, str]]:
    return [
        ("standings", reverse("standings", args=[t.slug])),
        ("pairings", reverse("pairings", args=[t.slug, 3])),
        ("find", reverse("pairings", args=[t.slug, 3]) + "?q=苏州"),
        ("control", reverse("round_control", args=[t.slug, 3]) + "?state="),
        ("projector", reverse("projector", args=[t.slug, 3])),
    ]


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_team_pages_fit_a_phone_and_a_desktop(live_server, browser, event, language):
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
                shot = f"{SHOTS}/team-{name}-{language}-{width}.png"
                page.screenshot(path=shot, full_page=name != "projector")
            if phone and name != "projector":
                assert wider_than_screen(page) <= 0, f"{name} scrolls sideways ({language})"
        context.close()
