"""Pace alerts on round control, from the line times the score sheet keeps."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.models import Round, Table
from tournament.models.table_guard import exempt
from tournament.results.pace import round_pace
from tournament.results.services import save_scoresheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]
SLOW = {"win": "EW", "partner": 4}  # one level up a deal


@pytest.fixture
def running(tournament, pairs8, make_round, chief):
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    Round.objects.filter(pk=round_.pk).update(started_at=timezone.now() - timedelta(minutes=40))
    round_.refresh_from_db()
    return round_


def test_the_sheet_keeps_a_time_per_line_and_restamps_a_corrected_line(running, referee):
    m = running.tables.get(number=1)
    m = save_scoresheet(m, [SLOW], version=m.version, by=user_actor(referee))
    first = m.deal_times[0]
    m = save_scoresheet(m, [SLOW, SLOW], version=m.version, by=user_actor(referee))
    m.refresh_from_db()
    assert m.deal_times[0] == first and len(m.deal_times) == 2
    assert abs((datetime.fromisoformat(m.deal_times[1]) - timezone.now()).total_seconds()) < 60
    m = save_scoresheet(m, [{"win": "NS", "partner": 4}], version=m.version, by=user_actor(referee))
    m.refresh_from_db()
    assert len(m.deal_times) == 1 and m.deal_times[0] != first


def test_round_control_lists_slow_and_idle_tables(running, referee):
    slow = running.tables.get(number=1)
    for n in range(1, 4):
        slow = save_scoresheet(slow, [SLOW] * n, version=slow.version, by=user_actor(referee))
    idle = running.tables.get(number=2)
    twenty_ago = (timezone.now() - timedelta(minutes=20)).isoformat()
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(pk=idle.pk).update(
            deals=[{"win": "NS", "partner": 2}], deal_times=[twenty_ago], ns_level="5"
        )
    alerts = {a.table: a for a in round_pace(running)}
    assert set(alerts) == {1, 2}  # tables 3 and 4 keep no sheet
    assert alerts[1].slow and not alerts[1].idle and alerts[1].projected > 60
    assert alerts[2].idle and not alerts[2].slow and alerts[2].idle_minutes == 20
    client = Client()
    client.force_login(referee)
    page = client.get(reverse("round_control", args=["spring", 1])).content.decode()
    section = page.split('id="pace"')[1].split("</section>")[0]
    assert "第1台" in section and "才能过A（时限60分钟）" in section
    assert "第2台" in section and "已20分钟没有记录新的一副" in section
    assert "第3台" not in section


def test_no_alerts_before_the_round_starts_or_after_its_time(running):
    Round.objects.filter(pk=running.pk).update(started_at=None)
    running.refresh_from_db()
    assert round_pace(running) == []
    Round.objects.filter(pk=running.pk).update(started_at=timezone.now() - timedelta(hours=2))
    running.refresh_from_db()
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(round=running, number=1).update(deals=[SLOW], deal_times=["x"])
    assert round_pace(running) == []
