"""Taps, typing and reading on a page as a phone user does them, in the page's own world.

Playwright's element actions (``click``, ``fill``, ``select_option``, ``locator``,
``get_by_role``, ``wait_for_selector``) first load its selector engine, a script of several
hundred kilobytes, into each new document they touch: measured 25–30 ms of Chromium's CPU a
page, as much as loading the page itself. The four whole events load about 300 pages, nearly
all of them touched. These helpers find an element with one ``page.evaluate`` in the page's
own world and act as a finger does:

tap
    A mouse click at the element's centre once it is scrolled into view (Chromium's own
    input event, trusted, as Playwright's click sends it): it lands on whatever is drawn
    there, so a button covered by another element is not pressed.
type_in
    The field focused and its text selected, then the new text typed (``Input.insertText``,
    as Playwright's ``fill``).
pick
    A drop-down's option chosen by value or label, with the ``input`` and ``change`` events a
    choice fires (as Playwright's ``select_option``).

An element is looked up by a CSS selector and, optionally, its exact visible text (a button
or link as the user reads it). Each helper waits for the element to be shown and enabled,
asking again every 50 ms, and fails with what the page showed instead.
"""

from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError

TIMEOUT = 40.0  # seconds; two test workers share two cores in CI

# [css, text] -> the element's centre after scrolling it into view, or why it cannot be
# tapped. Text compares the trimmed innerText (what is shown, as the user reads it).
FIND = """([css, text]) => {
  const all = Array.from(document.querySelectorAll(css));
  const shown = e => (e.innerText || e.value || "").trim();
  const el = text === null ? all[0] : all.find(e => shown(e) === text);
  if (!el) return "not found; shown: " + JSON.stringify(all.map(shown));
  if (el.disabled) return "disabled";
  el.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return "not shown";
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""
FOCUS = """css => {
  const el = document.querySelector(css);
  el.focus();
  if (el.select) el.select();
}"""
PICK = """([css, choice]) => {
  const el = document.querySelector(css);
  if (!el || el.disabled) return el ? "disabled" : "not found";
  const option = Array.from(el.options).find(o => o.value === choice)
    || Array.from(el.options).find(o => o.label.trim() === choice);
  if (!option) return "no option " + choice + "; options: "
    + JSON.stringify(Array.from(el.options, o => o.value));
  el.value = option.value;
  el.dispatchEvent(new Event("input", {bubbles: true}));
  el.dispatchEvent(new Event("change", {bubbles: true}));
  return null;
}"""
TEXT = """css => { const el = document.querySelector(css); return el ? el.innerText : null; }"""
ROWS = """css => Array.from(document.querySelectorAll(css),
  r => Array.from(r.querySelectorAll("td"), td => td.innerText))"""
SHOWS = """text => document.body.innerText.includes(text) ? null : 'not shown yet'"""


def _until(page, script: str, arg, what: str, timeout: float | None = None):
    """The script's answer once it is not a string (a string says why not yet), asked for
    at most ``timeout`` seconds (default :data:`TIMEOUT`)."""
    deadline = time.monotonic() + (TIMEOUT if timeout is None else timeout)
    while True:
        try:
            answer = page.evaluate(script, arg)
        except PlaywrightError as error:  # the page was navigating: ask the next one
            if "context was destroyed" not in error.message:
                raise
            answer = "navigating"
        if not isinstance(answer, str):
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} on {page.url}: {answer}")
        time.sleep(0.05)


def tap(page, css: str, text: str | None = None) -> None:
    """Tap the first element matching ``css`` (whose shown text is ``text``, if given)."""
    x, y = _until(page, FIND, [css, text], f"cannot tap {css} {text or ''}")
    page.mouse.click(x, y)


def type_in(page, css: str, value: str) -> None:
    """Type ``value`` into the field ``css``, in place of what it held."""
    _until(page, FIND, [css, None], f"cannot type into {css}")
    page.evaluate(FOCUS, css)
    if value:
        page.keyboard.insert_text(value)
    else:
        page.keyboard.press("Delete")


def pick(page, css: str, choice: str) -> None:
    """Choose the option of the drop-down ``css`` whose value (or else label) is ``choice``."""
    _until(page, PICK, [css, choice], f"cannot pick {choice}")


def set_checked(page, css: str, on: bool) -> None:
    """Tick or untick the checkbox ``css`` (a tap when it is not as wanted)."""
    if page.evaluate("css => document.querySelector(css).checked", css) != on:
        tap(page, css)


def text(page, css: str) -> str | None:
    """The shown text of the first element matching ``css``; None when there is none."""
    return page.evaluate(TEXT, css)


def texts(page, css: str) -> list[str]:
    """The shown text of each element matching ``css``."""
    return page.evaluate("css => Array.from(document.querySelectorAll(css), e => e.innerText)", css)


def wait_text(page, css: str, expected: str) -> None:
    """Wait until the element ``css`` shows exactly ``expected`` (trimmed)."""
    script = """([css, expected]) => {
      const el = document.querySelector(css);
      const shown = el ? el.innerText.trim() : null;
      return shown === expected ? null : "shows " + JSON.stringify(shown);
    }"""
    _until(page, script, [css, expected], f"{css} is not {expected!r}")


def rows(page, css: str) -> list[list[str]]:
    """The cell texts of each row matched by ``css``."""
    return page.evaluate(ROWS, css)


def wait_js(page, expression: str, timeout: float | None = None) -> None:
    """Wait until the JavaScript ``expression`` is true in the page."""
    script = f"() => ({expression}) ? null : 'not yet'"
    _until(page, script, None, f"never true: {expression}", timeout)


def wait_shown(page, words: str) -> None:
    """Wait until the page shows ``words`` somewhere."""
    _until(page, SHOWS, words, f"no {words!r}")
