"""The browser tests' taps (tests/browser/taps.py) act as a finger does, or fail saying why."""

from __future__ import annotations

import pytest

from tests.browser import taps
from tests.browser.taps import pick, tap, text, type_in

PAGE = """<!doctype html><meta name=viewport content="width=device-width">
<form onsubmit="event.preventDefault()">
  <input id=name value="old">
  <select id=level onchange="document.getElementById('out').textContent = 'picked ' + this.value">
    <option value="2">2</option><option value="A+">过A</option>
  </select>
  <button type=button id=free onclick="this.textContent = 'pressed'">免费</button>
  <button type=button id=off disabled>停用</button>
  <div style="position:relative">
    <button type=button id=under onclick="this.textContent = 'pressed'">被挡住</button>
    <div style="position:absolute; inset:0; background:white"></div>
  </div>
  <p style="height:2000px"></p>
  <button type=button id=far onclick="this.textContent = 'pressed'">很远</button>
</form>
<p id=out></p>"""


@pytest.fixture
def page(phone):
    page = phone()
    page.set_content(PAGE)
    return page


def test_a_tap_presses_the_button_with_that_text_even_below_the_fold(page):
    tap(page, "button", "免费")
    tap(page, "button", "很远")
    assert text(page, "#free") == "pressed" and text(page, "#far") == "pressed"


def test_a_tap_does_not_press_a_button_covered_by_another_element(page):
    tap(page, "#under")
    assert text(page, "#under") == "被挡住"


def test_a_disabled_or_missing_button_fails_the_tap_and_says_why(page, monkeypatch):
    monkeypatch.setattr(taps, "TIMEOUT", 0.2)
    with pytest.raises(AssertionError, match="disabled"):
        tap(page, "button", "停用")
    with pytest.raises(AssertionError, match="not found.*免费"):
        tap(page, "button", "确认")


def test_typing_replaces_the_text_and_a_pick_fires_change(page):
    type_in(page, "#name", "新队名")
    pick(page, "#level", "过A")  # by its label when no value matches
    assert page.evaluate("document.getElementById('name').value") == "新队名"
    assert text(page, "#out") == "picked A+"
