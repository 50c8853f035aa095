"""Find my table on the phone (tournament/public/find_phone.py): the round's index the
phone searches itself. What it holds (only a published round's public answer), what a kept
answer costs (one statement), and that it is kept under its stamp's URL.

The answers the phone makes from it are compared with the server's in real Chromium
(tests/browser/test_find_on_phone.py)."""

from __future__ import annotations

import gzip
import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.public import find_phone

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def nothing_held():
    find_phone._here.clear()


def index_url(client: Client, slug: str = "spring", number: int = 1) -> str:
    page = client.get(reverse("pairings", args=[slug, number])).content.decode()
    found = re.search(r'data-find-index="([^"]+)"', page)
    return found.group(1) if found else ""


def test_the_page_names_the_index_and_the_index_holds_the_round(public_event):
    client = Client()
    url = index_url(client)
    assert url.startswith("/t/spring/pairings/1/find/") and url.endswith("/zh-hans.json")
    response = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    assert "immutable" in response["Cache-Control"] and "public" in response["Cache-Control"]
    index = json.loads(gzip.decompress(response.content))
    assert index["round"] == 1 and len(index["e"]) == 40
    assert any("队12" in entry[2] for entry in index["e"])
    again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


def test_a_kept_index_takes_one_statement(public_event):
    client = Client()
    url = index_url(client)
    client.get(url)
    for encoding in ("gzip", ""):
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, HTTP_ACCEPT_ENCODING=encoding)
        assert response.status_code == 200
        assert len(captured) <= 1, [q["sql"] for q in captured]


def test_no_index_before_the_round_is_published(tournament, pairs8, make_round):
    tournament.publish_pairings = True
    tournament.save()
    make_round(tournament, pairs8, status="draft")
    client = Client()
    assert index_url(client) == ""  # the page is a 404 for the public
    url = reverse("find_phone_index", args=["spring", 1, "x", "zh-hans"])
    current = client.get(url)  # an old stamp: sent to the current one, which is not there
    assert current.status_code == 302
    assert client.get(current["Location"]).status_code == 404


def test_a_signed_in_organizer_gets_no_draft_round_in_the_index(
    tournament, pairs8, make_round, as_organizer
):
    tournament.publish_pairings = True
    tournament.save()
    make_round(tournament, pairs8, status="draft")
    page = as_organizer.get(reverse("pairings", args=["spring", 1]))
    assert page.status_code == 200 and "data-find-index" not in page.content.decode()
    url = as_organizer.get(reverse("find_phone_index", args=["spring", 1, "x", "en"]))
    assert as_organizer.get(url["Location"]).status_code == 404


def test_an_old_stamp_is_sent_to_the_new_index(public_event, pairs8):
    client = Client()
    old = index_url(client)
    pairs8[0].name = "新名队"
    pairs8[0].save()
    from tournament.models import Tournament

    Tournament.objects.filter(pk=public_event.pk).update(stamp=public_event.stamp + 1)
    new = index_url(client)
    assert new != old
    moved = client.get(old)
    assert moved.status_code == 302 and moved["Location"] == new
    assert "max-age=1" in moved["Cache-Control"]
