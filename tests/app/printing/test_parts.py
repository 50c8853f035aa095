"""The pure parts: fonts, QR codes, the bracket structure and chart, plain-data PDFs."""

from __future__ import annotations

import io
import json
import random
import string

import qrcode
from pypdf import PdfReader
from qrcode import util
from qrcode.constants import ERROR_CORRECT_M

from tests.app.printing.conftest import pages_text
from tournament.archive.stage_ids import map_state_pairs
from tournament.core import qr
from tournament.models import Table
from tournament.printing import fonts
from tournament.printing.bracket import (
    Bracket,
    BracketPdf,
    bracket_from_state,
    sections,
)
from tournament.printing.data import STATE_LABELS, EventInfo, PrintedPair, PrintedTable
from tournament.printing.scoresheet import ScoreSheetPdf
from tournament.text.titles import bracket_round_title

EVENT = EventInfo(
    name="测试赛",
    slug="t",
    host="主办方",
    venue="",
    dates="",
    certificate_date="",
    scoring="points26",
    scoring_label="26分制",
    time_limit=60,
    bye_policy="forfeit_win",
    tiebreaks=("points", "lot"),
    award_tiers=(("一等奖", 1),),
    table_entry=False,
    printed_at="2025-05-01 08:00",
)


def test_state_labels_match_the_model():
    assert {k: str(v) for k, v in Table.STATE_CHOICES} == STATE_LABELS


def test_runs_split_latin_from_chinese_and_clean_drops_what_cannot_print():
    assert fonts.runs("第12台 A+") == [("第", False), ("12", True), ("台", False), (" A+", True)]
    assert fonts.runs("买买提·艾力") == [("买买提", False), ("·", True), ("艾力", False)]
    assert fonts.clean("a\tb\x00c") == "a b c"
    assert fonts.clean("𠮷野家") == "〓野家"
    assert fonts.clean("13−d") == "13-d"


def test_fit_shrinks_then_cuts_and_wrap_breaks_chinese_anywhere():
    text, size = fonts.fit("很长的组合名称" * 3, 60, 12, min_size=6)
    assert text.endswith("…") and size == 6 and fonts.width(text, size) <= 60
    text, size = fonts.fit("短", 60, 12)
    assert (text, size) == ("短", 12)
    lines = fonts.wrap("在2025春季掼蛋公开赛中获得第1名，荣获", 100, 12)
    assert "".join(lines) == "在2025春季掼蛋公开赛中获得第1名，荣获"
    assert all(fonts.width(line, 12) <= 100 for line in lines)


def test_qr_matrices_equal_the_qrcode_package_for_every_size():
    rng = random.Random(7)
    for n in (1, 20, 40, 60, 90, 140, 200, 300):
        text = "http://x/" + "".join(rng.choice(string.ascii_letters) for _ in range(n))
        code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=qr.MASK)
        code.add_data(util.QRData(text.encode(), mode=util.MODE_8BIT_BYTE))
        code.make(fit=True)
        assert qr.matrix(text) == code.modules


def bracket_13() -> dict:
    """13 pairs in 16 slots: three byes, then 8 → 4 → 2 → 1, and a third-place match."""
    r1 = [{"id": f"1-{i}", "ew": i, "ns": None, "winner": i, "bye": True} for i in (1, 2, 3)]
    r1 += [
        {"id": f"1-{i}", "ew": 2 * i - 4, "ns": 2 * i - 3, "winner": 2 * i - 4, "bye": False}
        for i in range(4, 9)
    ]
    w = [m["winner"] for m in r1]
    r2 = [
        {"id": f"2-{k}", "ew": w[2 * k], "ns": w[2 * k + 1], "winner": w[2 * k]} for k in range(4)
    ]
    r3 = [
        {"id": "3-0", "ew": 1, "ns": 4, "winner": 1},
        {"id": "3-1", "ew": 6, "ns": 10, "winner": 10},
    ]
    r4 = [{"id": "4-0", "ew": 1, "ns": 10, "winner": None}]
    return {"bracket": [r1, r2, r3, r4], "third_place": {"id": "3p", "ew": 4, "ns": 6}}


def pairs(n: int) -> dict[int, PrintedPair]:
    return {i: PrintedPair(i, f"第{i}号组合", "", (f"甲{i}", f"乙{i}")) for i in range(1, n + 1)}


