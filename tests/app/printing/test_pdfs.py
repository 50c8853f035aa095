"""Every PDF kind: the text pypdf extracts has each pair's Chinese name on the right page."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from scoring import awards
from tests.app.printing.conftest import pages_text
from tournament.models import Pair, Table
from tournament.printing import source
from tournament.printing.data import level_text
from tournament.printing.makers import Request
from tournament.printing.registry import run

pytestmark = pytest.mark.django_db


def render(tournament, kind, fmt="pdf", **kw) -> bytes:
    out = io.BytesIO()
    kw.setdefault("base_url", "http://192.168.1.10:8000")
    run(Request(tournament=tournament, kind=kind, fmt=fmt, **kw), out)
    return out.getvalue()


def played(tournament, number):
    return list(
        Table.objects.filter(round__tournament=tournament, round__number=number, ns__isnull=False)
        .select_related("ew", "ns")
        .prefetch_related("ew__players", "ns__players")
        .order_by("number")
    )


def test_score_sheets_one_page_per_table_with_both_pairs_players_and_table(event):
    tables = played(event, 2)
    pages = pages_text(render(event, "scoresheets", round=2))
    assert len(pages) == len(tables)
    for text, m in zip(pages, tables, strict=True):
        assert f"第 {m.number} 台" in text
        for pair in (m.ew, m.ns):
            assert pair.name in text
            for player in pair.players.all():
                assert player.name in text
        assert "比赛记录表" in text and "裁判签名" in text and "过A" in text


def test_score_sheets_two_per_page_halve_the_page_count(event):
    tables = played(event, 1)
    pages = pages_text(render(event, "scoresheets", round=1, per_page=2))
    assert len(pages) == math.ceil(len(tables) / 2)
    for i, m in enumerate(tables):
        assert m.ew.name in pages[i // 2] and m.ns.name in pages[i // 2]


def test_score_sheet_prints_recorded_deals_and_result(event):
    m = Table.objects.filter(round__tournament=event, round__number=1).exclude(deals=[]).get()
    text = pages_text(render(event, "scoresheets", round=1))[m.number - 1]
    assert "东西犯规：越序出牌" in text and "南北警告：越序出牌" in text
    assert level_text(m.ew_level) in text and level_text(m.ns_level) in text


def test_score_sheets_need_the_players_address_when_table_entry_is_on(event):
    from tournament.printing.makers import ExportError

    with pytest.raises(ExportError, match="base-url"):
        render(event, "scoresheets", round=1, base_url="")


def test_pairings_by_table_then_by_name_each_pair_with_its_opponent(event):
    tables = played(event, 2)
    pages = pages_text(render(event, "pairings", round=2))
    found = []
    for m in tables:
        page = next(i for i, p in enumerate(pages) if m.ew.name in p and m.ns.name in p)
        found.append(page)
    assert found == sorted(found)  # tables in order
    lines = "\n".join(pages_text(render(event, "pairings", round=2, order="name"))).splitlines()
    names = sorted(Pair.objects.filter(tournament=event), key=lambda t: t.name_pinyin)
    positions = [next(i for i, line in enumerate(lines) if line.startswith(t.name)) for t in names]
    assert positions == sorted(positions)  # pinyin order, one line per pair
    bye = Table.objects.get(round__tournament=event, round__number=2, ns__isnull=True)
    assert "轮空" in "".join(pages) and bye.ew.name in "".join(pages)


def test_results_notice_has_every_table_and_the_standings_with_tiebreaks(event):
    text = "".join(pages_text(render(event, "results", round=1)))
    for pair in Pair.objects.filter(tournament=event):
        assert text.count(pair.name) >= 2  # in the tables and in the standings
    for label in ("级差分", "对手分", "名次依据", "南北弃权"):
        assert label in text


def test_final_standings_show_award_tiers(event):
    event.round_set.update(status="locked")
    pages = pages_text(render(event, "standings"))
    text = "".join(pages)
    assert "最终成绩" in text and "一等奖" in text and "三等奖" in text
    for pair in Pair.objects.filter(tournament=event):
        assert pair.name in text


def test_certificates_one_landscape_page_per_awarded_pair(event):
    rows = source.standings(event, None, public=False)
    awarded = awards(rows, [tuple(t) for t in event.award_tiers])
    data = render(event, "certificates")
    pages = pages_text(data)
    assert len(pages) == len(awarded) == 6
    pairs = {t.pk: t for t in Pair.objects.filter(tournament=event)}
    for text, (row, tier) in zip(pages, awarded, strict=True):
        pair = pairs[row.pair]
        assert all(p.name in text for p in pair.players.all())
        assert tier in text and f"第{row.rank}名" in text and "南京市掼蛋协会" in text
    from pypdf import PdfReader

    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert box.width > box.height


def test_certificates_use_the_uploaded_background(event):
    from django.core.files.base import ContentFile

    png = io.BytesIO()
    Image.new("RGB", (60, 40), (250, 240, 200)).save(png, "PNG")
    event.certificate_background.save("bg.png", ContentFile(png.getvalue()))
    data = render(event, "certificates")
    assert b"/Subtype /Image" in data
    assert len(pages_text(data)) == 6


def test_signin_sheet_lists_active_pairs_in_pinyin_order(event):
    withdrawn = Pair.objects.filter(tournament=event).first()
    withdrawn.status = Pair.WITHDRAWN
    withdrawn.save()
    text = "".join(pages_text(render(event, "signin")))
    active = sorted(
        Pair.objects.filter(tournament=event, status="active"), key=lambda t: t.name_pinyin
    )
    positions = [text.index(t.name) for t in active]
    assert positions == sorted(positions)
    assert withdrawn.name not in text
    assert "签名" in text


def test_unit_ranking_pdf_names_every_unit(event):
    text = "".join(pages_text(render(event, "units")))
    for unit in event.units.all():
        assert unit.name in text


def test_every_list_page_has_header_and_page_numbers(event):
    pages = pages_text(render(event, "pairings", round=1))
    n = len(pages)
    for i, text in enumerate(pages, start=1):
        assert event.name in text and f"第 {i} 页" in text and f"{n} 页" in text
