"""Places by the time each table passed A (000 fifth text), through the stage page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from tests.conftest import login
from tournament.models import Match, Stage
from tournament.services.places import stage_places

pytestmark = pytest.mark.django_db


def test_the_first_table_past_a_takes_first_place(tournament, register, make_round, organizer):
    # 000 fifth text: "第二輪比賽以最先打過A為勝出，即按時間決出冠、亞、季軍"
    teams = [register(tournament, f"{n}队") for n in "甲乙丙丁"]
    Stage.objects.filter(tournament=tournament).update(places_by_time=True)
    round_ = make_round(tournament, teams)
    Match.objects.filter(round=round_, table=1).update(ew_level="A+", ns_level="8", winner="EW")
    Match.objects.filter(round=round_, table=2).update(ew_level="5", ns_level="A+", winner="NS")
    client = login(organizer)
    url = reverse("stage_list", args=[tournament.slug])
    for table, at in ((1, "15:40"), (2, "15：20")):
        match = Match.objects.get(round=round_, table=table)
        client.post(url, {"passed_at_match": match.pk, "passed_at": at})
    assert Match.objects.get(round=round_, table=2).passed_at == dt.time(15, 20)
    stage = tournament.stages.get()
    jia, yi, bing, ding = (t.pk for t in teams)
    assert stage_places(stage) == [(1, ding), (2, jia), (3, bing), (4, yi)]
    page = client.get(url).content.decode()
    assert "按过A时间决定名次" in page and "1. 丁队" in page and "2. 甲队" in page
    response = client.post(url, {"passed_at_match": match.pk, "passed_at": "25:99"}, follow=True)
    assert "过A时间格式应为" in response.content.decode()
    assert Match.objects.get(pk=match.pk).passed_at == dt.time(15, 20)


def test_the_stage_option_is_set_when_adding_a_stage(tournament, organizer):
    data = {"kind": "swiss", "name": "决赛", "rounds": "1", "qualify": "top", "count": "4"}
    data["places_by_time"] = "1"
    login(organizer).post(reverse("stage_list", args=[tournament.slug]), data)
    assert tournament.stages.get(name="决赛").places_by_time is True
