"""A team event's registration sheet: all rows or nothing, each bad row named, fast at 2,000."""

from __future__ import annotations

import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.app.teams.team_sheets import HEADER2, HEADER3, team_csv, team_event, team_rows, team_xlsx
from tournament.core.actors import user_actor
from tournament.core.errors import Invalid
from tournament.events.services import tournament_create
from tournament.models import AuditEntry, Pair, Player, Team, TeamMember
from tournament.spreadsheets.table_file import TableFileError
from tournament.teams.import_sheet import teams_check, teams_import
from tournament.teams.line_ups import change_line_up
from tournament.teams.sheet_rows import template_header

pytestmark = pytest.mark.django_db


def run(t, data, name="团体.xlsx"):
    return teams_import(tournament=t, data=data, filename=name, by=user_actor(None))


def problems(check):
    return [str(p) for p in check.problems]


def counts(t):
    return (
        Team.objects.filter(tournament=t).count(),
        TeamMember.objects.filter(team__tournament=t).count(),
        Pair.objects.filter(tournament=t).count(),
        Player.objects.filter(pair__tournament=t).count(),
    )


def test_a_good_sheet_makes_teams_rosters_and_registered_pairs(organizer):
    t = team_event(organizer)
    row = ("金陵队", "南京市", "张伟", "王芳", "李娜", "刘洋", "陈静", "")
    check = run(t, team_xlsx([row]))
    assert check.ok, problems(check)
    team = Team.objects.get(tournament=t)
    assert (team.name, team.unit.name, team.joined_round, team.version) == (
        "金陵队",
        "南京市",
        1,
        1,
    )
    roster = list(team.members.order_by("number").values_list("number", "name"))
    assert roster == [(1, "张伟"), (2, "王芳"), (3, "李娜"), (4, "刘洋"), (5, "陈静")]
    pairs = list(team.pairs.order_by("team_slot"))
    assert [(p.name, p.team_slot, p.unit.name) for p in pairs] == [
        ("金陵队·组合1", 1, "南京市"),
        ("金陵队·组合2", 2, "南京市"),
    ]
    assert [p.player_names() for p in pairs] == ["张伟、王芳", "李娜、刘洋"]
    assert all(pl.member.team_id == team.pk for p in pairs for pl in p.players.all())
    assert all(p.name_pinyin for p in pairs) and team.name_pinyin
    entry = AuditEntry.objects.get(tournament=t, action="squad.import")
    assert entry.after == {"count": 1, "file": "团体.xlsx"}


def test_imported_teams_take_line_up_changes_like_registered_ones(organizer):
    t = team_event(organizer)
    assert run(t, team_xlsx(team_rows(2))).ok
    team = Team.objects.get(name="团体0001")
    pairs = change_line_up(team=team, round_number=1, members=[(1, 3), (2, 4)], by=user_actor(None))
    assert len(pairs) == 2 and team.pairs.count() == 4


def test_a_csv_in_gbk_is_read_like_a_workbook(organizer):
    t = team_event(organizer)
    assert run(t, team_csv(team_rows(3), encoding="gbk"), name="团体.csv").ok
    assert counts(t) == (3, 15, 6, 12)


def test_three_pair_teams_read_the_third_pair(organizer):
    t = team_event(organizer, team_pairs=3, substitutes=1)
    row = ("三组队", "", "甲", "乙", "丙", "丁", "戊", "己", "庚")
    assert run(t, team_xlsx([row], header=HEADER3)).ok
    team = Team.objects.get(tournament=t)
    assert team.pairs.count() == 3 and team.members.count() == 7
    assert team.pairs.get(team_slot=3).player_names() == "戊、己"
    assert [h for h in template_header(3, 1) if not h.endswith("会员号")] == HEADER3


