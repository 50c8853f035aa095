"""Small things a phone shows: checkboxes a thumb can hit at 390 px, and long
actions that say they are working (static/js/busy.js) and send once."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse

from tests.browser.conftest import signed_in
from tests.browser.taps import tap
from tournament.models import Round

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")
BOXES = """() => Array.from(document.querySelectorAll("input[type=checkbox]"))
  .filter(b => b.offsetParent !== null)
  .map(b => { const r = b.getBoundingClientRect(); return [b.name, r.width, r.height]; })"""
WATCH = """() => { window.sent = [];
  document.addEventListener("submit", e => {
    window.sent.push([e.defaultPrevented, new FormData(e.target).get("op")]);
    e.preventDefault();
  }); }"""
BUTTON = """() => { const b = document.querySelector("button[name=op][value=repair]");
  return b && [b.innerText.trim(), b.disabled]; }"""


def test_checkboxes_are_at_least_24_px_on_a_phone(
    live_server, phone, tournament, make_round, pairs8
):
    round_ = make_round(tournament, pairs8)
    page = phone()
    signed_in(page, live_server.url, "alice")
    pages = {
        "settings": reverse("tournament_edit", args=[tournament.slug]),
        "entry": reverse("table_entry", args=[tournament.slug, round_.number, 1]),
    }
    seen = 0
    for name, path in pages.items():
        page.goto(live_server.url + path)
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/boxes-{name}.png", full_page=True)
        boxes = page.evaluate(BOXES)
        seen += len(boxes)
        small = [box for box in boxes if box[1] < 24 or box[2] < 24]
        assert not small, f"{name}: {small}"
    assert seen >= 3  # the settings' options and the entry's 到时


def test_a_long_action_says_it_is_working_and_sends_its_button_once(
    live_server, phone, tournament, make_round, pairs8
):
    """重新编排 (a pairing): once tapped the button reads 处理中… and is disabled, the form
    still carries the button's op=repair, and a second tap sends nothing. A listener added
    after busy.js's records each submit and stops it (the page stays to be looked at);
    then a real tap reaches the server with it."""
    round_ = make_round(tournament, pairs8, status=Round.DRAFT)
    page = phone()
    signed_in(page, live_server.url, "alice")
    page.goto(live_server.url + reverse("round_adjust", args=[tournament.slug, round_.number]))
    page.evaluate(WATCH)
    tap(page, "button[name=op][value=repair]")
    page.wait_for_function("() => window.sent.length === 1")
    assert page.evaluate(BUTTON) == ["处理中…", True]
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/busy-adjust.png", full_page=True)
    page.evaluate("() => document.querySelector('form[data-busy] button').form.requestSubmit()")
    page.wait_for_function("() => window.sent.length === 2")
    first, second = page.evaluate("() => window.sent")
    assert first == [False, "repair"]  # let through by busy.js, with the pressed button
    assert second[0] is True  # the second submit stopped by busy.js
    page.reload()
    assert page.evaluate(BUTTON) == ["重新编排", False]
    with page.expect_navigation():
        tap(page, "button[name=op][value=repair]")
    # The server read op=repair (without it: 请选择要调整的组合); these pairs have no draw
    # numbers, so the re-pairing itself is refused with its own reason.
    shown = page.evaluate("() => document.querySelector('.messages').innerText")
    assert "尚未抽签" in shown and "请选择要调整的组合" not in shown
