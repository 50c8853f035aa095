"""Registration import: every error case leaves the database unchanged."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.app.spreadsheet_files import HEADER, csv_bytes, pairs, xlsx
from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Pair, Player, Unit
from tournament.registration.services import pairs_import, registration_check
from tournament.spreadsheets.table_file import TableFileError

pytestmark = pytest.mark.django_db


def snapshot(tournament):
    return (
        list(Pair.objects.filter(tournament=tournament).values_list("name", flat=True)),
        Player.objects.filter(pair__tournament=tournament).count(),
        Unit.objects.filter(tournament=tournament).count(),
    )


def run(tournament, data, name="报名.xlsx"):
    return pairs_import(tournament=tournament, data=data, filename=name, by=user_actor(None))


def problems(check):
    return [str(p) for p in check.problems]


def test_good_xlsx_imports_every_row_with_units(tournament):
    check = run(tournament, xlsx([("金陵一队", "南京协会", "张伟", "王芳", "13800000000", 1)]))
    assert check.ok
    pair = Pair.objects.get(tournament=tournament, name="金陵一队")
    assert pair.unit.name == "南京协会" and pair.seed == 1
    assert [p.name for p in pair.players.all()] == ["张伟", "王芳"]
    assert pair.players.get(position=1).phone == "13800000000"
    assert AuditEntry.objects.filter(tournament=tournament, action="team.import").exists()


def test_english_headers_are_accepted(tournament):
    data = xlsx(
        [("Team A", "Club", "Li Lei", "Han Meimei")], header=["team", "unit", "player1", "player2"]
    )
    assert run(tournament, data).ok
    assert Pair.objects.filter(name="Team A").exists()


def test_names_are_trimmed_of_full_width_spaces_and_kept_traditional(tournament):
    data = xlsx([("\u3000 龍城隊 ", " 常州 ", "\u3000陳偉", "黃麗\u3000", "", "")])
    assert run(tournament, data).ok
    pair = Pair.objects.get(name="龍城隊")
    assert pair.unit.name == "常州"
    assert [p.name for p in pair.players.all()] == ["陳偉", "黃麗"]


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ([("", "U", "甲", "乙", "", "")], "第3行“队名”列：缺少队名"),
        ([("A队", "U", "", "乙", "", "")], "第3行“选手1”列：缺少选手姓名"),
        (
            [("A队", "U", "甲", "乙", "", ""), ("A队", "U", "丙", "丁", "", "")],
            "第4行“队名”列：队名“A队”与第3行重复",
        ),
        (
            [("A队", "U", "甲", "乙", "", ""), ("B队", "U", "甲", "丁", "", "")],
            "第4行“选手1”列：选手“甲”同时出现在第3行的组合中",
        ),
        ([("A队", "U", "甲", "乙", "", "x")], "第3行“种子”列：种子应为正整数"),
        ([("名" * 51, "U", "甲", "乙", "", "")], "第3行“队名”列：超过50个字"),
        ([("A队", "U", "甲", "甲", "", "")], "第3行“选手2”列：两名选手同名"),
    ],
)
def test_row_errors_are_reported_with_row_and_column_and_nothing_changes(
    tournament, register, rows, expected
):
    register(tournament, "老队")
    before = snapshot(tournament)
    # One good row first (row 2): the file must still be refused as a whole.
    good = [("好队", "U", "好甲", "好乙", "", "")]
    check = run(tournament, xlsx(good + rows))
    assert any(expected in p for p in problems(check)), problems(check)
    assert snapshot(tournament) == before


def test_team_already_registered_is_refused(tournament, register):
    register(tournament, "金陵一队")
    before = snapshot(tournament)
    check = run(tournament, xlsx([("金陵一队", "", "新甲", "新乙", "", "")]))
    assert problems(check) == ["第2行“队名”列：队名“金陵一队”已经报名"]
    assert snapshot(tournament) == before


def test_player_already_registered_in_another_pair_is_refused(tournament, register):
    register(tournament, "老队", p1="张伟", p2="李娜")
    check = run(tournament, xlsx([("新队", "", "张伟", "赵六", "", "")]))
    assert problems(check) == ["第2行“选手1”列：选手“张伟”已在组合“老队”中报名"]


def test_same_name_with_different_phones_is_two_people(tournament):
    rows = [
        ("A队", "", "王伟", "甲", "13800000001", ""),
        ("B队", "", "王伟", "乙", "13800000002", ""),
    ]
    check = run(tournament, xlsx(rows))
    assert check.ok and len(check.namesakes) == 1  # flagged in the preview


def test_unknown_column_is_reported(tournament):
    before = snapshot(tournament)
    data = xlsx([("A队", "U", "甲", "乙", "", "", "x")], header=HEADER + ["年龄"])
    check = run(tournament, data)
    assert problems(check) == ["第1行“G:年龄”列：未知的列，请删除或改为模板中的列名"]
    assert snapshot(tournament) == before


def test_missing_required_column_is_reported(tournament):
    check = run(tournament, xlsx([("A队", "甲")], header=["队名", "选手1"]))
    assert "第1行“选手2”列：缺少必需的列" in problems(check)


def test_empty_sheet_is_refused(tournament):
    with pytest.raises(TableFileError, match="是空的"):
        run(tournament, xlsx([], header=None))


def test_header_only_sheet_has_no_rows(tournament):
    check = run(tournament, xlsx([]))
    assert problems(check) == ["表格中没有报名数据"]


def test_wrong_sheet_without_header_is_refused(tournament):
    data = xlsx(
        [("2026年春季赛", "日程"), ("第一天", "报到")], header=["说明", "内容"], title="日程"
    )
    with pytest.raises(TableFileError, match="找不到表头"):
        run(tournament, data)


def test_file_that_is_not_a_spreadsheet_is_refused(tournament):
    with pytest.raises(TableFileError, match="不是Excel表格"):
        run(tournament, b"%PDF-1.4 fake", name="报名.pdf")
    with pytest.raises(TableFileError, match="无法读取Excel"):
        run(tournament, b"PK\x03\x04 broken zip", name="报名.xlsx")
    assert snapshot(tournament) == ([], 0, 0)


def test_gbk_csv_is_read(tournament):
    data = csv_bytes([("淮扬一队", "淮安市掼蛋协会", "钱进", "孙丽", "", "")], encoding="gbk")
    assert run(tournament, data, name="报名.csv").ok
    assert Pair.objects.get(name="淮扬一队").unit.name == "淮安市掼蛋协会"


def test_utf8_csv_with_bom_is_read(tournament):
    data = csv_bytes([("园区一队", "苏州", "周杰", "吴敏", "", "")], encoding="utf-8-sig")
    assert run(tournament, data, name="报名.csv").ok


def test_thousand_rows_import_in_one_go(tournament):
    check = run(tournament, xlsx(pairs(1000)))
    assert check.ok and len(check.rows) == 1000
    assert Pair.objects.filter(tournament=tournament).count() == 1000
    assert Player.objects.filter(pair__tournament=tournament).count() == 2000
    assert Unit.objects.filter(tournament=tournament).count() == 8
    # pinyin keys were filled in by the bulk path too
    assert not Pair.objects.filter(tournament=tournament, name_pinyin="").exists()


def test_thousand_rows_with_one_bad_row_import_nothing(tournament):
    rows = pairs(1000)
    rows[700] = ("", *rows[700][1:])
    check = run(tournament, xlsx(rows))
    assert problems(check) == ["第702行“队名”列：缺少队名"]
    assert snapshot(tournament) == ([], 0, 0)


def test_the_web_preview_shows_the_phone_column_it_imports(tournament, as_organizer):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    rows = [("一队", "苏州", "甲一", "甲二", "13800001111", "")]
    response = as_organizer.post(
        reverse("pair_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("报名.xlsx", xlsx(rows))},
    )
    page = response.content.decode()
    assert "<th>电话</th>" in page and "<td>13800001111</td>" in page


def test_the_templates_sample_pair_left_in_is_not_imported(tournament):
    from tournament.registration.registration_spreadsheet import TEMPLATE_EXAMPLE, TEMPLATE_HEADER

    real = ("二队", "苏州", "李一", "", "李二", "", "", "")
    check = run(tournament, xlsx([TEMPLATE_EXAMPLE, real], header=TEMPLATE_HEADER))
    assert check.ok and check.example_rows == [2]
    assert list(Pair.objects.filter(tournament=tournament).values_list("name", flat=True)) == [
        "二队"
    ]
    before = snapshot(tournament)
    alone = run(tournament, xlsx([TEMPLATE_EXAMPLE], header=TEMPLATE_HEADER))
    assert not alone.ok and snapshot(tournament) == before


@pytest.mark.parametrize(
    "header",
    [
        ["队名", "单位", "队员１（姓名）", "队员２（姓名）", "电话", "种子"],
        ["队名", "单位", "队员１", "队员２", "电话(手机)", "种子"],
    ],
)
def test_full_width_digits_and_a_note_in_brackets_in_a_header_are_read(tournament, header):
    """Issue 42: 队员１（姓名） and 队员１ (full-width digit) were refused."""
    check = run(tournament, xlsx([("A队", "U", "甲", "乙", "13800000001", "")], header=header))
    assert check.ok, problems(check)
    pair = Pair.objects.get(tournament=tournament)
    assert [p.name for p in pair.players.order_by("position")] == ["甲", "乙"]


def test_namesakes_in_other_units_are_flagged_and_imported(tournament):
    """Issue 42: a 5,000-pair file was refused whole because names repeat across units."""
    rows = pairs(5000, unit_count=40)
    # Every 50th pair's first player is a 王伟: 100 王伟 in 40 units; rows of one unit
    # repeat it only when they are 40 pairs apart, so those get a phone each.
    for i in range(0, 5000, 50):
        phone = f"139{i:08d}"
        rows[i] = (rows[i][0], rows[i][1], "王伟", rows[i][3], phone, "")
    with translation.override("zh-hans"):
        check = registration_check(tournament, xlsx(rows), "报名.xlsx")
        notes = [str(p) for p in check.namesakes]
    assert check.ok and len(check.rows) == 5000
    assert len(notes) == 99  # every 王伟 after the first
    assert notes[0] == "第52行“选手1”列：与第2行的选手“王伟”同名，单位或电话不同，按两人导入"


def test_a_namesake_already_registered_in_another_unit_is_another_person(tournament, register):
    register(tournament, "老队", "淮安", p1="张伟", p2="李娜")
    check = run(tournament, xlsx([("新队", "盱眙", "张伟", "赵六", "", "")]))
    assert check.ok
    with translation.override("zh-hans"):
        assert [str(p) for p in check.namesakes] == [
            "第2行“选手1”列：与组合“老队”中的选手“张伟”同名，单位或电话不同，按两人导入"
        ]
    assert Player.objects.filter(name="张伟").count() == 2


def test_the_same_name_in_the_same_unit_without_phones_is_still_one_person(tournament):
    rows = [("A队", "淮安", "王伟", "甲", "", ""), ("B队", "淮安", "王伟", "乙", "", "")]
    check = run(tournament, xlsx(rows))
    assert problems(check) == ["第3行“选手1”列：选手“王伟”同时出现在第2行的组合中"]
    assert not Pair.objects.filter(tournament=tournament).exists()


def test_the_preview_lists_the_namesakes(tournament, as_organizer):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    rows = [("一队", "苏州", "王伟", "甲二", "", ""), ("二队", "无锡", "王伟", "乙二", "", "")]
    response = as_organizer.post(
        reverse("pair_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("报名.xlsx", xlsx(rows))},
    )
    page = response.content.decode()
    assert "1 名选手与别的选手同名" in page
    assert "与第2行的选手“王伟”同名，单位或电话不同，按两人导入" in page
    assert "检查通过" in page
