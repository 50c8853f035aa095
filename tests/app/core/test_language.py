"""Simplified Chinese by default, English when chosen in the top bar."""

import ast
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.app.conftest import CJK

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def back_to_chinese():
    """The test client runs views in this thread, and a page in English leaves English
    active: later tests in the same worker would see English messages."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def test_chinese_by_default_even_for_an_english_browser(tournament):
    tournament.publish_standings = True
    tournament.save()
    page = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").get(reverse("standings", args=["spring"]))
    assert "成绩排名" in page.content.decode() and 'lang="zh-hans"' in page.content.decode()


def test_english_after_choosing_it(tournament, pairs8, make_round):
    tournament.publish_standings = True
    tournament.save()
    make_round(tournament, pairs8, status="locked")  # a ranking exists once a round is locked
    client = Client()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get(reverse("standings", args=["spring"])).content.decode()
    assert "Standings" in html and 'lang="en"' in html
    header = html.split("<thead")[1].split("</thead>")[0]
    assert "Level-difference points" in header and "级差分" not in header  # tiebreak columns too


GETTEXT = {"gettext", "gettext_lazy", "_", "ngettext", "ngettext_lazy"}


def python_texts() -> list[tuple[str, int, str]]:
    """(file, line, text) of each Chinese string literal the app's Python code translates,
    however it is written: also inside an f-string, which makemessages (xgettext) does not
    read, so such a text can drop out of the catalogue unnoticed."""
    found = []
    for path in sorted(Path(settings.BASE_DIR, "tournament").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            text = node.args[0]
            literal = isinstance(text, ast.Constant) and isinstance(text.value, str)
            if name in GETTEXT and literal and CJK.search(text.value):
                found.append((str(path), node.lineno, text.value))
    return found


@pytest.mark.usefixtures("english")
def test_every_text_of_the_python_code_is_in_the_english_catalogue():
    """Round control's "逐副" button lost its English when its template became Python code
    that wrote the text inside an f-string. The catalogue includes the translations waiting
    in locale/pending (the ``english`` fixture), as it will once they are merged."""
    texts = python_texts()
    assert any(text == "逐副" for _f, _l, text in texts)
    missing = [
        (f, line, t)
        for f, line, t in texts
        # A plural text (ngettext) is found by its forms, not by gettext.
        if translation.gettext(t) == t and translation.ngettext(t, t, 2) == t
    ]
    assert missing == []


def test_no_translation_function_goes_by_a_name_makemessages_does_not_read():
    """makemessages (xgettext) reads ``_``, ``gettext``, ``gettext_lazy``, ``gettext_noop``,
    ``pgettext`` … by name. The exports imported them as ``N_``, ``_lazy`` and ``_g``, so the
    score sheet's columns, the pairings' headers and more were never in the catalogue and
    printed in Chinese on English prints. Only ``_`` may rename one."""
    renamed = []
    for path in sorted(Path(settings.BASE_DIR).glob("[!.]*/**/*.py")):
        if ".venv" in path.parts or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation":
                renamed += [
                    f"{path}: {a.name} as {a.asname}"
                    for a in node.names
                    if a.asname not in (None, "_")
                ]
    assert renamed == []
