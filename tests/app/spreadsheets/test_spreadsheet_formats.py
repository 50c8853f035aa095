"""Sheets in .xls, .ods and .xlsb (python-calamine): the registration template and a clerk's
results sheet saved by LibreOffice in each format import exactly what their .xlsx imports;
damaged files get a Chinese message and save nothing; the upload bounds hold before calamine
opens a ZIP-based file. The files under tests/app/data were made once from the .xlsx with
``soffice --headless --convert-to xls`` (and ``ods``); LibreOffice cannot write .xlsb, so that
format is tested with records built here."""

from __future__ import annotations

import io
import struct
import time
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.app.bombs import _zip
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.models import Pair, Player, Table
from tournament.registration.services import pairs_import
from tournament.results.spreadsheet_import import import_results
from tournament.spreadsheets.formats import sniff
from tournament.spreadsheets.reader import Limits, TableFileError, spreadsheet_rows
from tournament.spreadsheets.xls_extent import sheet_extents

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent.parent / "data"
FORMATS = ("xlsx", "xls", "ods")
DEFAULT = Limits()


def data(name: str) -> bytes:
    return (DATA / name).read_bytes()


def registered(tournament) -> list[tuple]:
    return sorted(
        (t.name, t.unit.name, t.seed, tuple(p.name for p in t.players.order_by("position")))
        for t in Pair.objects.filter(tournament=tournament).select_related("unit")
    )


@pytest.mark.parametrize("kind", FORMATS)
def test_each_format_of_the_template_imports_the_same_pairs(tournament, kind):
    check = pairs_import(
        tournament=tournament,
        data=data(f"registration.{kind}"),
        filename=f"报名.{kind}",
        by=user_actor(None),
    )
    assert check.ok, [str(p) for p in check.problems]
    assert registered(tournament) == [
        ("姑苏之星", "苏州市体育局", None, ("李娜", "刘洋")),
        ("秦淮一队", "南京市掼蛋协会", 1, ("孙丽", "周杰")),
        ("锡山老友", "无锡棋牌协会", 2, ("陈静", "杨磊")),
        ("龙城组合", "常州工会", None, ("赵敏", "黄强")),
    ]
    phone = Player.objects.get(pair__tournament=tournament, name="孙丽").phone
    assert phone == "13800000001"


@pytest.fixture
def round1(tournament, pairs8, make_round):
    for number, pair in enumerate(pairs8, 1):  # the sheets were filled for these draw numbers
        Pair.objects.filter(pk=pair.pk).update(draw_number=number)
    return make_round(tournament, pairs8)


@pytest.mark.parametrize("kind", FORMATS)
def test_each_format_of_the_clerks_sheet_enters_the_same_results(round1, kind):
    check = import_results(
        round1, data=data(f"results.{kind}"), filename=f"成绩.{kind}", by=user_actor(None, "import")
    )
    assert not check.problems, [str(p) for p in check.problems]
    levels = dict(round1.tables.values_list("number", "ew_level"))
    assert levels == {1: "A+", 2: "J", 3: "A+", 4: "A+"}
    assert Table.objects.get(round=round1, number=2).ns_level == "10"


def test_an_ods_results_sheet_is_previewed_and_saved_on_the_web(round1, tournament, chief):
    client = login(chief)
    url = reverse("results_import", args=[tournament.slug, 1])
    page = client.post(url, {"file": SimpleUploadedFile("成绩录入表.ods", data("results.ods"))})
    assert 'id="preview-rows"' in page.content.decode()
    client.post(url, {"action": "confirm"})
    assert round1.tables.filter(state="entered").count() == 4


def test_the_format_is_told_by_the_first_bytes_not_the_name(tournament):
    assert [sniff(data(f"registration.{k}")) for k in FORMATS] == list(FORMATS)
    check = pairs_import(
        tournament=tournament,
        data=data("registration.xls"),
        filename="报名.xlsx",
        by=user_actor(None),
    )
    assert check.ok and len(check.rows) == 4


