"""What an English user saw in Chinese, or in odd English, on the staff pages (review pass).

The score sheet's script wrote its own texts (保存中…, 已保存, 比赛结束) in Chinese: a
script file is not read by makemessages, so the page now hands the script its texts,
translated, and no script holds a Chinese text of its own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.app.test_messages_english import english  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db
CJK = re.compile(r"[\u4e00-\u9fff]")


def staff_client(user) -> Client:
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(user)
    return client


def test_no_script_holds_a_chinese_text_of_its_own():
    scripts = sorted(Path(settings.BASE_DIR, "static", "js").glob("*.js"))
    assert scripts
    chinese = {p.name: CJK.findall(p.read_text(encoding="utf-8")) for p in scripts}
    assert {name: found for name, found in chinese.items() if found} == {}


@pytest.mark.usefixtures("english")
def test_the_english_score_sheet_hands_its_script_english_texts(
    tournament, teams8, make_round, chief
):
    make_round(tournament, teams8)
    html = staff_client(chief).get(reverse("match_sheet", args=["spring", 1, 1])).content.decode()
    texts = html.split('id="sheet-texts"')[1].split("</div>")[0]
    assert 'data-saving="Saving…"' in texts and 'data-saved="Saved"' in texts
    assert "data-won=" in texts and "{side}" in texts
    assert CJK.findall(texts) == []


@pytest.mark.usefixtures("english")
def test_the_overview_counts_units_in_the_plural(tournament, teams8, organizer):
    html = (
        staff_client(organizer).get(reverse("tournament_detail", args=["spring"])).content.decode()
    )
    stats = html.split('<div class="stats">')[1].split("</div>\n</div>")[0]
    assert "<span>Units</span>" in stats
