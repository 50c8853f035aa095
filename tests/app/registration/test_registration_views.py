"""Registration through the web: add, edit, withdraw, reinstate, search, sort, import."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.app.spreadsheet_files import xlsx
from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Pair
from tournament.text.pinyin import pinyin_key

pytestmark = pytest.mark.django_db


def url(name, t, *args):
    return reverse(name, args=[t.slug, *args])


def test_add_pair_through_the_form(tournament, as_organizer):
    data = {
        "name": " 金陵一队 ",
        "unit": "南京",
        "player1": "张伟",
        "player2": "王芳",
        "phone1": "",
        "phone2": "",
    }
    response = as_organizer.post(url("pair_add", tournament), data)
    assert response.status_code == 302
    pair = Pair.objects.get(tournament=tournament)
    assert pair.name == "金陵一队" and pair.unit.name == "南京"


def test_a_registered_pair_is_logged_with_both_players_and_sorted_by_pinyin(tournament, register):
    pair = register(tournament, "金陵一队", "南京", p1="张伟", p2="王芳")
    entry = AuditEntry.objects.get(action="team.add")
    assert (entry.object_id, entry.summary) == (str(pair.pk), "报名 金陵一队")
    assert entry.after == {
        "name": "金陵一队",
        "unit": "南京",
        "player1": "张伟",
        "player2": "王芳",
        "seed": None,
        "status": "active",
        "draw_number": None,
    }
    players = list(pair.players.order_by("position").values_list("name", "name_pinyin", "phone"))
    assert players == [("张伟", pinyin_key("张伟"), ""), ("王芳", pinyin_key("王芳"), "")]


def test_duplicate_team_name_is_refused_in_chinese(tournament, as_organizer, register):
    register(tournament, "金陵一队")
    data = {"name": "金陵一队", "player1": "甲", "player2": "乙"}
    response = as_organizer.post(url("pair_add", tournament), data)
    assert response.status_code == 200
    assert "队名“金陵一队”已经报名" in response.content.decode()
    assert tournament.pairs.count() == 1


def test_edit_then_stale_edit_is_refused_without_overwriting(tournament, as_organizer, register):
    pair = register(tournament, "金陵一队", p1="张伟", p2="王芳")
    form = {
        "name": "金陵一队",
        "unit": "",
        "player1": "张伟",
        "player2": "王芳",
        "version": pair.version,
    }
    first = as_organizer.post(url("pair_edit", tournament, pair.pk), {**form, "player2": "李娜"})
    assert first.status_code == 302
    # A second organizer tab still holds the old version.
    second = as_organizer.post(url("pair_edit", tournament, pair.pk), {**form, "player2": "赵敏"})
    assert second.status_code == 200
    assert "已被他人修改" in second.content.decode()
    assert pair.players.get(position=2).name == "李娜"
    assert AuditEntry.objects.filter(action="team.edit").count() == 1


@pytest.mark.both_databases
def test_withdraw_and_reinstate(tournament, as_organizer, register):
    pair = register(tournament, "金陵一队")
    asked = as_organizer.post(url("pair_status", tournament, pair.pk), {"status": "withdrawn"})
    pair.refresh_from_db()
    assert pair.status == "active" and 'name="confirmed" value="1"' in asked.content.decode()
    confirmed = {"status": "withdrawn", "confirmed": "1"}
    as_organizer.post(url("pair_status", tournament, pair.pk), confirmed)
    pair.refresh_from_db()
    assert pair.status == "withdrawn"
    as_organizer.post(url("pair_status", tournament, pair.pk), {"status": "active"})
    pair.refresh_from_db()
    assert pair.status == "active"
    actions = list(AuditEntry.objects.filter(action="team.status").values_list("after", flat=True))
    assert {"status": "withdrawn"} in actions and {"status": "active"} in actions


def test_list_is_sorted_by_pinyin_and_searchable(tournament, as_organizer, register):
    for name, unit, p1 in (
        ("张家港队", "苏州", "周杰"),
        ("阿里队", "杭州", "马云"),
        ("北京队", "北京", "李雷"),
    ):
        register(tournament, name, unit, p1=p1)
    page = as_organizer.get(url("pair_list", tournament)).content.decode()
    # pinyin order: a(阿里) < b(北京) < z(张家港)
    assert page.index("阿里队") < page.index("北京队") < page.index("张家港队")
    found = as_organizer.get(url("pair_list", tournament), {"q": "周杰"}).content.decode()
    assert "张家港队" in found and "北京队" not in found
    by_unit = as_organizer.get(url("pair_list", tournament), {"q": "杭州"}).content.decode()
    assert "阿里队" in by_unit and "张家港队" not in by_unit
    by_pinyin = as_organizer.get(url("pair_list", tournament), {"q": "beijing"}).content.decode()
    assert "北京队" in by_pinyin and "阿里队" not in by_pinyin


def test_list_is_paginated(tournament, as_organizer):
    from tests.app.spreadsheet_files import pairs
    from tournament.registration.services import pairs_import

    pairs_import(
        tournament=tournament, data=xlsx(pairs(120)), filename="a.xlsx", by=user_actor(None)
    )
    page = as_organizer.get(url("pair_list", tournament)).content.decode()
    assert "共 120 个组合" in page and "队伍0051" not in page
    page3 = as_organizer.get(url("pair_list", tournament), {"page": 3}).content.decode()
    assert "队伍0101" in page3


def test_the_list_reads_the_same_whatever_the_number_of_pairs(tournament, as_organizer):
    """A page of 50 of 120 pairs costs what a page of 3 does: no statement a row (the
    rows' links read the event once a row, and every pair's players were read, at 5,000
    pairs half a second a page)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.app.spreadsheet_files import pairs
    from tournament.registration.services import pairs_import

    def statements() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert as_organizer.get(url("pair_list", tournament)).status_code == 200
        return len(queries)

    pairs_import(tournament=tournament, data=xlsx(pairs(3)), filename="a.xlsx", by=user_actor(None))
    few = statements()
    Pair.objects.filter(tournament=tournament).delete()
    pairs_import(
        tournament=tournament, data=xlsx(pairs(120)), filename="a.xlsx", by=user_actor(None)
    )
    assert statements() == few


