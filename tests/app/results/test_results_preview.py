"""The clerk's results sheet (成绩录入表) on the web: both pairs and their draw numbers on
each row, the 到时 column, the preview before saving (nothing kept on cancel), a shifted row
caught by its draw numbers, 到时 with a pass of A refused, and 到时 marked on the printouts."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import load_workbook

from tests.conftest import ONE_EVENT, login
from tournament.models import Pair, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]


@pytest.fixture
def round1(tournament, pairs8, make_round):
    for number, pair in enumerate(pairs8, 1):  # drawn: the sheet prints the draw numbers
        Pair.objects.filter(pk=pair.pk).update(draw_number=number)
    return make_round(tournament, pairs8)


def blank_sheet(client, tournament, number=1):
    url = reverse("export_download", args=[tournament.slug, "clerk_sheet", "xlsx"])
    response = client.get(url, {"round": number})
    assert response.status_code == 200
    return load_workbook(io.BytesIO(b"".join(response.streaming_content)))


def filled(book, values: dict[int, dict[str, object]]) -> bytes:
    """The sheet with each table's cells set by header: {table: {"东西": "A+", …}}."""
    ws = book.worksheets[0]
    headers = [c.value for c in ws[2]]
    for row in ws.iter_rows(min_row=3):
        for header, value in values.get(row[0].value, {}).items():
            row[headers.index(header)].value = value
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def upload(client, round_, data: bytes):
    url = reverse("results_import", args=[round_.tournament.slug, round_.number])
    return client.post(url, {"file": SimpleUploadedFile("成绩录入表.xlsx", data)})


def all_tables(**cells):
    return {n: dict(cells) for n in (1, 2, 3, 4)}


def test_the_sheet_names_both_pairs_with_draw_numbers_and_has_a_time_column(
    round1, tournament, chief
):
    book = blank_sheet(login(chief), tournament)
    ws = book.worksheets[0]
    headers = [c.value for c in ws[2]]
    assert {"东西抽签号", "东西组合", "南北抽签号", "南北组合", "到时"} <= set(headers)
    for row in ws.iter_rows(min_row=3, values_only=True):
        m = Table.objects.select_related("ew", "ns").get(round=round1, number=row[0])
        cells = dict(zip(headers, row, strict=False))
        assert (cells["东西抽签号"], cells["南北抽签号"]) == (m.ew.draw_number, m.ns.draw_number)
        assert cells["东西组合"].startswith(m.ew.name)
        assert cells["南北组合"].startswith(m.ns.name)


def test_the_upload_shows_a_preview_and_saves_only_on_confirm(round1, tournament, chief):
    client = login(chief)
    data = filled(blank_sheet(client, tournament), all_tables(东西="A+", 南北="9"))
    response = upload(client, round1, data)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="preview-rows"' in page and page.count("过A : 9") == 4
    assert not round1.tables.exclude(state="empty").exists()  # nothing saved yet
    url = reverse("results_import", args=[tournament.slug, 1])
    response = client.post(url, {"action": "cancel"})
    assert response.status_code == 302
    assert not round1.tables.exclude(state="empty").exists()
    response = client.post(url, {"action": "confirm"})  # the cancelled file is forgotten
    assert not round1.tables.exclude(state="empty").exists()
    upload(client, round1, data)
    response = client.post(url, {"action": "confirm"})
    assert response.status_code == 302
    assert set(round1.tables.values_list("ew_level", "ns_level")) == {("A+", "9")}


def test_a_row_shifted_against_its_draw_numbers_is_refused(round1, tournament, chief):
    client = login(chief)
    book = blank_sheet(client, tournament)
    values = all_tables(东西="A+", 南北="9")
    other = Table.objects.select_related("ew").get(round=round1, number=2).ew.draw_number
    values[1]["东西抽签号"] = other
    response = upload(client, round1, filled(book, values))
    page = response.content.decode()
    assert "导入失败，没有保存任何成绩" in page and "行可能错位" in page
    assert 'id="preview-rows"' not in page


def test_time_ticked_with_a_pass_of_a_is_refused_and_a_result_at_time_is_marked(
    round1, tournament, chief
):
    client = login(chief)
    book = blank_sheet(client, tournament)
    values = all_tables(东西="J", 南北="9", 到时="是")
    values[3] = {"东西": "A+", "南北": "9", "到时": "√"}
    page = upload(client, round1, filled(book, values)).content.decode()
    assert "一方过A，比赛即已结束，不是到时结束" in page
    values[3] = {"东西": "A+", "南北": "9", "到时": ""}
    page = upload(client, round1, filled(blank_sheet(client, tournament), values)).content
    assert page.decode().count("J : 9 到时") == 3
    client.post(reverse("results_import", args=[tournament.slug, 1]), {"action": "confirm"})
    assert round1.tables.filter(state="entered").count() == 4
    from tests.app.printing.test_printing import pages_text, render

    text = "".join(pages_text(render(tournament, "results", round=1)))
    assert text.count("到时") >= 3


def test_equal_levels_without_time_ticked_are_refused_when_the_column_is_there(
    round1, tournament, chief
):
    client = login(chief)
    data = filled(blank_sheet(client, tournament), all_tables(东西="Q", 南北="Q"))
    page = upload(client, round1, data).content.decode()
    assert "双方级数相同，只能是到时结束" in page


def test_a_result_at_time_is_marked_on_the_results_sheet_and_csv(round1, tournament, chief):
    client = login(chief)
    values = all_tables(东西="J", 南北="9", 到时="是")
    values[2] = {"东西": "A+", "南北": "9"}
    upload(client, round1, filled(blank_sheet(client, tournament), values))
    client.post(reverse("results_import", args=[tournament.slug, 1]), {"action": "confirm"})
    from tests.app.printing.test_printing import render

    book = load_workbook(io.BytesIO(render(tournament, "results", "xlsx", round=1)))
    rows = list(book.worksheets[0].iter_rows(values_only=True))
    column = rows[1].index("弃权/判负")  # 到时 is written there too
    marks = {row[0]: row[column] for row in rows[2:] if row[0] in (1, 2, 3, 4)}
    assert marks == {1: "到时", 2: None, 3: "到时", 4: "到时"}
    csv_text = render(tournament, "results", "csv", round=1).decode("utf-8-sig")
    assert csv_text.count("到时") == 3


def test_rows_left_blank_are_skipped_and_reported_not_an_error(round1, tournament, chief):
    """Issue 42: the sheet lists every table, and one blank row refused the whole file. A
    clerk enters the tables they have."""
    client = login(chief)
    data = filled(
        blank_sheet(client, tournament),
        {1: {"东西": "A+", "南北": "9"}, 3: {"东西": "5", "南北": "A+"}},
    )
    page = upload(client, round1, data).content.decode()
    assert "导入失败" not in page and 'id="preview-rows"' in page
    assert "以下各台未填写成绩，已跳过：2、4" in page
    response = client.post(
        reverse("results_import", args=[tournament.slug, 1]), {"action": "confirm"}, follow=True
    )
    assert "以下各台未填写成绩，已跳过：2、4" in response.content.decode()
    entered = dict(round1.tables.exclude(state="empty").values_list("number", "ew_level"))
    assert entered == {1: "A+", 3: "5"}


def test_a_sheet_with_every_row_blank_has_nothing_to_import(round1, tournament, chief):
    client = login(chief)
    page = upload(client, round1, filled(blank_sheet(client, tournament), {})).content.decode()
    assert "表格中没有成绩数据" in page
    assert not round1.tables.exclude(state="empty").exists()
