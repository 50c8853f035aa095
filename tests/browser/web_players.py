"""A player's path through the web, and what the players are handed: the side slip's link
and PIN (read from the side-slips PDF the referee prints), entering or confirming a result
through that link, and the certificates' lines.

Vocabulary as in :mod:`tests.browser.web_event`: a *side* is ``"EW"`` or ``"NS"``; ``number``
is the round's number and ``table`` the table's.
"""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from tests.browser.taps import pick, tap, type_in, wait_shown
from tests.browser.web_event import Event


def slip(event: Event, number: int, table: int, side: str) -> tuple[str, str]:
    """The link (the slip's QR, also a link in the PDF) and PIN of one side of a table,
    from the side-slips PDF the referee downloads (once a round: the slips of every table)."""
    if number not in event.slips:
        response = event.ref.request.get(event.url(f"export/side_slips.pdf?round={number}"))
        assert response.ok, response.text()[:500]
        event.slips[number] = response.body()
    reader = PdfReader(io.BytesIO(event.slips[number]))
    title = f"第 {table} 台 · {'东西' if side == 'EW' else '南北'}"
    for page in reader.pages:
        slip_text = page.extract_text()
        if title not in slip_text:
            continue
        links = [a.get_object()["/A"]["/URI"] for a in page.get("/Annots", [])]
        # Slips are laid out in reading order, links and texts alike.
        titles = re.findall(r"第 \d+ 台 · (?:东西|南北)", slip_text)
        pins = re.findall(r"PIN\s*(\d{4,6})", slip_text)
        i = titles.index(title)
        return links[i], pins[i]
    raise AssertionError(f"no slip {title}")


def certificate_lines(pages: list[str]) -> list[tuple[str, int, str]]:
    """(pair name, place, award) per certificate page."""
    out = []
    for page_text in pages:
        pair = re.search(r"（(.+?)）", page_text).group(1)
        place = int(re.search(r"获得第(\d+)名", page_text).group(1))
        award = re.search(r"荣获\n(.+)\n", page_text).group(1)
        out.append((pair, place, award))
    return out


def player_enters(event: Event, number: int, table: int, side: str, ew: str, ns: str) -> None:
    """A player of ``side`` enters the final levels through their slip's link."""
    link, _pin = slip(event, number, table, side)
    page = event.page()
    page.goto(link)
    pick(page, "#id_ew_level", ew)
    pick(page, "#id_ns_level", ns)
    with page.expect_navigation():
        tap(page, "button", "提交成绩")
    wait_shown(page, "已录入，等待对方确认")


def player_confirms(event: Event, number: int, table: int, side: str) -> None:
    """A player of ``side`` confirms the referee's entry with their slip's PIN."""
    link, pin = slip(event, number, table, side)
    page = event.page()
    page.goto(link)
    type_in(page, "#id_pin", pin)
    with page.expect_navigation():
        tap(page, "button", "确认无误")
    wait_shown(page, "成绩已确认")


def referee_confirms(event: Event, number: int, table: int) -> None:
    page = event.ref
    page.goto(event.url(f"rounds/{number}/table/{table}/"))
    tap(page, "button", "确认成绩")
    page.wait_for_url(event.url(f"rounds/{number}/"))
