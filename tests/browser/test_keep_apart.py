"""The keep-apart form on a phone: the organizer types part of a name, picks a pair from the
names the page offers, and keeps two pairs apart."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.conftest import signed_in, wider_than_screen
from tests.browser.taps import tap, texts, type_in, wait_js, wait_shown
from tournament.models import ForbiddenPairing

pytestmark = pytest.mark.django_db(transaction=True)
OFFERED = "Array.from(document.querySelectorAll('#pair-names option'), o => o.value)"


def test_the_form_offers_the_matching_pairs_as_the_organizer_types(
    live_server, phone, tournament, pairs8, organizer
):
    page = phone()
    signed_in(page, live_server.url, organizer.username)
    page.goto(live_server.url + reverse("forbidden_pairings", args=[tournament.slug]))
    # 队3's players are 队3甲 and 队3乙: typing a player offers that pair alone.
    type_in(page, "input[name=a]", "队3乙")
    wait_js(page, f"{OFFERED}.join() === '队3'")
    type_in(page, "input[name=a]", "队3")
    # 南京 is the unit of 队4 and 队8: both offered, by name.
    type_in(page, "input[name=b]", "南京")
    wait_js(page, f"{OFFERED}.join() === '队4,队8'")
    type_in(page, "input[name=b]", "队8")
    with page.expect_navigation():
        tap(page, "button", "设置回避")
    wait_shown(page, "已设置回避：队3 – 队8")
    assert texts(page, "tbody td")[:2] == ["队3", "队8"]
    assert wider_than_screen(page) <= 0
    row = ForbiddenPairing.objects.get()
    assert {row.pair_a.name, row.pair_b.name} == {"队3", "队8"}
