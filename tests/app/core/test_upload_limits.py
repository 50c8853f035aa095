"""Every upload is bounded (docs/security.md): bombs built here are refused with
a message naming the limit, quickly and at flat memory, and malformed files get a message
from the web views, never a 500."""

from __future__ import annotations

import io
import resource
import time
import tracemalloc
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests.app import bombs
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.registration.registration_spreadsheet import HEADERS
from tournament.spreadsheets import formats
from tournament.spreadsheets.reader import Limits, spreadsheet_rows
from tournament.spreadsheets.table_file import TableFileError, read_table
from tournament.spreadsheets.uploads import upload_limits

pytestmark = pytest.mark.django_db

WANTED = HEADERS["team"] + HEADERS["player1"]


def refused(data: bytes, filename: str = "a.xlsx") -> tuple[str, float, float]:
    """Read ``data`` as a registration sheet expecting a refusal: (message, seconds, MB of
    growth of the process's peak memory).

    Seconds are this process's CPU time: other work on a shared machine does not count.
    """
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.process_time()
    with pytest.raises(TableFileError) as caught:
        read_table(data, filename, WANTED, upload_limits())
    seconds = time.process_time() - started
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    return str(caught.value), seconds, grown


def test_a_sheet_declaring_a1_to_xfd1048576_is_read_at_its_real_size():
    data = bombs.declared_huge()
    assert len(data) < 6000
    tracemalloc.start()
    started = time.process_time()
    table = read_table(data, "a.xlsx", WANTED, upload_limits())
    seconds = time.process_time() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert table.header == ["队名", "单位", "选手1", "选手2"] and table.rows == []
    assert seconds < 2 and peak < 20 * 1024 * 1024


def test_an_xlsx_unpacking_to_millions_of_rows_is_refused_before_reading():
    data = bombs.million_rows(3_000_000)
    assert len(data) < 1024 * 1024
    message, seconds, grown = refused(data)
    assert message == "Excel文件解压后太大（140.2 MB），最大 30 MB"
    assert seconds < 2 and grown < 50


def test_an_xlsx_within_the_size_limit_stops_at_the_row_limit_while_reading():
    data = bombs.million_rows(500_000)
    message, seconds, grown = refused(data)
    assert message == "行数过多，一次最多导入10000行"
    assert seconds < 2 and grown < 50


def test_a_300_mb_sheet_is_refused_before_reading():
    message, seconds, grown = refused(bombs.huge_unpacked(300))
    assert "Excel文件解压后太大" in message and "最大 30 MB" in message
    assert seconds < 2 and grown < 50


def test_a_far_away_cell_does_not_walk_a_million_empty_rows():
    message, seconds, grown = refused(bombs.far_cell("XFD1048576"))
    assert "行数过多" in message and seconds < 2 and grown < 50


def test_a_csv_over_the_size_cap_is_refused_unread():
    message, seconds, _ = refused(bombs.big_csv(6), "a.csv")
    assert message.startswith("文件太大（6 MB）") and "最大 5 MB" in message and seconds < 2


def test_a_csv_under_the_cap_with_too_many_rows_stops_at_the_row_limit():
    message, seconds, grown = refused(bombs.big_csv(4.9), "a.csv")
    assert message == "行数过多，一次最多导入10000行" and seconds < 2 and grown < 50


def test_a_long_field_and_too_many_columns_name_their_limit():
    long_cell = ("队名,单位,选手1,选手2\n" + "x" * 2000 + ",b,c,d\n").encode()
    assert "超过1000个字符" in refused(long_cell, "a.csv")[0]
    assert "CSV文件格式错误或有单元格过长" in refused(*bombs.MALFORMED["huge csv field"][::-1])[0]
    wide = refused(*bombs.MALFORMED["too many csv columns"][::-1])[0]
    assert wide == "第2行列数过多，最多100列"


def test_the_cap_follows_the_environment_setting(settings):
    settings.UPLOAD_MAX_BYTES = 1024
    message = refused(bombs.big_csv(0.01), "a.csv")[0]
    assert message == "文件太大（10 KB），上传文件最大 1 KB"


