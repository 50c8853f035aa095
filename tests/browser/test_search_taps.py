"""The search forms' boxes and buttons are finger-sized on a 390 px phone and on a
laptop.

A plain ``<button>搜索</button>`` beside a search box was drawn at the browser's own size,
about 21 px high: too small a target on the team list, the draw, a round's adjustments and
the sign-ups. Every control of a search form is now at least 44 × 44 CSS px, the size the
page's other buttons have (``.button``)."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse

from tests.browser.conftest import signed_in, wider_than_screen

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")  # a folder: keep a screenshot of each page measured
# [what, width, height] of each search box and the buttons of its form.
CONTROLS = """Array.from(document.querySelectorAll('input[name=q]'), box => [box,
    ...box.form.querySelectorAll('button')]).flat().map(el => {
  const r = el.getBoundingClientRect();
  return [el.outerHTML.slice(0, 60), Math.round(r.width), Math.round(r.height)];
})"""
PAGES = [  # (url name, its arguments)
    ("pair_list", ["spring"]),
    ("draw", ["spring"]),
    ("round_adjust", ["spring", 2]),
    ("signup_admin", ["spring"]),
    ("checkin_desk", ["spring"]),
    ("standings", ["spring"]),
    ("pairings", ["spring", 1]),
]


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_search_boxes_and_buttons_are_finger_sized_on_a_phone(
    live_server, phone, tournament, pairs8, make_round, organizer, lang
):
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    make_round(tournament, pairs8, status="locked")
    make_round(tournament, pairs8, number=2, status="draft")
    page = phone()
    signed_in(page, live_server.url, "alice")
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    small, without = {}, []
    for (name, args), width in [(p, w) for w in (390, 1280) for p in PAGES]:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(live_server.url + reverse(name, args=args))
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/search-{name}-{lang}-{width}.png", full_page=True)
        if width == 390:  # the phone's rule (the laptop's size is emulated on a phone here)
            assert wider_than_screen(page) == 0, name
        controls = page.evaluate(CONTROLS)
        if not controls:
            without.append(name)
        small.update({f"{name} {width}: {tag}": (w, h) for tag, w, h in controls if min(w, h) < 44})
    assert without == [], "each page should show its search form"
    assert small == {}
