"""An individual event's registration pages through the test client: the list and its
search, add, edit (a stale edit refused), withdraw and reinstate, the sheet's preview and
confirm, the pairs' pages leading to the players', and staff refused."""

from __future__ import annotations

import io
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import load_workbook

from tests.app.individuals.individual_sheets import player_rows, solo_csv, solo_event, solo_xlsx
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.core.errors import Invalid
from tournament.individuals.import_sheet import individuals_import
from tournament.individuals.registration import IndividualData, individual_update
from tournament.models import AuditEntry, Individual, Pair
from tournament.registration.services import PairData, pair_register

pytestmark = pytest.mark.django_db


def url(name, t, *args):
    return reverse(name, args=[t.slug, *args])


def test_add_a_player_by_hand(organizer):
    t = solo_event(organizer)
    client = login(organizer)
    page = client.get(url("individual_add", t)).content.decode()
    for label in ("姓名", "单位", "手机", "种子"):
        assert label in page
    data = {"name": "张伟", "unit": "南京市", "phone": "13800000000", "seed": "2"}
    response = client.post(url("individual_add", t), data)
    assert response.status_code == 302 and response["Location"] == url("individual_list", t)
    person = Individual.objects.get(tournament=t)
    assert (person.name, person.unit.name, person.phone, person.seed) == (
        "张伟",
        "南京市",
        "13800000000",
        2,
    )
    assert person.own.players.get().name == "张伟"
    again = client.post(url("individual_add", t), {"name": "张伟"}).content.decode()
    assert "张伟" in again and Individual.objects.filter(tournament=t).count() == 1
    assert "已经" in again or "已有" in again or "重名" in again
    blank = client.post(url("individual_add", t), {"name": "　"}).content.decode()
    assert "has-error" in blank and Individual.objects.filter(tournament=t).count() == 1


def test_edit_a_player_and_a_stale_edit_is_refused(organizer):
    t = solo_event(organizer, players=1)
    person = Individual.objects.get(tournament=t)
    client = login(organizer)
    page = client.get(url("individual_edit", t, person.pk)).content.decode()
    assert 'value="选手0"' in page and 'name="version" value="1"' in page
    data = {"name": "改名", "unit": "苏州", "phone": "1", "version": "1"}
    assert client.post(url("individual_edit", t, person.pk), data).status_code == 302
    person.refresh_from_db()
    assert (person.name, person.version, Pair.objects.get(pk=person.own_id).name) == (
        "改名",
        2,
        "改名",
    )
    individual_update(
        individual=person, data=IndividualData("别人改的"), version=2, by=user_actor(organizer)
    )
    data |= {"name": "我改的", "version": "2"}
    page = client.post(url("individual_edit", t, person.pk), data).content.decode()
    assert "这名选手刚被别人修改过，请刷新后再改" in page
    assert Individual.objects.get(pk=person.pk).name == "别人改的"


def test_withdraw_asks_first_then_reinstate(organizer):
    t = solo_event(organizer, players=2)
    person = Individual.objects.get(tournament=t, name="选手1")
    client = login(organizer)
    status = url("individual_status", t, person.pk)
    asking = client.post(status, {"status": "withdrawn"})
    assert asking.status_code == 200 and "确定让“选手1”退赛吗" in asking.content.decode()
    assert Individual.objects.get(pk=person.pk).status == "active"
    done = client.post(status, {"status": "withdrawn", "confirmed": "1"})
    assert done.status_code == 302
    assert Individual.objects.get(pk=person.pk).status == "withdrawn"
    assert Pair.objects.get(pk=person.own_id).status == "withdrawn"
    assert client.post(status, {"status": "active"}).status_code == 302
    assert Individual.objects.get(pk=person.pk).status == "active"
    assert AuditEntry.objects.filter(action="individual.status").count() == 2


def test_the_list_shows_players_and_finds_them(organizer):
    t = solo_event(organizer, players=3)
    Individual.objects.filter(name="选手2").update(draw_number=7)
    client = login(organizer)
    page = client.get(url("individual_list", t)).content.decode()
    assert "共 3 名选手" in page and "13900000001" in page and "单位1" in page
    by_name = client.get(url("individual_list", t), {"q": "选手1"}).content.decode()
    assert "共 1 名选手" in by_name and "选手1" in by_name
    by_pinyin = client.get(url("individual_list", t), {"q": "xuanshou"}).content.decode()
    assert "共 3 名选手" in by_pinyin
    by_unit = client.get(url("individual_list", t), {"q": "单位0"}).content.decode()
    assert "共 2 名选手" in by_unit
    by_draw = client.get(url("individual_list", t), {"q": "7"}).content.decode()
    assert "共 1 名选手" in by_draw and "选手2" in by_draw


@pytest.mark.slow  # 2,000 entries: in CI's full run (RUN_SLOW), not the fast one
def test_the_list_of_two_thousand_players_is_a_few_queries(
    organizer, django_assert_max_num_queries
):
    t = solo_event(organizer)
    individuals_import(
        tournament=t, data=solo_xlsx(player_rows(2000)), filename="x.xlsx", by=user_actor(None)
    )
    client = login(organizer)
    client.get(url("individual_list", t))  # the first request's one-off costs
    started = time.perf_counter()
    with django_assert_max_num_queries(15):
        page = client.get(url("individual_list", t), {"page": 3}).content.decode()
    elapsed = time.perf_counter() - started
    assert "共 2000 名选手" in page and "球员0101" in page
    searched = client.get(url("individual_list", t), {"q": "qiuyuan01"}).content.decode()
    assert "共 100 名选手" in searched
    print(f"2,000 players, page 3: {elapsed * 1000:.0f} ms")
    assert elapsed < 1.5, elapsed