# python-calamine reads an .xlsx into a dense grid from its first to its last cell, so the
# sheet's real extent is walked first (tournament/spreadsheets/xlsx_extent.py).
def test_two_far_apart_cells_are_refused_before_calamine_builds_their_grid():
    far = '<row r="5000"><c r="XFD5000"><v>1</v></c></row>'  # 5,000 × 16,384 cells
    message, seconds, grown = refused(bombs.cells(far))
    assert message == "第5000行列数过多，最多100列"
    far = '<row r="10500"><c r="CV10500"><v>1</v></c></row>'  # 10,500 × 100 cells
    message, seconds, grown = refused(bombs.cells(far))
    assert message == "单元格过多，一个文件最多1000000个单元格"
    assert seconds < 2 and grown < 50


def test_cells_without_references_are_placed_as_calamine_places_them(monkeypatch):
    row = "<row>" + "<c><v>1</v></c>" * 90 + "</row>"  # 90 columns, no r= anywhere
    limits = Limits(max_cells=5000)

    def read(rows: str) -> list[list]:
        return [list(cells) for _, cells in spreadsheet_rows(bombs.cells(rows), "a.xlsx", limits)]

    assert len(read(row * 50)[0]) == 51  # the header and 50 rows: 4,590 cells
    monkeypatch.setattr(formats, "CalamineWorkbook", None)  # refused before it is opened
    with pytest.raises(TableFileError, match="最多5000个单元格"):
        read(row * 60)


@pytest.mark.parametrize(
    "rows",
    [
        "<row>" + "<c><v>1</v></c>" * 5 + "</row>",
        ("<row>" + "<c><v>1</v></c>" * 5 + "</row>") * 3,
        '<row r="7"><c><v>1</v></c><c r="E7"><v>2</v></c><c><v>3</v></c></row><row><c><v>4</v></c></row>',
        '<row><c r="C9"><v>1</v></c></row><row><c><v>2</v></c></row>',
        '<row r="9"><c r="Z9" s="1"/><c r="B9"><v></v></c><c><v>1</v></c></row>',
    ],
)
def test_the_extent_walked_is_calamines(rows):
    from python_calamine import CalamineWorkbook

    from tournament.spreadsheets.xlsx_extent import _Walk, check_sheet_extent

    data = bombs.cells(rows)
    sheet = CalamineWorkbook.from_filelike(io.BytesIO(data)).get_sheet_by_index(0)
    walked = []
    original = _Walk._keep
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            _Walk, "_keep", lambda self, *cell: walked.append(cell) or original(self, *cell)
        )
        with zipfile.ZipFile(io.BytesIO(data)) as book, book.open(bombs.SHEET) as stream:
            check_sheet_extent(stream, Limits())
    assert sheet.start == (0, 0)
    assert sheet.end == (max(r for r, _ in walked) - 1, max(c for _, c in walked) - 1)


def test_a_document_type_in_a_sheet_is_refused_as_unsafe():
    filename, data = bombs.MALFORMED["entity expansion"]
    assert refused(data, filename)[0] == "Excel文件含有不安全的XML内容（实体定义），已拒绝"
    filename, data = bombs.MALFORMED["column past XFD"]
    assert "无效的单元格位置（最多16384列）" in refused(data, filename)[0]


def _chief_client(chief):
    return login(chief)


