"""An event printed in English (print language "en"): no Chinese word of ours on any print.

Found in the English pass: the side slips, the score sheet's deal and foul columns and its
scoring note, the pairings and sign-in columns, the state and status words, the units' list
mark and the certificate's parentheses were printed in Chinese whatever the print language
(literals that makemessages never read: aliases such as ``N_`` and ``_lazy`` are not among
its keywords). Names are the organizer's data and stay as entered.
"""

from __future__ import annotations

import io
import os
import re

import openpyxl
import pytest
from reportlab.pdfbase import pdfmetrics

from tests.app.conftest import (
    english,  # noqa: F401 - the pending translations compiled in
    organizers_words,
)
from tests.app.printing.conftest import pages_text
from tournament.printing import fonts
from tournament.printing.makers import Request
from tournament.printing.registry import run

pytestmark = pytest.mark.django_db

CHINESE = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]+")
PRINTS = [
    ("pairings", "pdf", 2),
    ("pairings", "xlsx", 2),
    ("scoresheets", "pdf", 2),
    ("side_slips", "pdf", 2),
    ("results", "pdf", 2),
    ("results", "xlsx", 2),
    ("standings", "pdf", None),
    ("standings", "xlsx", None),
    ("units", "pdf", None),
    ("units", "xlsx", None),
    ("certificates", "pdf", None),
    ("signin", "pdf", None),
    ("signin", "xlsx", None),
    ("workbook", "xlsx", None),
]


def text_of(data: bytes, fmt: str) -> str:
    if fmt == "pdf":
        return "\n".join(pages_text(data))
    book = openpyxl.load_workbook(io.BytesIO(data))
    cells = (str(c.value) for ws in book for row in ws.iter_rows() for c in row if c.value)
    return "\n".join([*cells, *book.sheetnames])


def english_print_text(event, kind: str, fmt: str, round_number) -> str:
    """The text of one print of ``event`` in English, less the organizer's own words."""
    event.print_language = "en"
    event.save()
    out = io.BytesIO()
    address = "http://192.168.1.10:8000"
    run(Request(tournament=event, kind=kind, fmt=fmt, round=round_number, base_url=address), out)
    text = text_of(out.getvalue(), fmt)
    for word in organizers_words(event):
        text = text.replace(word, "")
    return text


@pytest.mark.parametrize(("kind", "fmt", "round_number"), PRINTS)
@pytest.mark.usefixtures("english")
def test_an_english_print_has_no_chinese_word_of_ours(event, kind, fmt, round_number):
    text = english_print_text(event, kind, fmt, round_number)
    assert [line for line in text.splitlines() if CHINESE.search(line)] == []


@pytest.mark.parametrize(("kind", "fmt", "round_number"), [p for p in PRINTS if p[1] == "pdf"])
@pytest.mark.usefixtures("english")
def test_an_english_pdf_cuts_no_word_of_ours(event, kind, fmt, round_number):
    """The results notice's header read "Opponents' p…": two lines had room, but at a size
    too tall for the header row, so the cell fell back to one line cut short."""
    text = english_print_text(event, kind, fmt, round_number)
    assert [line for line in text.splitlines() if "…" in line] == []


DEJAVU = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
)


@pytest.fixture
def dejavu_only(monkeypatch):
    """A machine whose only Latin TrueType font is DejaVu Sans (no Liberation, no Arial)."""
    if not all(os.path.isfile(path) for path in DEJAVU):
        pytest.skip("DejaVu Sans is not installed (Debian: fonts-dejavu-core)")
    monkeypatch.setattr(fonts, "LATIN_CANDIDATES", (DEJAVU,))
    fonts.reset()
    yield fonts.chosen()
    monkeypatch.undo()
    fonts.reset()


def test_dejavu_is_condensed_to_the_width_the_layouts_are_made_for(dejavu_only):
    """DejaVu Sans is ~12 % wider than Helvetica (bold ~16 %): its runs are drawn condensed,
    and measured so, to Helvetica's width; Chinese runs are not condensed."""
    assert dejavu_only.latin_source == DEJAVU[0]
    regular, bold = dejavu_only.latin_scales
    assert 0.8 < bold < regular < 0.95
    for is_bold, helvetica in ((False, "Helvetica"), (True, "Helvetica-Bold")):
        ours = fonts.width(fonts.WIDTH_SAMPLE, 10, is_bold)
        assert ours == pytest.approx(pdfmetrics.stringWidth(fonts.WIDTH_SAMPLE, helvetica, 10))
    assert fonts.width("积分", 10) == pytest.approx(
        pdfmetrics.stringWidth("积分", dejavu_only.cjk, 10)
    )


@pytest.mark.parametrize(("kind", "fmt", "round_number"), [p for p in PRINTS if p[1] == "pdf"])
@pytest.mark.usefixtures("english", "dejavu_only")
def test_an_english_pdf_with_dejavu_cuts_no_word_of_ours(event, kind, fmt, round_number):
    """Found on a machine with only DejaVu: the pairings' seat note and the standings'
    "Level-difference points" header were cut (…) at DejaVu's width."""
    text = english_print_text(event, kind, fmt, round_number)
    assert [line for line in text.splitlines() if "…" in line] == []