def test_every_bad_row_is_named_and_nothing_is_imported(organizer):
    t = team_event(organizer, teams=1, substitutes=1)
    rows = [
        ("好队", "甲市", "一", "二", "三", "四", "", ""),
        ("", "乙市", "五", "六", "七", "八", "", ""),  # row 3: no name
        ("缺人队", "", "九", "", "十", "十一", "", ""),  # row 4: a player missing
        ("好队", "", "十二", "十三", "十四", "十五", "", ""),  # row 5: the name again
        ("苏州一队", "", "a", "b", "c", "d", "", ""),  # row 6: registered already
        ("重名队", "", "张三", "张三", "e", "f", "", ""),  # row 7: one player twice
        ("替补队", "", "g", "h", "i", "j", "k", "l"),  # row 8: two substitutes, one allowed
        ("抢人队", "甲市", "一", "m", "n", "o", "", ""),  # row 9: 一 plays for 好队 (甲市)
    ]
    before = counts(t)
    check = run(t, team_xlsx(rows))
    assert not check.ok
    assert problems(check) == [
        "第3行“队名”列：缺少队名",
        "第4行“组合1选手2”列：缺少选手姓名",
        "第5行“队名”列：队名“好队”与第2行重复",
        "第6行“队名”列：队名“苏州一队”已经报名",
        "第7行：同一队里有重名的队员：张三",
        "第8行“替补2”列：每队最多 1 名替补",
        "第9行“组合1选手1”列：队员“一”同时在第2行的队里（同一单位）",
    ]
    assert counts(t) == before
    assert not AuditEntry.objects.filter(action="squad.import").exists()


def test_a_player_of_a_registered_team_of_the_same_unit_is_refused(organizer):
    t = team_event(organizer, teams=1)  # 苏州一队 (苏州市): 苏州0号1…
    rows = [
        ("新队", "苏州市", "苏州0号1", "x", "y", "z", "", ""),
        ("外地队", "扬州市", "苏州0号2", "p", "q", "r", "", ""),
    ]
    check = run(t, team_xlsx(rows))
    assert problems(check) == [
        "第2行“组合1选手1”列：队员“苏州0号1”已在“苏州一队”队报名（同一单位）"
    ]


def test_the_wrong_columns_are_named(organizer):
    t = team_event(organizer)  # two pairs a team: 组合3 is not a column of its sheet
    header = [*HEADER2[:4], "组合2选手1", *HEADER3[6:8]]
    check = run(t, team_xlsx([("队", "", "a", "b", "c", "d", "e")], header=header))
    text = problems(check)
    assert any("组合3选手1" in p and "未知的列" in p for p in text)
    assert any("组合2选手2" in p and "缺少必需的列" in p for p in text)
    assert counts(t) == (0, 0, 0, 0)


def test_an_empty_sheet_and_a_broken_file(organizer):
    t = team_event(organizer)
    assert problems(run(t, team_xlsx([]))) == ["表格中没有报名数据"]
    with pytest.raises(TableFileError):
        run(t, b"not a spreadsheet", name="x.xlsx")


def test_a_pairs_event_refuses_the_team_sheet(organizer):
    t = tournament_create(organizer=organizer, by=user_actor(organizer), name="双人", slug="p")
    with pytest.raises(Invalid):
        teams_check(t, team_xlsx(team_rows(1)), "x.xlsx")


@pytest.mark.slow  # 2,000 entries: in CI's full run (RUN_SLOW), not the fast one
def test_two_thousand_teams_import_in_a_few_statements(organizer):
    t = team_event(organizer)
    data = team_xlsx(team_rows(2000))
    started = time.perf_counter()
    with CaptureQueriesContext(connection) as queries:
        check = run(t, data)
    elapsed = time.perf_counter() - started
    assert check.ok
    assert counts(t) == (2000, 2000 * 5, 4000, 8000)
    assert len(queries) < 40, len(queries)
    assert elapsed < 20, elapsed  # 1.5 s on the helper's machine, reading the sheet included
