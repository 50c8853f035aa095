"""``manage.py series`` (docs/rules.md §20): create, add, standings --json key for key, over a
pairs event and a team event sharing players, worked by hand below."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.app.series.series_events import pairs_event, team_event
from tournament.models import AuditEntry, Series
from tournament.series.services import series_update
from tournament.standings.selectors import standings_for
from tournament.teams.standings import team_standings_for

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command("series", *args, stdout=out)
    return out.getvalue()


def table(lines: list[dict]) -> list[tuple]:
    return [(x["rank"], x["player"], x["points"], x["events"]) for x in lines]


def test_two_events_worked_by_hand(organizer):
    spring, summer = pairs_event(organizer), team_event(organizer)
    # The events' own standings over their locked round (seeded draws, fixed results):
    places = [(r.rank, spring.pairs.get(pk=r.pair).name) for r in standings_for(spring)]
    assert places == [(1, "二队"), (2, "三队"), (3, "四队"), (4, "一队")]
    teams = [(r.rank, summer.teams.get(pk=r.team).name) for r in team_standings_for(summer)]
    assert teams == [(1, "甲队"), (2, "乙队")]
    run("create", "js-2026", "--name", "江苏联赛", "--best-n", "1")
    run("add", "js-2026", "spring", "--class", "city")
    run("add", "js-2026", "summer")  # the default class: county
    # spring (pairs, 市级): field 4 → field factor 0.5; top award 100 × 1.5 × 0.5 = 75;
    #   ceil(4 × 0.34) = 2 places score: 1st 75, 2nd 75 × 1/2 = 37.5.
    #   二队 王五 赵六: 75 each; 三队 孙七 周八: 37.5; 四队 吴九 郑十 and 一队 张三 李四: 0.
    # summer (teams, 县级): field 2 teams → 0.5; top 100 × 1 × 0.5 = 50; ceil(0.68) = 1 place:
    #   甲队 张三 王五 钱一 钱二: 50 each; 乙队 李四 孙七 冯一 冯二: 0. The substitutes
    #   钱三 and 冯三 never sat at a locked table: no place, not in the standings.
    # 张三 (M1), 李四 (M2), 王五 (M3), 孙七 (M5) are one person in both events by 会员号.
    # Best 1: 王五 max(75, 50) = 75 ties 赵六 75 (countback equal: rank 1 shared, pinyin
    # order); 钱二 钱一 张三 50 (rank 3); 孙七 max(37.5, 0) and 周八 37.5 (rank 6); the
    # five with 0 share rank 8.
    lines = json.loads(run("standings", "js-2026", "--json"))
    assert table(lines) == [
        (1, "王五", 75.0, 2),
        (1, "赵六", 75.0, 1),
        (3, "钱二", 50.0, 1),
        (3, "钱一", 50.0, 1),
        (3, "张三", 50.0, 2),
        (6, "孙七", 37.5, 2),
        (6, "周八", 37.5, 1),
        (8, "冯二", 0.0, 1),
        (8, "冯一", 0.0, 1),
        (8, "李四", 0.0, 2),
        (8, "吴九", 0.0, 1),
        (8, "郑十", 0.0, 1),
    ]
    wang = lines[0]
    assert set(wang) == {"rank", "player", "points", "events", "person_id", "number"} | {
        "hidden",
        "counted",
    }
    assert (wang["number"], wang["hidden"]) == ("M3", False)
    assert wang["counted"] == [{"event": "spring", "place": 1, "field": 4, "points": 75.0}]
    assert lines[4]["counted"] == [{"event": "summer", "place": 1, "field": 2, "points": 50.0}]
    # Best 2: 王五 75 + 50 = 125 alone on top; 张三 0 + 50 = 50 still ties 钱一 (50 + 0).
    series_update(series=Series.objects.get(), best_n=2)
    lines = json.loads(run("standings", "js-2026", "--json"))
    assert table(lines)[:5] == [
        (1, "王五", 125.0, 2),
        (2, "赵六", 75.0, 1),
        (3, "钱二", 50.0, 1),
        (3, "钱一", 50.0, 1),
        (3, "张三", 50.0, 2),
    ]
    assert [c["event"] for c in lines[0]["counted"]] == ["spring", "summer"]
    # Audited on each event: added, then the points setting changed.
    for t in (spring, summer):
        actions = list(AuditEntry.objects.filter(tournament=t, action__startswith="series"))
        assert sorted(a.action for a in actions) == ["series.add", "series.edit"]
    text = run("standings", "js-2026")
    assert "王五" in text and "125.00" in text


def test_refusals(organizer):
    pairs_event(organizer)
    run("create", "s", "--name", "S")
    with pytest.raises(CommandError):
        run("create", "s", "--name", "again")
    with pytest.raises(CommandError):
        run("add", "s", "nowhere")
    run("add", "s", "spring")
    with pytest.raises(CommandError):
        run("add", "s", "spring")
    with pytest.raises(CommandError):
        run("standings", "missing")
    with pytest.raises(CommandError):
        run("create", "t", "--name", "T", "--config", '{"cut": 2}')
    run("create", "other", "--name", "Other")
    run("add", "other", "spring", "--class", "national")  # one event, two series
    assert len(json.loads(run("standings", "other", "--json"))) == 8
    run("remove", "s", "spring")
    assert json.loads(run("standings", "s", "--json")) == []
