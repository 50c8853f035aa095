"""The PDFs carry their fonts: a CJK TrueType font and a Latin one, embedded as subsets.

Every PDF kind, Chinese and English, is read back with pypdf: each font of each page must
have its font file inside the PDF (a FontFile2 stream in its descriptor, or its descendant's),
whenever the machine has a TrueType CJK font (CI installs fonts-wqy-zenhei and
fonts-liberation2). Before, the CID font STSong-Light and Helvetica were named, not
embedded: a viewer without Adobe's CJK data (poppler without poppler-data) showed no Chinese.
"""

from __future__ import annotations

import io
import os

import pytest
from pypdf import PdfReader

from tests.app.conftest import english  # noqa: F401 - the pending translations compiled in
from tests.app.printing.conftest import pages_text
from tests.app.printing.test_printing import knockout_round
from tournament.models import Pair
from tournament.printing import fonts
from tournament.printing.makers import Request
from tournament.printing.registry import run

pytestmark = pytest.mark.django_db

KINDS = [
    ("pairings", 1),
    ("scoresheets", 2),
    ("side_slips", 2),
    ("results", 1),
    ("standings", None),
    ("units", None),
    ("certificates", None),
    ("signin", None),
    ("bracket", None),
]
NOTO_CFF = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"


def unembedded(data: bytes) -> set[str]:
    """The names of the fonts a PDF uses without carrying their font file."""
    missing = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for ref in (page.get("/Resources", {}).get("/Font") or {}).values():
            font = ref.get_object()
            described = (
                font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            )
            descriptor = described.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                missing.add(str(font["/BaseFont"]))
    return missing


def render(event, kind, number, lang) -> bytes:
    event.print_language = lang
    event.save()
    out = io.BytesIO()
    run(Request(tournament=event, kind=kind, fmt="pdf", round=number, base_url="http://x"), out)
    return out.getvalue()


@pytest.fixture
def truetype():
    if not any(os.path.isfile(spec.partition("#")[0]) for spec in fonts.CJK_CANDIDATES):
        pytest.skip("no CJK TrueType font on this machine: the CID font is the fallback")
    assert fonts.chosen().embedded, fonts.chosen()


@pytest.mark.usefixtures("truetype", "english")
# Every printout twice; the full run prints them in English too.
@pytest.mark.parametrize("lang", ["zh-hans", pytest.param("en", marks=pytest.mark.slow)])
def test_every_pdf_kind_embeds_every_font_it_uses(event, lang):
    knockout_round(event, list(Pair.objects.filter(tournament=event).order_by("draw_number")[:4]))
    for kind, number in KINDS:
        data = render(event, kind, number, lang)
        assert unembedded(data) == set(), kind
        assert pages_text(data)[0].strip(), kind  # the text still reads back


@pytest.mark.usefixtures("truetype", "english")
def test_the_english_certificate_names_the_place_as_an_ordinal(event):
    text = "\n".join(pages_text(render(event, "certificates", None, "en")))
    assert "took 1st place in" in text and "placed 1 in" not in text


def test_a_cff_font_is_skipped_and_the_setting_names_the_font(settings):
    """Noto CJK (CFF outlines) cannot be embedded by reportlab: the next candidate is used;
    a font named by PDF_CJK_FONT comes first; a missing one falls through."""
    try:
        settings.PDF_CJK_FONT = NOTO_CFF + "#0"
        fonts.reset()
        assert fonts.chosen().cjk_source != settings.PDF_CJK_FONT
        settings.PDF_CJK_FONT = "/nowhere/font.ttf"
        fonts.reset()
        assert fonts.chosen().cjk_source != "/nowhere/font.ttf"
        named = next(
            (s for s in fonts.CJK_CANDIDATES[1:] if os.path.isfile(s.partition("#")[0])), None
        )
        if named:
            settings.PDF_CJK_FONT = named
            fonts.reset()
            assert fonts.chosen().cjk_source == named
    finally:
        settings.PDF_CJK_FONT = ""
        fonts.reset()


@pytest.mark.usefixtures("truetype")
def test_english_punctuation_is_set_in_the_latin_font_and_missing_glyphs_are_marked():
    assert fonts.runs("North–South") == [("North–South", True)]
    assert fonts.runs("东西–南北")[0] == ("东西", False)
    assert fonts.clean("彝文\ua000") == "彝文〓"  # a Yi syllable the font lacks
