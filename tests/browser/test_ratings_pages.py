"""The ratings pages at 390 px and 1280 px, in Chinese and English: the organizers' 选手实力
(/ratings/), the divisions page and a pair's public page with its players' ratings; none
is wider than the screen."""

from __future__ import annotations

import os

import pytest

from tests.app.conftest import english  # noqa: F401 - the pending translations compiled in
from tests.app.ratings.rated_events import build_pairs_event
from tests.browser.conftest import signed_in, wider_than_screen
from tournament.models import Pair, Person, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

SHOTS = os.environ.get("SHOTS")  # a folder: keep a screenshot of each page measured
COUPLES = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11)]


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_the_ratings_pages_fit(live_server, phone, organizer, lang):
    a = build_pairs_event(organizer, "spring", COUPLES, day=1, rounds=3)
    build_pairs_event(organizer, "summer", [(0, 3), (1, 2), (4, 7), (5, 6)], day=5, rounds=2)
    build_pairs_event(organizer, "autumn", [(0, 5), (1, 4), (2, 7), (3, 6), (8, 11)], day=9)
    Tournament.objects.filter(pk=a.pk).update(publish_standings=True, publish_rating=True)
    Person.objects.filter(name__startswith="钱").update(hidden=True)
    zhao = Person.objects.filter(name__startswith="赵").first()
    Person.objects.filter(pk=zhao.pk).update(number="JS0009")
    pair = Pair.objects.get(tournament=a, name="P6-7")
    pages = {
        "ratings": "/ratings/",
        "divisions": "/t/autumn/divisions/?n=2",
        "pair": f"/t/spring/team/{pair.pk}/",
    }
    page = phone()
    signed_in(page, live_server.url, organizer.username)
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        for name, path in pages.items():
            page.goto(live_server.url + path)
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/ratings-{name}-{lang}-{width}.png", full_page=True)
            assert wider_than_screen(page) == 0, (name, width)
            assert page.locator("h1").count() == 1
    page.goto(live_server.url + "/ratings/")
    assert page.locator("#ratings tbody tr").count() == 12
