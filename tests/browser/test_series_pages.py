"""The series pages (系列赛) fit a 390 px phone and a 1280 px screen, in Chinese and English;
with SHOTS set (a folder), a screenshot of each is kept to look at."""

from __future__ import annotations

import os

import pytest

from tests.app.conftest import english  # noqa: F401 - the pending translations compiled in
from tests.app.series.series_events import pairs_event
from tests.app.series.test_series_pages import _published
from tests.browser.conftest import signed_in, wider_than_screen
from tournament.models import Person

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

SHOTS = os.environ.get("SHOTS")
PAGES = {
    "list": "/series/",
    "create": "/series/new/",
    "edit": "/series/js/edit/",
    "standings": "/series/js/",
}


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_the_series_pages_fit(live_server, phone, organizer, lang):
    _published(organizer)
    pairs_event(organizer, slug="autumn")  # one more event: the form to add it shows
    Person.objects.filter(name="赵六").update(hidden=True)
    page = phone()
    signed_in(page, live_server.url, organizer.username)
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        for name, path in PAGES.items():
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, response.status)
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/series-{name}-{lang}-{width}.png", full_page=True)
            assert wider_than_screen(page) == 0, (name, width)
    page.goto(live_server.url + "/series/js/")
    text = page.inner_text("#series-standings")
    assert "王五" in text and "赵六" not in text
    assert text.index("王五") < text.index("钱一")  # 125 points: first, in either language