@pytest.mark.parametrize("case", sorted(bombs.MALFORMED))
def test_each_malformed_upload_gets_a_message_from_both_web_imports(
    case, tournament, as_organizer, chief, pairs8, make_round
):
    filename, data = bombs.MALFORMED[case]
    response = as_organizer.post(
        reverse("pair_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile(filename, data)},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "没有导入任何数据" in page
    assert tournament.pairs.count() == 8
    round_ = make_round(tournament, pairs8)
    response = _chief_client(chief).post(
        reverse("results_import", args=[tournament.slug, round_.number]),
        {"file": SimpleUploadedFile(filename, data.replace("队名".encode(), "台号".encode()))},
    )
    assert response.status_code == 200
    assert "导入失败，没有保存任何成绩" in response.content.decode()
    assert not round_.tables.filter(state="entered").exists()


def test_a_file_over_the_cap_is_refused_by_the_web_form(tournament, as_organizer):
    response = as_organizer.post(
        reverse("pair_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("big.csv", bombs.big_csv(6))},
    )
    assert response.status_code == 200
    assert "文件太大（6 MB），上传文件最大 5 MB" in response.content.decode()


def test_import_results_command_refuses_a_bomb(tournament, pairs8, make_round, tmp_path):
    make_round(tournament, pairs8)
    path = tmp_path / "r.xlsx"
    path.write_bytes(bombs.million_rows(500_000, header_row=bombs.TABLE_HEADER_ROW))
    started = time.process_time()
    with pytest.raises(CommandError, match="行数过多，一次最多导入10000行"):
        call_command("import_results", tournament.slug, "1", str(path))
    assert time.process_time() - started < 2


def test_the_time_and_cell_budgets_stop_reading(tournament):
    from tests.app.spreadsheet_files import pairs, xlsx
    from tournament.spreadsheets.table_file import Limits

    data = xlsx(pairs(50))
    with pytest.raises(TableFileError, match="文件读取超过0秒，已停止"):
        read_table(data, "a.xlsx", WANTED, Limits(max_seconds=0))
    with pytest.raises(TableFileError, match="单元格过多，一个文件最多100个单元格"):
        read_table(data, "a.xlsx", WANTED, Limits(max_cells=100))


def test_a_form_body_over_the_data_limit_is_a_400_not_a_500(tournament, as_organizer):
    response = as_organizer.post(
        reverse("pair_add", args=[tournament.slug]), {"name": "x" * (3 * 1024 * 1024)}
    )
    assert response.status_code == 400


@pytest.mark.parametrize("seed", ["99999999999999999999", "2147483648", "²", "３", "-1", "1e3"])
def test_integers_read_from_a_sheet_are_checked_before_saving(tournament, seed):
    from tests.app.spreadsheet_files import xlsx
    from tournament.registration.services import pairs_import

    data = xlsx([("A队", "U", "甲", "乙", "", seed)])
    check = pairs_import(tournament=tournament, data=data, filename="a.xlsx", by=user_actor(None))
    assert [str(p) for p in check.problems] == ["第2行“种子”列：种子应为正整数"]
    assert not tournament.pairs.exists()


def test_a_table_number_out_of_range_is_a_message(tournament, pairs8, make_round, tmp_path):
    from tests.app.spreadsheet_files import xlsx

    make_round(tournament, pairs8)
    path = tmp_path / "r.xlsx"
    path.write_bytes(xlsx([(10**25, "A+", "K")], header=["台号", "东西", "南北"]))
    errors = io.StringIO()
    with pytest.raises(CommandError, match="没有导入任何成绩"):
        call_command("import_results", tournament.slug, "1", str(path), stderr=errors)
    assert "第2行“台号”列：台号“1000" in errors.getvalue()
    assert "应为1到2147483647之间的整数" in errors.getvalue()


def test_the_team_form_refuses_a_seed_beyond_the_database_range(tournament, as_organizer):
    data = {"name": "A队", "player1": "甲", "player2": "乙", "seed": str(10**25)}
    response = as_organizer.post(reverse("pair_add", args=[tournament.slug]), data)
    assert response.status_code == 200 and not tournament.pairs.exists()


def test_a_million_shared_strings_are_counted_and_refused_before_parsing():
    data = bombs.many_shared_strings()
    assert len(data) < 200_000
    message, seconds, grown = refused(data)
    assert message == "Excel文件中的不同文字过多，最多50000个"
    assert seconds < 2 and grown < 50


def test_an_oversized_styles_part_is_refused_before_parsing():
    message, seconds, _ = refused(bombs.big_styles())
    assert "Excel文件解压后太大" in message and "最大 1 MB" in message and seconds < 2


def test_import_teams_command_refuses_a_file_over_the_cap(tournament, tmp_path, settings):
    settings.UPLOAD_MAX_BYTES = 1024 * 1024
    path = tmp_path / "big.csv"
    path.write_bytes(bombs.big_csv(1.5))
    with pytest.raises(CommandError, match="文件太大（1.5 MB），上传文件最大 1 MB"):
        call_command("import_teams", tournament.slug, str(path))
    assert not tournament.pairs.exists()
