""".xlsx and .csv files read back equal the database; user text never becomes a formula."""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from scoring import score_record
from tests.app.finished_event import build_event
from tournament.models import Pair, Table
from tournament.models.result_values import RESULT_FIELDS
from tournament.printing.makers import Request
from tournament.printing.registry import run
from tournament.printing.tabular import Column, Exporter, write_csv, write_xlsx
from tournament.standings.selectors import standings_for, table_record

pytestmark = pytest.mark.django_db


def export(tournament, kind, fmt="xlsx", **kw) -> bytes:
    out = io.BytesIO()
    run(Request(tournament=tournament, kind=kind, fmt=fmt, **kw), out)
    return out.getvalue()


def sheet_rows(data: bytes, index: int = 0) -> list[tuple]:
    """The rows under the sheet's title row (which names the event)."""
    book = load_workbook(io.BytesIO(data))
    rows = list(book.worksheets[index].iter_rows(values_only=True))
    assert rows[0][0].startswith("2025春季掼蛋公开赛 · ")
    return rows[1:]


def as_dicts(rows: list[tuple]) -> list[dict]:
    header = rows[0]
    return [dict(zip(header, row, strict=True)) for row in rows[1:]]


def test_results_sheet_equals_the_matches_and_their_scores(event):
    rows = as_dicts(sheet_rows(export(event, "results", round=1)))
    tables = Table.objects.filter(round__tournament=event, round__number=1).select_related(
        "ew", "ns"
    )
    by_table = {m.number: m for m in tables}
    assert len(rows) == len(by_table)
    for row in rows:
        m = by_table[row["台号"]]
        assert row["东西组合"] == m.ew.name
        assert row["南北组合"] == (m.ns.name if m.ns else "轮空")
        assert (row["东西级数"] or "") == m.ew_level and (row["南北级数"] or "") == m.ns_level
        values = {f: getattr(m, f) for f in RESULT_FIELDS}
        values.update(ew_id=m.ew_id, ns_id=m.ns_id)
        score = score_record(table_record(1, values), event.scoring, event.bye_policy)
        assert row["东西得分"] == score.ew_points
        assert row["东西犯规"] == m.ew_fouls
        if m.ns:
            assert row["南北得分"] == score.ns_points
            assert row["南北级差分"] == score.ns_level_points


def test_pairings_sheet_lists_every_table_with_points_before_the_round(event):
    rows = as_dicts(sheet_rows(export(event, "pairings", round=2)))
    before = {r.pair: r.points for r in standings_for(event, after_round=1)}
    tables = Table.objects.filter(round__tournament=event, round__number=2).select_related(
        "ew", "ns"
    )
    assert len(rows) == tables.count()
    pairs = {t.name: t for t in Pair.objects.filter(tournament=event)}
    for row in rows:
        assert row["东西赛前积分"] == before[pairs[row["东西组合"]].pk]
        if row["南北组合"] != "轮空":
            assert row["南北赛前积分"] == before[pairs[row["南北组合"]].pk]


def test_standings_sheet_equals_the_standings(event):
    rows = as_dicts(sheet_rows(export(event, "standings")))
    expected = standings_for(event, after_round=1)  # the last locked round
    names = {t.pk: t.name for t in Pair.objects.filter(tournament=event)}
    assert [(r["名次"], r["组合"], r["积分"], r["级差分"], r["对手分"]) for r in rows] == [
        (s.rank, names[s.pair], s.points, s.level_diff, s.values["opp_points"]) for s in expected
    ]


def test_workbook_has_a_sheet_per_round_then_standings_with_frozen_headers(event):
    book = load_workbook(io.BytesIO(export(event, "workbook")))
    assert book.sheetnames == ["第1轮", "第2轮", "总成绩", "单位团体", "报名名单", "犯规记录"]
    for ws in book.worksheets:
        assert ws.freeze_panes == "A3" and ws["A1"].value.startswith("2025春季掼蛋公开赛 · ")
        assert ws.column_dimensions["A"].width > 0
    assert (
        book["第2轮"].max_row
        == 2 + Table.objects.filter(round__number=2, round__tournament=event).count()
    )
    lp = [c for c in book["第1轮"][2] if c.value == "东西级差分"][0].column
    assert book["第1轮"].cell(row=3, column=lp).number_format == "+0;-0;0"


def test_csv_is_utf8_with_bom_and_reads_back(event):
    data = export(event, "signin", fmt="csv")
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0][:3] == ["序号", "抽签号", "组合"]
    assert {r[2] for r in rows[1:]} == set(
        Pair.objects.filter(tournament=event).values_list("name", flat=True)
    )


@pytest.mark.parametrize("name", ["=SUM(A1)", "+86 138", "-1+2", "@cmd"])
def test_formula_like_names_come_back_as_literal_text(organizer, name):
    names = [name, "江南队", "河北队"]
    t = build_event(organizer, slug="inject", size=3, names=names)
    book = load_workbook(io.BytesIO(export(t, "results", round=1)))
    cells = [c for row in book.worksheets[0].iter_rows() for c in row if c.value == name]
    assert cells and all(c.data_type == "s" for c in cells)
    text = export(t, "signin", fmt="csv").decode("utf-8-sig")
    assert f"'{name}" in text  # the apostrophe keeps Excel from evaluating it


def test_write_xlsx_guards_every_sheet_and_titles_are_unique():
    class Sheet(Exporter):
        sheet_title = "a/b:c"
        columns = (Column("x"),)

        def rows(self):
            yield ["=1+1"]

    out = io.BytesIO()
    write_xlsx([Sheet(), Sheet()], out)
    book = load_workbook(io.BytesIO(out.getvalue()))
    assert book.sheetnames == ["a_b_c", "a_b_c(2)"]
    assert book.worksheets[1]["A2"].value == "=1+1" and book.worksheets[1]["A2"].data_type == "s"
    text = io.BytesIO()
    write_csv(Sheet(), text)
    assert text.getvalue().decode("utf-8-sig").splitlines() == ["x", "'=1+1"]


def test_a_note_too_long_beside_its_title_is_wrapped_under_it_not_cut():
    """A section's note goes right of the title when it fits there at 6.5 pt or more; a
    longer one is printed whole on lines under the title (it used to be cut with …)."""
    from tests.app.printing.conftest import pages_text
    from tests.app.printing.test_parts import EVENT
    from tournament.printing.pdf import Col, ListDocument, Section

    short, long = "Points before this round", " ".join(f"word{n}" for n in range(60))

    class Noted(ListDocument):
        def sections(self):
            yield Section("Title", [Col("Table", 1)], [["1"]], note=short)
            yield Section("Second", [Col("Table", 1)], [["2"]], note=long)

    text = pages_text(Noted(EVENT).render_bytes())[0]
    assert "…" not in text
    assert f"Title {short}" in " ".join(text.split())  # beside the title, on its line
    assert all(f"word{n}" in text.split() for n in range(60))  # every word, on 2+ lines
    lines = [line for line in text.splitlines() if "word" in line]
    assert len(lines) >= 2 and "Second" not in lines[0]