@pytest.mark.parametrize("kind", ("xls", "ods"))
def test_a_damaged_xls_or_ods_gets_a_chinese_message_and_saves_nothing(tournament, kind):
    whole = data(f"registration.{kind}")
    for broken in (whole[: len(whole) // 2], whole[:8] + b"\x00" * 600):
        with pytest.raises(TableFileError, match="文件已损坏或不是Excel/ODS表格"):
            pairs_import(
                tournament=tournament, data=broken, filename=f"报名.{kind}", by=user_actor(None)
            )
    with pytest.raises(TableFileError, match="文件已损坏或不是Excel/ODS表格"):
        pairs_import(
            tournament=tournament,
            data=b"not a sheet at all",
            filename=f"报名.{kind}",
            by=user_actor(None),
        )
    assert not Pair.objects.filter(tournament=tournament).exists()


def read_all(blob: bytes, limits: Limits = DEFAULT) -> None:
    for _title, rows in spreadsheet_rows(blob, "x", limits):
        for _row in rows:
            pass


def ods_with(content: list[bytes], **parts: bytes) -> bytes:
    """The LibreOffice .ods with its content.xml replaced (given as chunks) and parts added."""
    base = zipfile.ZipFile(io.BytesIO(data("registration.ods")))
    members = [
        (i.filename, content if i.filename == "content.xml" else [base.read(i.filename)])
        for i in base.infolist()
    ]
    return _zip(members + [(name, [body]) for name, body in parts.items()])


def ods_table(rows: str) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body>'
        f'<office:spreadsheet><table:table table:name="报名表">{rows}</table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    ).encode()


def refused_quickly(blob: bytes, table: str, limits: Limits = DEFAULT) -> None:
    started = time.process_time()
    with pytest.raises(TableFileError, match=table):
        read_all(blob, limits)
    assert time.process_time() - started < 5  # refused by a check, not after a long read


def test_an_ods_whose_repeated_cells_span_a_huge_grid_is_refused_before_calamine():
    far = (
        '<table:table-row table:number-rows-repeated="1000000">'
        '<table:table-cell table:number-columns-repeated="1000" office:value-type="float" '
        'office:value="1"/></table:table-row>'
    )
    refused_quickly(ods_with([ods_table(far)]), "单元格过多")


def test_an_ods_unpacking_past_the_limit_or_with_a_big_part_is_refused_unread():
    row = b"<table:table-row><table:table-cell><text:p>x</text:p></table:table-cell></table:table-row>"
    bomb = ods_with([ods_table("")[:-60], *[row * 10000] * 400, ods_table("")[-60:]])
    refused_quickly(bomb, "解压后太大")
    refused_quickly(ods_with([ods_table("")], **{"styles2.xml": b" " * 2_000_000}), "解压后太大")


def test_the_ods_rows_and_cells_budgets_still_apply():
    refused_quickly(data("registration.ods"), "行数过多", Limits(max_rows=-997))
    refused_quickly(data("registration.xls"), "单元格过多", Limits(max_cells=20))
    refused_quickly(data("registration.xls"), "列数过多", Limits(max_columns=3))


def record(kind: int, body: bytes) -> bytes:
    assert kind < 128 and len(body) < 128  # one-byte type and size
    return bytes([kind, len(body)]) + body


def test_an_xlsb_whose_cells_span_a_huge_grid_is_refused_before_calamine():
    sheet = record(0, struct.pack("<I", 1_000_000)) + record(2, struct.pack("<II", 16000, 0))
    blob = _zip([("xl/workbook.bin", [b""]), ("xl/worksheets/sheet1.bin", [sheet])])
    assert sniff(blob) == "xlsb"
    refused_quickly(blob, "单元格过多")
    small = record(0, struct.pack("<I", 3)) + record(2, struct.pack("<II", 5, 0))
    broken = _zip([("xl/workbook.bin", [b""]), ("xl/worksheets/sheet1.bin", [small])])
    refused_quickly(broken, "文件已损坏或不是Excel/ODS表格")  # passes the bounds, not calamine


def upload_pages(client, tournament) -> list[str]:
    urls = [reverse("pair_import", args=[tournament.slug])]
    urls.append(reverse("results_import", args=[tournament.slug, 1]))
    return [client.get(url).content.decode() for url in urls]


def test_both_upload_pages_offer_every_format(round1, tournament, organizer):
    for page in upload_pages(login(organizer), tournament):
        assert 'accept=".xlsx,.xls,.xlsb,.ods,.csv,.txt"' in page
        assert ".xls、.xlsb" in page and "（Excel、ODS 或 CSV）" in page


def test_the_formats_are_named_on_the_english_pages(round1, tournament, organizer, english):
    client = login(organizer)
    client.cookies["django_language"] = "en"
    for page in upload_pages(client, tournament):
        assert ".xls, .xlsb" in page and "(Excel, ODS or CSV)" in page


def test_an_xls_with_one_far_cell_is_refused_from_its_records_before_calamine():
    """LibreOffice's .xls of A1 and IV65536: 6 KB that calamine would make 1.1 GB of."""
    refused_quickly(data("far_cell.xls"), "单元格过多")
    assert sheet_extents(data("results.xls"))[-1] == (6, 11, 66)  # rows, columns, reserved
