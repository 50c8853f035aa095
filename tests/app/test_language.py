"""Simplified Chinese by default, English when chosen in the top bar."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def back_to_chinese():
    """The test client runs views in this thread, and a page in English leaves English
    active: later tests in the same worker would see English messages."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def test_chinese_by_default_even_for_an_english_browser(tournament):
    tournament.publish_standings = True
    tournament.save()
    page = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").get(reverse("standings", args=["spring"]))
    assert "成绩排名" in page.content.decode() and 'lang="zh-hans"' in page.content.decode()


def test_english_after_choosing_it(tournament, teams8, make_round):
    tournament.publish_standings = True
    tournament.save()
    make_round(tournament, teams8, status="locked")  # a ranking exists once a round is locked
    client = Client()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get(reverse("standings", args=["spring"])).content.decode()
    assert "Standings" in html and 'lang="en"' in html
    header = html.split("<thead")[1].split("</thead>")[0]
    assert "Level difference" in header and "级差分" not in header  # tiebreak columns too
