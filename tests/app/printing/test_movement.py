"""The movement table (移位表) export of a round-robin stage: PDF, XLSX, CSV and the refusal."""

from __future__ import annotations

import io
import itertools
from collections import Counter

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from tests.app.events.test_stages import create
from tests.app.printing.conftest import pages_text
from tests.app.test_reads_never_write import assert_no_writes
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.printing.makers import ExportError, Request
from tournament.printing.registry import run
from tournament.rounds.pairing import draw, pair_next_round

pytestmark = pytest.mark.django_db

NAMES = ["金陵队", "秦淮队", "钟山队", "玄武队", "紫金队"]


@pytest.fixture
def round_robin(organizer, chief, referee, register):
    """Five pairs in a round robin, round 1 paired (which fixes the order): five rounds of
    two tables and one bye each."""
    t = create(organizer, chief, referee, slug="rr", name="2026单循环邀请赛", format="round_robin")
    for name in NAMES:
        register(t, name)
    draw(t, seed=3, by=user_actor(None))
    pair_next_round(t, by=user_actor(None))
    return t


def export(tournament, fmt: str) -> bytes:
    out = io.BytesIO()
    run(Request(tournament, "movement", fmt), out)
    return out.getvalue()


def test_pdf_has_every_round_every_pair_and_the_byes(round_robin):
    text = "\n".join(pages_text(export(round_robin, "pdf")))
    assert "2026单循环邀请赛" in text and "移位表" in text
    for number in range(1, 6):
        assert f"第{number}轮" in text
    for name in NAMES:
        assert text.count(name) == 5  # four tables and one bye
    assert text.count("轮空") == 5


def test_xlsx_has_one_row_per_table_and_every_pair_meets_every_other_once(round_robin):
    book = load_workbook(io.BytesIO(export(round_robin, "xlsx")))
    rows = list(book.worksheets[0].iter_rows(values_only=True))
    assert rows[0][0] == "2026单循环邀请赛 · 移位表"
    assert list(rows[1]) == ["阶段", "轮次", "台号", "东西", "南北"]
    tables = [r for r in rows[2:] if r[2] != "轮空"]
    byes = [r for r in rows[2:] if r[2] == "轮空"]
    assert sorted((r[1], r[2]) for r in tables) == [(n, t) for n in range(1, 6) for t in (1, 2)]
    met = Counter(frozenset(r[3:5]) for r in tables)
    assert met == Counter(frozenset(p) for p in itertools.combinations(NAMES, 2))
    assert sorted(r[1] for r in byes) == [1, 2, 3, 4, 5]
    assert sorted(r[3] for r in byes) == sorted(NAMES)


def test_round_one_is_the_round_the_app_paired(round_robin):
    book = load_workbook(io.BytesIO(export(round_robin, "xlsx")))
    rows = list(book.worksheets[0].iter_rows(min_row=3, values_only=True))
    printed = [tuple(r[2:5]) for r in rows if r[1] == 1]
    tables = round_robin.round_set.get(number=1).tables.order_by("number")
    paired = [(m.number, m.ew.name, m.ns.name) for m in tables if m.ns_id]
    bye = tables.get(ns=None).ew.name
    assert printed == [*paired, ("轮空", bye, None)]


def test_rotation_stage_prints_its_three_rounds(organizer, chief, referee, register):
    t = create(
        organizer,
        chief,
        referee,
        slug="rot",
        name="分组赛",
        format="rotation",
        rounds=3,
        scoring="hundred_plus",
    )
    for i in range(1, 12):
        register(t, f"队{i}")
    draw(t, seed=1, by=user_actor(None))
    round_ = pair_next_round(t, by=user_actor(None))
    book = load_workbook(io.BytesIO(export(t, "xlsx")))
    rows = list(book.worksheets[0].iter_rows(min_row=3, values_only=True))
    assert [r[1] for r in rows] == [1] * 6 + [2] * 6 + [3] * 6  # five tables and a bye each
    paired = [(m.number, m.ew.name, m.ns.name) for m in round_.tables.exclude(ns=None)]
    assert sorted(paired) == sorted(tuple(r[2:5]) for r in rows[:5])


def test_csv_through_the_command(round_robin, tmp_path):
    path = tmp_path / "m.csv"
    call_command("export", "rr", "movement", "-o", str(path), stdout=io.StringIO())
    text = path.read_bytes().decode("utf-8-sig")
    assert text.splitlines()[0] == "阶段,轮次,台号,东西,南北"
    assert len(text.splitlines()) == 1 + 5 * 3


def test_an_event_without_a_round_robin_is_refused(event):
    out = io.BytesIO()
    with pytest.raises(ExportError, match="暂无移位表"):
        run(Request(event, "movement", "pdf"), out)
    assert out.getvalue() == b""


def test_downloads_answer_and_write_nothing(round_robin, referee):
    urls = [
        reverse("export_download", kwargs={"slug": "rr", "kind": "movement", "ext": ext})
        for ext in ("pdf", "xlsx", "csv")
    ]
    assert_no_writes(login(referee), {"export_download": urls})
