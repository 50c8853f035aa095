"""A team event's registration pages through the test client: the list and its search,
add, edit (a stale edit refused), withdraw and reinstate, the sheet's preview and confirm."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import load_workbook

from tests.app.teams.team_sheets import HEADER2, team_csv, team_event, team_rows, team_xlsx
from tests.conftest import login, register_pair
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.models import AuditEntry, Pair, Team
from tournament.teams.registration import TeamData, team_register, team_update

pytestmark = pytest.mark.django_db


def url(name, t, *args):
    return reverse(name, args=[t.slug, *args])


def roster_post(
    name="金陵队", unit="南京市", players=("张伟", "王芳", "李娜", "刘洋"), subs=("", "")
):
    data = {"name": name, "unit": unit}
    data |= {f"player{n}": p for n, p in enumerate(players, start=1)}
    data |= {f"sub{n}": s for n, s in enumerate(subs, start=1)}
    return data


def test_add_a_team_by_hand(organizer):
    t = team_event(organizer)
    client = login(organizer)
    page = client.get(url("team_add", t)).content.decode()
    for label in ("队名", "单位", "组合1选手1", "组合2选手2", "替补2"):
        assert label in page
    data = roster_post(subs=("", "陈静")) | {"phone1": "13800000000", "phone6": "13900000000"}
    response = client.post(url("team_add", t), data)
    assert response.status_code == 302 and response["Location"] == url("team_list", t)
    team = Team.objects.get(tournament=t)
    members = list(team.members.order_by("number").values_list("name", "phone"))
    assert members == [
        ("张伟", "13800000000"),
        ("王芳", ""),
        ("李娜", ""),
        ("刘洋", ""),
        ("陈静", "13900000000"),  # the second substitute's phone, kept with her
    ]
    assert [p.name for p in team.pairs.order_by("team_slot")] == ["金陵队·组合1", "金陵队·组合2"]


def test_the_services_refusals_show_on_the_form(organizer):
    t = team_event(organizer, teams=1)
    client = login(organizer)
    page = client.post(url("team_add", t), roster_post(name="苏州一队")).content.decode()
    assert "队名“苏州一队”已经报名" in page
    page = client.post(url("team_add", t), roster_post(players=("甲", "甲", "乙", "丙"))).content
    assert "同一队里有重名的队员：甲" in page.decode()
    assert Team.objects.filter(tournament=t).count() == 1


def test_edit_a_team_and_a_stale_edit_is_refused(organizer):
    t = team_event(organizer, teams=1)
    team = Team.objects.get(tournament=t)
    client = login(organizer)
    page = client.get(url("team_edit", t, team.pk)).content.decode()
    assert 'value="苏州0号3"' in page and 'name="version" value="1"' in page
    data = roster_post(
        name="苏州甲队", unit="苏州市", players=("苏州0号1", "改名", "苏州0号3", "苏州0号4")
    )
    data |= {"sub1": "苏州0替1", "version": "1"}
    assert client.post(url("team_edit", t, team.pk), data).status_code == 302
    team.refresh_from_db()
    assert (team.name, team.version) == ("苏州甲队", 2)
    assert team.pairs.get(team_slot=1).player_names() == "苏州0号1、改名"
    # Someone else saves first: the form sent with version 2 is refused, nothing changes.
    team_update(
        team=team,
        data=TeamData(name="别人改的", players=("a", "b", "c", "d")),
        version=2,
        by=user_actor(organizer),
    )
    data |= {"name": "我改的", "version": "2"}
    page = client.post(url("team_edit", t, team.pk), data).content.decode()
    assert "这个队刚被别人修改过，请刷新后再改" in page
    assert Team.objects.get(pk=team.pk).name == "别人改的"


def test_withdraw_asks_first_then_reinstate(organizer):
    t = team_event(organizer, teams=2)
    team = Team.objects.get(tournament=t, name="苏州一队")
    client = login(organizer)
    asking = client.post(url("team_status", t, team.pk), {"status": "withdrawn"})
    assert asking.status_code == 200 and "确定让“苏州一队”退赛吗" in asking.content.decode()
    done = client.post(url("team_status", t, team.pk), {"status": "withdrawn", "confirmed": "1"})
    assert done.status_code == 302
    assert set(Pair.objects.filter(team=team).values_list("status", flat=True)) == {"withdrawn"}
    assert client.post(url("team_status", t, team.pk), {"status": "active"}).status_code == 302
    assert Team.objects.get(pk=team.pk).status == "active"
    assert AuditEntry.objects.filter(action="squad.status").count() == 2


def test_the_list_shows_rosters_and_finds_a_team_by_a_players_name(organizer):
    t = team_event(organizer, teams=3)
    client = login(organizer)
    page = client.get(url("team_list", t)).content.decode()
    assert "共 3 个团体" in page
    assert "苏州0号1、苏州0号2" in page and "苏州0替1" in page
    found = client.get(url("team_list", t), {"q": "无锡2号3"}).content.decode()
    assert "无锡队" in found and "苏州一队" not in found and "共 1 个团体" in found
    pinyin = client.get(url("team_list", t), {"q": "suzhou"}).content.decode()
    assert "苏州一队" in pinyin and "苏州二队" in pinyin and "无锡队" not in pinyin


@pytest.mark.slow  # 2,000 entries: in CI's full run (RUN_SLOW), not the fast one
def test_the_list_of_two_thousand_teams_reads_one_page_of_rosters(
    organizer, django_assert_max_num_queries
):
    from tournament.teams.import_sheet import teams_import

    t = team_event(organizer)
    teams_import(
        tournament=t, data=team_xlsx(team_rows(2000)), filename="x.xlsx", by=user_actor(None)
    )
    client = login(organizer)
    with django_assert_max_num_queries(20):
        page = client.get(url("team_list", t), {"page": 3}).content.decode()
    assert "共 2000 个团体" in page and "团体0101" in page and "队员0101甲" in page


def upload(client, t, data, name):
    return client.post(url("team_import", t), {"file": SimpleUploadedFile(name, data)})


def test_import_preview_then_confirm(organizer):
    t = team_event(organizer)
    client = login(organizer)
    preview = upload(client, t, team_xlsx(team_rows(3)), "团体.xlsx").content.decode()
    assert "将导入 3 个团体" in preview and "队员0001甲、队员0001乙" in preview
    assert not Team.objects.filter(tournament=t).exists()  # nothing saved by the preview
    done = client.post(url("team_import_confirm", t))
    assert done.status_code == 302 and done["Location"] == url("team_list", t)
    assert Team.objects.filter(tournament=t).count() == 3
    assert client.post(url("team_import_confirm", t)).status_code == 302  # nothing pending now
    assert Team.objects.filter(tournament=t).count() == 3


def test_a_csv_through_the_page(organizer):
    t = team_event(organizer)
    client = login(organizer)
    assert (
        "将导入 2 个团体" in upload(client, t, team_csv(team_rows(2)), "团体.csv").content.decode()
    )
    client.post(url("team_import_confirm", t))
    assert Team.objects.filter(tournament=t).count() == 2


def test_a_bad_sheet_imports_nothing_and_offers_no_confirmation(organizer):
    t = team_event(organizer)
    client = login(organizer)
    rows = [*team_rows(2), ("团体0001", "", "x", "y", "z", "w", "", "")]
    page = upload(client, t, team_xlsx(rows), "团体.xlsx").content.decode()
    assert "发现 1 个问题，没有导入任何数据" in page
    assert "第4行“队名”列：队名“团体0001”与第2行重复" in page
    assert url("team_import_confirm", t) not in page
    assert client.post(url("team_import_confirm", t)).status_code == 302
    assert not Team.objects.filter(tournament=t).exists()


def test_the_template_reads_back_as_a_sheet_of_the_events_columns(organizer):
    t = team_event(organizer, substitutes=1)
    response = login(organizer).get(url("team_template", t))
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert [h for h in rows[0] if not h.endswith("会员号")] == HEADER2[:7]
    assert rows[0][3] == "组合1选手1会员号"
    assert rows[1][0] == "金陵一队"  # the sample: left out when the sheet comes back
    client = login(organizer)
    page = upload(client, t, response.content, "template.xlsx").content.decode()
    assert "表格中没有报名数据" in page and "模板中的示例团体" in page


def test_a_pairs_event_has_no_team_pages_and_a_team_event_leads_to_them(organizer):
    pairs = tournament_create(organizer=organizer, by=user_actor(organizer), name="双人", slug="p")
    register_pair(pairs, "甲队")
    client = login(organizer)
    for name in ("team_list", "team_add", "team_import", "team_template", "line_ups"):
        assert client.get(url(name, pairs)).status_code == 404, name
    assert client.get(url("pair_list", pairs)).status_code == 200
    t = team_event(organizer)
    for pairs_page, team_page in (
        ("pair_list", "team_list"),
        ("pair_add", "team_add"),
        ("pair_import", "team_import"),
    ):
        response = client.get(url(pairs_page, t))
        assert response.status_code == 302 and response["Location"] == url(team_page, t)
    nav = client.get(url("tournament_detail", t)).content.decode()
    assert url("team_list", t) in nav and url("pair_list", t) not in nav


@pytest.mark.parametrize("who", ["chief", "referee"])
def test_staff_may_not_open_the_organizers_team_pages(organizer, chief, referee, who):
    t = team_event(organizer, teams=1, staff=(chief, referee))
    team = Team.objects.get(tournament=t)
    client = login(chief if who == "chief" else referee)
    for name, args in (
        ("team_list", []),
        ("team_add", []),
        ("team_edit", [team.pk]),
        ("team_import", []),
        ("team_template", []),
    ):
        assert client.get(url(name, t, *args)).status_code in (403, 404), name
    refused = client.post(url("team_status", t, team.pk), {"status": "withdrawn", "confirmed": "1"})
    assert refused.status_code in (403, 404)
    assert Team.objects.get(pk=team.pk).status == "active"


def test_a_team_registered_between_preview_and_confirm_stops_the_import(organizer):
    t = team_event(organizer)
    client = login(organizer)
    assert (
        "将导入 2 个团体"
        in upload(client, t, team_xlsx(team_rows(2)), "团体.xlsx").content.decode()
    )
    data = TeamData(name="团体0002", players=("a", "b", "c", "d"))
    team_register(tournament=t, data=data, by=user_actor(organizer))
    page = client.post(url("team_import_confirm", t), follow=True).content.decode()
    assert "导入失败，没有保存任何数据" in page and "队名“团体0002”已经报名" in page
    assert list(Team.objects.filter(tournament=t).values_list("name", flat=True)) == ["团体0002"]