def test_bracket_reader_accepts_both_shapes_and_keeps_byes():
    b = bracket_from_state(bracket_13())
    assert [len(r) for r in b.rounds] == [8, 4, 2, 1]
    assert sum(m.bye for m in b.rounds[0]) == 3 and b.third_place.ew == 4
    nested = {"bracket": {"rounds": bracket_13()["bracket"], "third_place": {"id": "x", "ew": 5}}}
    assert bracket_from_state(nested).third_place.ew == 5
    assert bracket_from_state({}) is None and bracket_from_state({"groups": []}) is None


def test_bracket_team_ids_are_renumbered_everywhere():
    state = map_state_pairs(bracket_13(), lambda t: t + 100)
    b = bracket_from_state(state)
    assert b.pair_ids() == {t + 100 for t in bracket_from_state(bracket_13()).pair_ids()}


def test_bracket_chart_shows_every_pair_round_titles_and_third_place():
    data = BracketPdf(EVENT, bracket_from_state(bracket_13()), pairs(13)).render_bytes()
    text = pages_text(data)
    assert len(text) == 1
    for i in range(1, 14):
        assert f"第{i}号组合" in text[0]
    for title in ("1/8决赛", "1/4决赛", "半决赛", "决赛", "冠军", "三四名决赛", "（轮空）"):
        assert title in text[0]


def test_a_big_bracket_is_split_into_page_sections():
    rounds, n = [], 64
    while n >= 1:
        rounds.append([{"id": f"{n}-{k}", "ew": None, "ns": None} for k in range(n)])
        n //= 2
    b = bracket_from_state({"bracket": rounds})
    parts = sections(b.rounds)
    assert [(first, [len(r) for r in tree]) for first, tree in parts] == [
        (0, [16, 8, 4, 2, 1]),
        (0, [16, 8, 4, 2, 1]),
        (0, [16, 8, 4, 2, 1]),
        (0, [16, 8, 4, 2, 1]),
        (5, [2, 1]),
    ]
    assert len(PdfReader(io.BytesIO(BracketPdf(EVENT, b, {}).render_bytes())).pages) == 5
    assert bracket_round_title(0, 128) == "1/64决赛" and bracket_round_title(6, 128) == "决赛"
    assert BracketPdf(EVENT, Bracket(()), {}).render_bytes().startswith(b"%PDF")


def test_score_sheets_from_plain_data_skip_byes():
    ps = pairs(5)
    tables = [
        PrintedTable(table_id=i, round=1, table=i, ew=ps[2 * i - 1], ns=ps[2 * i]) for i in (1, 2)
    ] + [PrintedTable(table_id=9, round=1, table=None, ew=ps[5], ns=None)]
    pdf = ScoreSheetPdf(EVENT, 1, tables)
    text = pages_text(pdf.render_bytes())
    assert len(text) == 2 and pdf.sheets == 2
    assert "第1号组合" in text[0] and "第4号组合" in text[1] and "第5号组合" not in "".join(text)


def test_score_sheets_drawn_in_parts_join_into_one_valid_pdf():
    ps = pairs(14)
    tables = [
        PrintedTable(table_id=i, round=1, table=i, ew=ps[2 * i - 1], ns=ps[2 * i])
        for i in range(1, 8)
    ]

    class SmallParts(ScoreSheetPdf):
        part_pages = 3  # 7 sheets: parts of 3, 3 and 1 pages

    data = SmallParts(EVENT, 1, tables).render_bytes()
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 7
    assert reader.metadata.title == "测试赛 第1轮比赛记录表"
    for i in (1, 3, 4, 7):  # both sides of each boundary between parts
        text = reader.pages[i - 1].extract_text()
        assert f"第 {i} 台" in text and f"第{2 * i - 1}号组合" in text and "级数记录" in text
    two = SmallParts(EVENT, 1, tables, per_page=2).render_bytes()
    assert len(PdfReader(io.BytesIO(two)).pages) == 4
    empty = SmallParts(EVENT, 1, []).render_bytes()
    assert "没有需要记录表的台" in PdfReader(io.BytesIO(empty)).pages[0].extract_text()


def test_bracket_chart_reads_the_pairing_adapters_stored_bracket():
    from pairing.bracket import knockout_bracket

    stored = json.loads(json.dumps({"bracket": knockout_bracket(list(range(1, 14))).to_dict()}))
    b = bracket_from_state(stored)
    assert [len(r) for r in b.rounds] == [8, 4, 2, 1] and b.third_place is not None
    assert sum(m.bye for m in b.rounds[0]) == 3
    text = pages_text(BracketPdf(EVENT, b, pairs(13)).render_bytes())[0]
    assert all(f"第{i}号组合" in text for i in range(1, 14))
