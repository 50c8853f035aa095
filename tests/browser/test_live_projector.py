"""The projector in real Chromium: the chime at 5 minutes left and at time, the mute
switch, and counts that follow the results without a reload."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from tests.browser.taps import tap, text, wait_js
from tournament.core.actors import user_actor
from tournament.models import Round, Table
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result

pytestmark = pytest.mark.django_db(transaction=True)

CHIMES = (
    "window.__chimes = []; document.addEventListener('gd:chime', e => __chimes.push(e.detail));"
)


@pytest.fixture
def event(tournament, pairs8, make_round):
    tournament.publish_pairings = True
    tournament.save()
    return make_round(tournament, pairs8)


def started(event, seconds_left: int) -> None:
    """Start the round so that ``seconds_left`` remain of its 60 minutes. The version moves
    as every write of a round moves it (``start_round``): the projector is kept under the
    round's live stamp (tournament/core/stamps.py)."""
    Round.objects.filter(pk=event.pk).update(
        status=Round.IN_PLAY,
        started_at=timezone.now() - timedelta(seconds=60 * 60 - seconds_left),
        version=F("version") + 1,
    )


def test_the_projector_chimes_at_five_minutes_left_and_at_time(live_server, phone, event):
    started(event, 302)
    page = phone()
    page.add_init_script(CHIMES)
    # The page's clock is moved on by the test (seconds pass at once, not in real time).
    page.clock.install()
    page.goto(live_server.url + reverse("projector", args=["spring", 1]))
    page.clock.run_for(3000)
    wait_js(page, "window.__chimes.length === 1")
    assert page.evaluate("window.__chimes") == [1]
    started(event, 2)
    page.reload()
    page.clock.run_for(3000)
    wait_js(page, "window.__chimes.includes(3)")
    assert text(page, "#clock") == "时间到"


def test_the_mute_switch_silences_the_chime(live_server, phone, event):
    started(event, 3)
    page = phone()
    page.add_init_script(CHIMES)
    page.clock.install()
    page.goto(live_server.url + reverse("projector", args=["spring", 1]))
    tap(page, "#mute")
    assert text(page, "#mute") == "提示音：关"
    page.clock.run_for(4000)
    wait_js(page, "document.getElementById('clock').textContent === '时间到'")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__chimes") == []


def test_projector_counts_follow_the_results_without_a_reload(live_server, phone, event, referee):
    started(event, 1800)
    page = phone()
    page.goto(live_server.url + reverse("projector", args=["spring", 1]))
    assert text(page, "[data-k='finished']") == "0"
    page.evaluate("window.__not_reloaded = true")
    table = Table.objects.get(round=event, number=2)
    submit_result(
        table, ResultValues("A+", "J", winner="EW"), version=table.version, by=user_actor(referee)
    )
    page.evaluate("window.GD_LIVE.poll()")
    wait_js(page, "document.querySelector('[data-k=finished]').textContent === '1'")
    wait_js(page, "!document.querySelector('.proj-unfinished').textContent.includes('1–4')")
    unfinished = text(page, ".proj-unfinished")
    assert "1" in unfinished and "3–4" in unfinished
    assert page.evaluate("window.__not_reloaded === true")
