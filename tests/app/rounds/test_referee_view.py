"""What a referee sees of a round: entry buttons only for the tables they may
enter, and no time left once the round is locked."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.models import Round, Staff
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]


@pytest.fixture
def round1(tournament, pairs8, make_round, referee):
    Staff.objects.filter(tournament=tournament, user=referee).update(tables="1-2")
    return make_round(tournament, pairs8)


def tables_with_buttons(html: str) -> list[int]:
    rows = re.findall(r'<tr data-table="(\d+)"[^>]*>(.*?)</tr>', html, re.S)
    return [int(table) for table, row in rows if 'class="button small"' in row]


def test_a_referee_given_tables_1_2_has_entry_buttons_only_for_them(round1, referee, chief):
    page = login(referee).get(reverse("round_control", args=["spring", 1])).content.decode()
    assert tables_with_buttons(page) == [1, 2]
    page = login(chief).get(reverse("round_control", args=["spring", 1])).content.decode()
    assert tables_with_buttons(page) == [1, 2, 3, 4]


def test_the_rows_sent_live_keep_to_the_referees_tables(round1, referee, chief):
    url = reverse("round_status_json", args=["spring", 1])
    since = login(referee).get(url).json()["seq"]
    for table in (1, 3):
        m = round1.tables.get(number=table)
        submit_result(
            m, ResultValues("A+", "K", winner="EW"), version=m.version, by=user_actor(chief)
        )
    changed = login(referee).get(url, {"since": since}).json()["changed"]
    assert tables_with_buttons("".join(row["html"] for row in changed)) == [1]


def test_a_locked_round_shows_no_minutes_left(round1, chief):
    Round.objects.filter(pk=round1.pk).update(started_at=timezone.now(), status=Round.IN_PLAY)
    url = reverse("table_entry", args=["spring", 1, 1])
    assert "比赛时间还剩" in login(chief).get(url).content.decode()
    Round.objects.filter(pk=round1.pk).update(status=Round.LOCKED)
    assert "比赛时间还剩" not in login(chief).get(url).content.decode()