def test_web_import_previews_then_confirms(tournament, as_organizer):
    upload = xlsx(
        [("金陵一队", "南京", "张伟", "王芳", "", ""), ("园区一队", "苏州", "周杰", "吴敏", "", "")]
    )
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = as_organizer.post(
        url("pair_import", tournament), {"file": SimpleUploadedFile("报名.xlsx", upload)}
    )
    page = response.content.decode()
    assert "检查通过：将导入 2 个组合" in page and "园区一队" in page
    assert tournament.pairs.count() == 0  # preview saves nothing
    response = as_organizer.post(url("pair_import_confirm", tournament))
    assert response.status_code == 302
    assert tournament.pairs.count() == 2


def test_web_import_with_errors_lists_them_and_offers_no_confirm(tournament, as_organizer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = xlsx([("金陵一队", "南京", "张伟", "", "", "")])
    page = as_organizer.post(
        url("pair_import", tournament), {"file": SimpleUploadedFile("报名.xlsx", upload)}
    ).content.decode()
    assert "第2行“选手2”列：缺少选手姓名" in page and "确认导入" not in page
    assert as_organizer.post(url("pair_import_confirm", tournament)).status_code == 302
    assert tournament.pairs.count() == 0


def test_web_import_of_a_non_spreadsheet(tournament, as_organizer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    page = as_organizer.post(
        url("pair_import", tournament),
        {"file": SimpleUploadedFile("photo.jpg", b"\xff\xd8\xff\xe0JFIF")},
    ).content.decode()
    assert "不是Excel表格" in page and "没有导入任何数据" in page


def test_template_download_is_a_valid_workbook_with_the_headers(tournament, as_organizer):
    import io

    from openpyxl import load_workbook

    response = as_organizer.get(url("pair_template", tournament))
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert [c.value for c in sheet[1]] == [
        "队名",
        "单位",
        "选手1",
        "选手1会员号",
        "选手2",
        "选手2会员号",
        "电话",
        "种子",
    ]


def test_settings_form_refuses_incompatible_options(tournament, as_organizer):
    from django.forms.models import model_to_dict

    data = {
        k: v
        for k, v in model_to_dict(tournament).items()
        if v is not None and k not in ("certificate_background", "projector_sponsor")
    }
    data.update(format="rotation", rounds=7, award_text="一等奖:1")
    data.update(tiebreak_1="points", tiebreak_2="level_diff", tiebreak_3="lot")
    data["version"] = tournament.version
    response = as_organizer.post(url("tournament_edit", tournament), data)
    assert response.status_code == 200
    assert "固定打3轮" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.format == "swiss"


def test_create_tournament_through_the_web(as_organizer):
    data = {"name": "测试赛", "slug": "test-2026", "profile": "swiss_points26"}
    response = as_organizer.post(reverse("tournament_create"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    from tournament.models import Tournament

    t = Tournament.objects.get(slug="test-2026")
    assert t.award_tiers == [["一等奖", 1], ["二等奖", 2], ["三等奖", 3]]
    assert t.stages.count() == 1 and t.rounds == 10
