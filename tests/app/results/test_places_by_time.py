"""Places by the time each table passed A (docs/rules.md §5.5), through the stage page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from tests.conftest import login
from tournament.models import Staff, Stage, Table
from tournament.models.table_guard import exempt
from tournament.results.places import stage_places

pytestmark = pytest.mark.django_db


def test_the_first_table_past_a_takes_first_place(tournament, register, make_round, organizer):
    # 《青阳路社区迎新春牌类比赛活动计划》: "第二輪比賽以最先打過A為勝出，即按時間決出冠、亞、季軍"
    pairs = [register(tournament, f"{n}队") for n in "甲乙丙丁"]
    Stage.objects.filter(tournament=tournament).update(places_by_time=True)
    round_ = make_round(tournament, pairs)
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(round=round_, number=1).update(
            ew_level="A+", ns_level="8", winner="EW"
        )
        Table.objects.filter(round=round_, number=2).update(
            ew_level="5", ns_level="A+", winner="NS"
        )
    client = login(organizer)
    url = reverse("stage_list", args=[tournament.slug])
    for number, at in ((1, "15:40"), (2, "15：20")):
        table = Table.objects.get(round=round_, number=number)
        client.post(url, {"passed_at_match": table.pk, "passed_at": at})
    assert Table.objects.get(round=round_, number=2).passed_at == dt.time(15, 20)
    stage = tournament.stages.get()
    jia, yi, bing, ding = (t.pk for t in pairs)
    assert stage_places(stage) == [(1, ding), (2, jia), (3, bing), (4, yi)]
    page = client.get(url).content.decode()
    assert "按过A时间决定名次" in page and "1. 丁队" in page and "2. 甲队" in page
    response = client.post(url, {"passed_at_match": table.pk, "passed_at": "25:99"}, follow=True)
    assert "过A时间格式应为" in response.content.decode()
    assert Table.objects.get(pk=table.pk).passed_at == dt.time(15, 20)


def test_the_stage_option_is_set_when_adding_a_stage(tournament, organizer):
    data = {"kind": "swiss", "name": "决赛", "rounds": "1", "qualify": "top", "count": "4"}
    data["places_by_time"] = "1"
    login(organizer).post(reverse("stage_list", args=[tournament.slug]), data)
    assert tournament.stages.get(name="决赛").places_by_time is True


def test_the_referee_records_the_time_on_the_entry_page(
    tournament, register, make_round, referee, make_user
):
    pairs = [register(tournament, f"{n}队") for n in "甲乙丙丁"]
    Stage.objects.filter(tournament=tournament).update(places_by_time=True)
    round_ = make_round(tournament, pairs)
    entry = reverse("table_entry", args=[tournament.slug, 1, 2])
    assert "过A时间（按过A先后排名次）" in login(referee).get(entry).content.decode()
    url = reverse("table_passed_at", args=[tournament.slug, 1, 2])
    login(referee).post(url, {"passed_at": "14:05"})
    assert Table.objects.get(round=round_, number=2).passed_at == dt.time(14, 5)
    # Blank: the time it is now, as the referee sees the table pass A.
    login(referee).post(url, {"passed_at": ""})
    assert Table.objects.get(round=round_, number=2).passed_at != dt.time(14, 5)
    # A referee limited to other tables is refused, like for a result.
    other = make_user("ref2")
    Staff.objects.create(tournament=tournament, user=other, role=Staff.REFEREE, tables="1")
    response = login(other).post(url, {"passed_at": "09:00"}, follow=True)
    assert "第2台" in response.content.decode()
    assert Table.objects.get(round=round_, number=2).passed_at != dt.time(9, 0)


def test_no_time_is_recorded_where_places_do_not_follow_it(
    tournament, register, make_round, referee
):
    pairs = [register(tournament, f"{n}队") for n in "甲乙"]
    round_ = make_round(tournament, pairs)
    page = login(referee).get(reverse("table_entry", args=[tournament.slug, 1, 1]))
    assert "过A时间（按过A先后排名次）" not in page.content.decode()
    url = reverse("table_passed_at", args=[tournament.slug, 1, 1])
    response = login(referee).post(url, {"passed_at": "14:05"}, follow=True)
    assert "本阶段不按过A时间排名次" in response.content.decode()
    assert Table.objects.get(round=round_, number=1).passed_at is None
