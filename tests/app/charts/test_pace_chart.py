"""Round control draws the pace strip of the tables in play, the slow and idle ones marked."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.app.charts.svg_read import SVG, assert_text_alternative, charts, hidden_rows, svg
from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.models import Round, Table
from tournament.models.table_guard import exempt
from tournament.results.services import save_scoresheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]
SLOW = {"win": "EW", "partner": 4}  # one level up a deal


def test_round_control_draws_the_pace_of_each_table(tournament, pairs8, make_round, referee):
    running = make_round(tournament, pairs8, status=Round.IN_PLAY)
    Round.objects.filter(pk=running.pk).update(started_at=timezone.now() - timedelta(minutes=40))
    slow = running.tables.get(number=1)
    for n in range(1, 4):
        slow = save_scoresheet(slow, [SLOW] * n, version=slow.version, by=user_actor(referee))
    idle = running.tables.get(number=2)
    twenty_ago = (timezone.now() - timedelta(minutes=20)).isoformat()
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(pk=idle.pk).update(
            deals=[{"win": "NS", "partner": 2}], deal_times=[twenty_ago], ns_level="5"
        )
    page = login(referee).get(reverse("round_control", args=["spring", 1])).content.decode()
    (figure,) = charts(page, "pace")
    assert_text_alternative(figure)
    dots = {c.get("data-table"): c.get("class") for c in svg(figure).iter(f"{SVG}circle")}
    assert dots == {"1": "dot-slow", "2": "dot-idle"}  # tables 3 and 4 keep no sheet
    assert [row[:2] for row in hidden_rows(figure)] == [["1", "5"], ["2", "5"]]
