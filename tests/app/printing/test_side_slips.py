"""Per-side slips (docs/security.md): each side's link and PIN on its own slip, and no
entry code on the score sheet."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.app.printing.conftest import pages_text
from tournament.models import Table
from tournament.printing.makers import ExportError, Request
from tournament.printing.registry import run

pytestmark = pytest.mark.django_db


def render(tournament, kind, **kw) -> bytes:
    out = io.BytesIO()
    kw.setdefault("base_url", "http://192.168.1.10:8000")
    run(Request(tournament=tournament, kind=kind, fmt="pdf", **kw), out)
    return out.getvalue()


def slot_texts(data: bytes) -> list[dict[tuple[int, int], str]]:
    """Per page: the text of each slip, by (column, row) from the top left."""
    pages = []
    for page in PdfReader(io.BytesIO(data)).pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        slots: dict[tuple[int, int], str] = {}

        def visit(text, cm, tm, font, size, slots=slots, width=width, height=height):
            if not text.strip():
                return
            x = tm[4] * cm[0] + cm[4]
            y = tm[5] * cm[3] + cm[5]
            key = (int(x // (width / 2)), int((height - y) // (height / 4)))
            slots[key] = slots.get(key, "") + text

        page.extract_text(visitor_text=visit)
        pages.append(slots)
    return pages


def test_each_slip_holds_one_sides_pin_and_name_only(event):
    played = list(
        Table.objects.filter(round__tournament=event, round__number=2, ns__isnull=False)
        .select_related("ew", "ns")
        .order_by("number")
    )
    for i, m in enumerate(played):  # distinct PINs, so a PIN names its slip
        Table.objects.filter(pk=m.pk).update(ew_pin=f"{2 * i + 1000}", ns_pin=f"{2 * i + 1001}")
        m.ew_pin, m.ns_pin = f"{2 * i + 1000}", f"{2 * i + 1001}"
    data = render(event, "side_slips", round=2)
    slips = [
        text
        for page in slot_texts(data)
        for _, text in sorted(page.items(), key=lambda kv: (kv[0][1], kv[0][0]))
    ]
    assert len(slips) == 2 * len(played)
    all_pins = {p for m in played for p in (m.ew_pin, m.ns_pin)}
    for m, (ew_slip, ns_slip) in zip(
        played, zip(slips[::2], slips[1::2], strict=True), strict=True
    ):
        assert f"第 {m.number} 台" in ew_slip and "东西方" in ew_slip and m.ew.name in ew_slip
        assert f"第 {m.number} 台" in ns_slip and "南北方" in ns_slip and m.ns.name in ns_slip
        assert [p for p in all_pins if p in ew_slip] == [m.ew_pin]
        assert [p for p in all_pins if p in ns_slip] == [m.ns_pin]
        assert m.ns.name not in ew_slip and m.ew.name not in ns_slip


def test_slips_need_table_entry_and_the_players_address(event):
    with pytest.raises(ExportError, match="base-url"):
        render(event, "side_slips", round=2, base_url="")
    event.table_entry = False
    event.save()
    with pytest.raises(ExportError, match="未开启选手扫码录入"):
        render(event, "side_slips", round=2)


def operators(data: bytes) -> list[int]:
    """How many rectangles each page draws itself (a QR code is dozens of them)."""
    return [
        page.get_contents().get_data().count(b" re") for page in PdfReader(io.BytesIO(data)).pages
    ]


def test_the_score_sheet_carries_no_entry_code(event):
    with_entry = render(event, "scoresheets", round=2)
    assert "录入码和PIN见本方纸条" in pages_text(with_entry)[0]
    event.table_entry = False
    event.save()
    without = render(event, "scoresheets", round=2)
    assert operators(with_entry) == operators(without)


def test_each_slips_code_is_also_its_link(event):
    """A slip sent as a file opens on the phone that should scan it: the QR is a link too."""
    played = Table.objects.filter(round__tournament=event, round__number=2, ns__isnull=False)
    expected = {
        f"http://192.168.1.10:8000/t/{event.slug}/e/{m.pk}/{code}/"
        for m in played
        for code in (m.ew_code, m.ns_code)
    }
    data = render(event, "side_slips", round=2)
    links = {
        annot.get_object()["/A"]["/URI"]
        for page in PdfReader(io.BytesIO(data)).pages
        for annot in page.get("/Annots", [])
    }
    assert links == expected


def test_slips_follow_the_events_print_language(event):
    """Found in the English pass: the slips were written in Chinese whatever the language."""
    event.print_language = "en"
    event.save()
    text = "".join(
        "".join(page.values()) for page in slot_texts(render(event, "side_slips", round=2))
    )
    assert "Table 1 · East–West" in text and "Table 1 · North–South" in text
    assert "Cut along the dashed lines" in text and "Scan to open your side's page" in text
    assert not re.search("东西方|南北方|沿虚线|扫码", text)
