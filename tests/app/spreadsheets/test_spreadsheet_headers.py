"""Sheets shaped like the forms units and clerks really send: header variants,
序号/备注 columns ignored, a title row above the header, the table ending at the first blank
row, total lines skipped, and an unknown column named with the nearest known one."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from openpyxl import Workbook

from tournament.core.actors import user_actor
from tournament.models import Pair, Table
from tournament.registration.services import pairs_import

pytestmark = pytest.mark.django_db


def book(rows) -> bytes:
    import io

    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(list(row))
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def problems(check):
    return [str(p) for p in check.problems]


UNIT_FORM = [
    ("2026年春季掼蛋公开赛报名表",),
    ("序号", "代表队", "队名", "选手一", "选手二", "联系电话", "备注"),
    (1, "南京协会", "金陵一队", "张伟", "王芳", "13800000000", "素食"),
    (2, "南京协会", "金陵二队", "李强", "赵丽", "", ""),
    (),
    ("合计", "", "2对"),
    ("联系人：王老师",),
]


def test_a_form_with_numbering_and_remarks_columns_imports(tournament):
    check = pairs_import(
        tournament=tournament, data=book(UNIT_FORM), filename="报名.xlsx", by=user_actor(None)
    )
    assert problems(check) == []
    assert check.ignored_columns == ["序号", "备注"]
    assert sorted(Pair.objects.values_list("name", flat=True)) == ["金陵一队", "金陵二队"]
    pair = Pair.objects.get(name="金陵一队")
    assert pair.unit.name == "南京协会"
    assert pair.players.get(position=1).phone == "13800000000"


def test_the_usual_header_variants_are_recognised(tournament):
    rows = [
        ("单位名称", "组合名称", "队员一", "队员二", "手机号码", "种子号"),
        ("苏州协会", "园区一队", "周杰", "吴敏", "13900000000", 3),
    ]
    check = pairs_import(
        tournament=tournament, data=book(rows), filename="报名.xlsx", by=user_actor(None)
    )
    assert problems(check) == []
    pair = Pair.objects.get(name="园区一队")
    assert (pair.unit.name, pair.seed) == ("苏州协会", 3)
    variants = [
        ("参赛单位", "队伍名称", "运动员1", "运动员2", "手机"),
        ("单位", "组合", "队员1", "队员2", "电话"),
    ]
    for i, header in enumerate(variants):
        data = book([header, ("U", f"队{i}", f"甲{i}", f"乙{i}", "")])
        assert pairs_import(
            tournament=tournament, data=data, filename="a.xlsx", by=user_actor(None)
        ).ok


def test_a_total_line_after_a_blank_row_or_right_under_the_data_is_not_a_pair(tournament):
    rows = [
        ("队名", "单位", "选手1", "选手2"),
        ("A队", "U", "甲", "乙"),
        ("小计", "", "1对", ""),
        ("B队", "U", "丙", "丁"),
        ("总计：2对",),
        (),
        ("合计", "", "", ""),
    ]
    check = pairs_import(
        tournament=tournament, data=book(rows), filename="a.xlsx", by=user_actor(None)
    )
    assert problems(check) == [] and len(check.rows) == 2
    assert check.skipped_rows == [3, 5]


def test_an_unknown_column_is_named_with_the_nearest_known_one(tournament):
    rows = [("队名", "选手1", "选手2", "联系电活"), ("A队", "甲", "乙", "1")]
    check = pairs_import(
        tournament=tournament, data=book(rows), filename="a.xlsx", by=user_actor(None)
    )
    assert problems(check) == [
        "第1行“D:联系电活”列：未知的列，请删除或改为模板中的列名（是否应为“联系电话”？）"
    ]
    assert not Pair.objects.exists()


def test_the_preview_lists_the_ignored_columns_and_skipped_lines(tournament, as_organizer):
    response = as_organizer.post(
        reverse("pair_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("报名.xlsx", book(UNIT_FORM))},
    )
    page = response.content.decode()
    assert "检查通过：将导入 2 个组合" in page
    assert "以下列不导入，已忽略：序号、备注" in page


CLERK_FORM = [
    ("第1轮成绩登记表",),
    ("序号", "桌号", "东西组合", "东西方", "南北组合", "南北方", "弃权方", "备注"),
    (1, 1, "队1", "A+", "队2", "K", "", ""),
    (2, 2, "队3", "Q", "队4", "Q", "", "到时"),
    ("合计", "", "", "", "", "", "", ""),
    (),
    ("裁判长签名：",),
]


def test_a_clerks_sheet_with_variants_and_extra_columns_imports(
    tournament, pairs8, make_round, tmp_path
):
    round_ = make_round(tournament, pairs8)
    path = tmp_path / "r1.xlsx"
    path.write_bytes(book(CLERK_FORM))
    call_command("import_results", tournament.slug, "1", str(path))
    assert round_.tables.get(number=1).ew_level == "A+"
    assert round_.tables.get(number=2).state == Table.ENTERED
    assert round_.tables.filter(state=Table.ENTERED).count() == 2


def test_a_clerks_unknown_column_gets_a_suggestion(tournament, pairs8, make_round, chief):
    from tests.conftest import login

    round_ = make_round(tournament, pairs8)
    data = book([("台号", "东西", "南北", "南北犯归"), (1, "A+", "K", 0)])
    response = login(chief).post(
        reverse("results_import", args=[tournament.slug, round_.number]),
        {"file": SimpleUploadedFile("r.xlsx", data)},
    )
    page = response.content.decode()
    assert "未知的列，请删除或改为模板中的列名（是否应为“南北犯规”？）" in page
    assert not round_.tables.filter(state=Table.ENTERED).exists()
