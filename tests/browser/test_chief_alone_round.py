"""A whole round run by the chief referee alone: no referee account, the
chief downloads the clerk's sheet, fills it (openpyxl), uploads it, checks the preview,
imports, confirms all and locks, all on the chief's own page."""

from __future__ import annotations

from tests.browser.conftest import login
from tests.browser.test_four_events import crew  # noqa: F401 (the fixture)
from tests.browser.web_event import PAIRS, Event, hold_timers, play_round
from tournament.models import Round, Table


def test_the_chief_referee_runs_a_round_alone_from_the_clerks_sheet(crew):  # noqa: F811
    base, org, phone = crew
    e = Event(base, "solo", org, None, None, phone)
    e.create("裁判长单人赛", "swiss_points26", {"rounds": "2", "publish_pairings": True})
    password = e.staff("chief", "王裁判长", "chief_referee")
    e.chief = e.page(live=True)
    login(e.chief, base, "chief", password)
    hold_timers(e.chief)
    e.ref = e.chief  # nobody else: the chief uploads the sheet too
    e.add_pairs(PAIRS)
    e.do_draw("7")
    tables = play_round(e, 1, clerk=True)
    assert len(tables) == 4
    round_ = Round.objects.get(tournament__slug="solo", number=1)
    assert round_.status == "locked"
    states = set(round_.tables.exclude(ns=None).values_list("state", flat=True))
    assert states == {Table.CONFIRMED}