def upload(client, t, data, name):
    return client.post(url("individual_import", t), {"file": SimpleUploadedFile(name, data)})


def test_import_preview_then_confirm(organizer):
    t = solo_event(organizer)
    client = login(organizer)
    preview = upload(client, t, solo_xlsx(player_rows(3)), "个人.xlsx").content.decode()
    assert "将导入 3 名选手" in preview and "球员0002" in preview
    assert not Individual.objects.filter(tournament=t).exists()  # the preview saves nothing
    done = client.post(url("individual_import_confirm", t))
    assert done.status_code == 302 and done["Location"] == url("individual_list", t)
    assert Individual.objects.filter(tournament=t).count() == 3
    assert client.post(url("individual_import_confirm", t)).status_code == 302  # nothing pending
    assert Individual.objects.filter(tournament=t).count() == 3


def test_a_csv_through_the_page(organizer):
    t = solo_event(organizer)
    client = login(organizer)
    page = upload(client, t, solo_csv(player_rows(2), encoding="gbk"), "个人.csv").content
    assert "将导入 2 名选手" in page.decode()
    client.post(url("individual_import_confirm", t))
    assert Individual.objects.filter(tournament=t).count() == 2


def test_a_bad_sheet_imports_nothing_and_offers_no_confirmation(organizer):
    t = solo_event(organizer)
    client = login(organizer)
    rows = [*player_rows(2), ("球员0001", "", "")]
    page = upload(client, t, solo_xlsx(rows), "个人.xlsx").content.decode()
    assert "发现 1 个问题，没有导入任何数据" in page
    assert "第4行“姓名”列：选手“球员0001”与第2行重复" in page
    assert url("individual_import_confirm", t) not in page
    assert client.post(url("individual_import_confirm", t)).status_code == 302
    assert not Individual.objects.filter(tournament=t).exists()


def test_the_template_reads_back_without_its_sample(organizer):
    t = solo_event(organizer)
    client = login(organizer)
    response = client.get(url("individual_template", t))
    rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    assert list(rows[0]) == ["姓名", "会员号", "单位", "手机", "种子"]
    page = upload(client, t, response.content, "template.xlsx").content.decode()
    assert "表格中没有报名数据" in page and "模板中的示例选手" in page


def test_the_pairs_pages_lead_to_the_players_and_loose_pairs_are_refused(organizer):
    t = solo_event(organizer, players=1)
    client = login(organizer)
    own = Pair.objects.get(tournament=t)
    for pairs_page, page, args in (
        ("pair_list", "individual_list", []),
        ("pair_add", "individual_add", []),
        ("pair_import", "individual_import", []),
        ("pair_edit", "individual_list", [own.pk]),
    ):
        response = client.get(url(pairs_page, t, *args))
        assert response.status_code == 302 and response["Location"] == url(page, t), pairs_page
    nav = client.get(url("tournament_detail", t)).content.decode()
    assert url("individual_list", t) in nav and url("pair_list", t) not in nav
    with pytest.raises(Invalid):
        pair_register(tournament=t, data=PairData("甲队", "", "甲", "乙"), by=user_actor(organizer))
    for name in ("team_list", "team_import"):
        assert client.get(url(name, t)).status_code == 404


def test_other_events_have_no_player_pages(organizer):
    from tests.app.teams.team_sheets import team_event

    t = team_event(organizer)
    client = login(organizer)
    for name in ("individual_list", "individual_add", "individual_import", "individual_template"):
        assert client.get(url(name, t)).status_code == 404, name


@pytest.mark.parametrize("who", ["chief", "referee"])
def test_staff_may_not_open_the_organizers_player_pages(organizer, chief, referee, who):
    t = solo_event(organizer, players=1, staff=(chief, referee))
    person = Individual.objects.get(tournament=t)
    client = login(chief if who == "chief" else referee)
    for name, args in (
        ("individual_list", []),
        ("individual_add", []),
        ("individual_edit", [person.pk]),
        ("individual_import", []),
        ("individual_template", []),
    ):
        assert client.get(url(name, t, *args)).status_code in (403, 404), name
    status = url("individual_status", t, person.pk)
    refused = client.post(status, {"status": "withdrawn", "confirmed": "1"})
    assert refused.status_code in (403, 404)
    assert Individual.objects.get(pk=person.pk).status == "active"


def test_an_own_entry_is_not_changed_as_a_pair(organizer):
    t = solo_event(organizer, players=1)
    own = Pair.objects.get(tournament=t)
    client = login(organizer)
    status = reverse("pair_status", args=[t.slug, own.pk])
    client.post(status, {"status": "withdrawn", "confirmed": "1"})
    assert Pair.objects.get(pk=own.pk).status == "active"  # refused: the player's page does it
    assert Individual.objects.get(tournament=t).status == "active"
