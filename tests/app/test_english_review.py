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
from django.utils import translation

from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.core.audit_text import changes
from tournament.models import AuditEntry
from tournament.results.fouls import record_foul
from tournament.rounds.lifecycle import publish_round, start_round

from .conftest import CJK

pytestmark = pytest.mark.django_db


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
    tournament, pairs8, make_round, chief
):
    make_round(tournament, pairs8)
    html = staff_client(chief).get(reverse("table_sheet", args=["spring", 1, 1])).content.decode()
    texts = html.split('id="sheet-texts"')[1].split("</div>")[0]
    assert 'data-saving="Saving…"' in texts and 'data-saved="Saved"' in texts
    assert "data-won=" in texts and "{side}" in texts
    assert CJK.findall(texts) == []


@pytest.mark.usefixtures("english")
def test_the_overview_counts_units_in_the_plural(tournament, pairs8, organizer):
    html = (
        staff_client(organizer).get(reverse("tournament_detail", args=["spring"])).content.decode()
    )
    stats = html.split('<div class="stats">')[1].split("</div>\n</div>")[0]
    assert "<span>Units</span>" in stats


@pytest.mark.usefixtures("english")
def test_the_menu_names_its_pages_in_the_plural(tournament, organizer):
    html = staff_client(organizer).get(reverse("round_list", args=["spring"])).content.decode()
    menu = html.split('<div class="subnav">')[1].split("</div>")[0]
    assert ">Rounds</a>" in menu and ">Stages</a>" in menu and ">Referees</a>" in menu
    assert "<h1>春季掼蛋赛 · Rounds</h1>" in html


@pytest.mark.usefixtures("english")
def test_the_checkin_desk_calls_draw_numbers_in_english(tournament, pairs8, organizer):
    for number, pair in enumerate(pairs8, start=1):
        pair.draw_number = number
        pair.save(update_fields=["draw_number"])
    html = staff_client(organizer).get(reverse("checkin_desk", args=["spring"])).content.decode()
    missing = html.split('class="missing">')[1].split("</p>")[0]
    assert "</strong>: " in missing and "No. 3" in missing and "</span>, <span" in missing
    assert not re.search(r"\d号|：|、", missing), missing


@pytest.mark.usefixtures("english")
def test_the_public_pairings_are_called_pairings_not_match(tournament, pairs8, make_round):
    tournament.publish_pairings = True
    tournament.save()
    make_round(tournament, pairs8)
    client = Client()
    client.cookies["django_language"] = "en"
    html = client.get(reverse("pairings", args=["spring", 1])).content.decode()
    heading = html.split("<h1>")[1].split("</h1>")[0]
    assert heading.endswith("Round 1 Pairings"), heading
    assert "Match" not in html.split("<title>")[1].split("</title>")[0]


@pytest.mark.usefixtures("english")
def test_a_pairs_history_counts_fouls_in_the_plural(tournament, pairs8, make_round):
    tournament.publish_standings = True
    tournament.save()
    make_round(tournament, pairs8, status="locked")
    client = Client()
    client.cookies["django_language"] = "en"
    html = client.get(reverse("pair_history", args=["spring", pairs8[0].pk])).content.decode()
    header = html.split("<thead>")[1].split("</thead>")[0]
    assert "<th>Fouls</th>" in header, header


TRANSLATED = re.compile(
    r"\{% (?:translate|trans) (?:\"[^\"]*\"|'[^']*')[^%]*%\}"
    r"|\{% blocktranslate.*?%\}.*?\{% endblocktranslate %\}|\{#.*?#\}",
    re.S,
)


def test_no_template_writes_a_chinese_colon_outside_its_translated_texts():
    """A "：" written after a label ("本轮状态：", "用户名：") stayed full-width in English:
    "Round status：In play". Now each is {% translate "：" %}, ": " in English."""
    found = []
    for path in sorted(Path(settings.BASE_DIR, "templates").rglob("*.html")):
        text = TRANSLATED.sub("", path.read_text(encoding="utf-8"))
        found += [f"{path.name}: {line.strip()}" for line in text.splitlines() if "：" in line]
    assert found == []


@pytest.mark.usefixtures("english")
def test_the_entry_page_labels_its_round_status_with_an_english_colon(
    tournament, pairs8, make_round, chief
):
    make_round(tournament, pairs8)
    html = staff_client(chief).get(reverse("table_entry", args=["spring", 1, 1])).content.decode()
    state = html.split('class="round-state">')[1].split("<span")[0]
    assert state == "Round status: ", state


def test_the_overview_leaves_out_the_dates_and_venue_it_does_not_have(tournament, organizer):
    """An event without dates or venue showed "· · 积分编排" above its overview."""
    page = login(organizer).get(reverse("tournament_detail", args=["spring"])).content.decode()
    line = page.split('<p class="muted">', 1)[1].split("</p>", 1)[0]
    assert " ".join(line.split()) == tournament.get_format_display()


@pytest.mark.usefixtures("english")
def test_player_names_are_listed_in_the_pages_language(tournament, pairs8, organizer):
    """Found in the English review: "张三、李四" (the Chinese list mark) on English pages."""
    pair = pairs8[0]
    first, second = (p.name for p in pair.players.all())
    url = reverse("pair_list", args=["spring"])
    english = staff_client(organizer).get(url).content.decode()
    assert f"{first}, {second}" in english and f"{first}、{second}" not in english
    chinese = Client()
    chinese.force_login(organizer)
    assert f"{first}、{second}" in chinese.get(url).content.decode()


@pytest.mark.usefixtures("english")
def test_the_activity_log_reads_in_the_readers_language(
    tournament, pairs8, make_round, organizer, chief
):
    """Found in the English review: summaries were stored as Chinese sentences ("公布第1轮对阵")
    and showed so on English pages. Each is now also kept as a message, shown per language."""
    round_ = make_round(tournament, pairs8, status="draft")
    publish_round(round_, by=user_actor(organizer))
    start_round(round_, by=user_actor(chief))
    entry = AuditEntry.objects.filter(tournament=tournament, action="round.publish").get()
    assert entry.summary == "公布第1轮对阵"  # the stored sentence, for search and older readers
    url = reverse("round_audit", args=["spring", 1])
    english = staff_client(chief).get(url).content.decode()
    assert "Round 1 pairings published" in english and "Round 1 started" in english
    assert "公布第1轮对阵" not in english
    rows = staff_client(chief).get(url + "?format=csv").content.decode("utf-8-sig")
    assert "Round 1 started" in rows
    # The column of before → after: "Edit" (the edit button's word) until the English pass.
    assert rows.splitlines()[0].split(",")[5] == "Changes"
    chinese = Client()
    chinese.force_login(chief)
    assert "公布第1轮对阵" in chinese.get(url).content.decode()


@pytest.mark.usefixtures("english")
def test_a_foul_summary_names_the_match_and_the_kind_in_english(
    tournament, pairs8, make_round, referee
):
    table = make_round(tournament, pairs8, status="in_play").tables.get(number=1)
    record_foul(table, side="EW", kind="time_delay", severity="foul", by=user_actor(referee))
    entry = AuditEntry.objects.filter(tournament=tournament, action="foul.add").get()
    with translation.override("en"):
        text = entry.summary_text()
    where = "Round 1, table 1, 队1 – 队2: 队1 "
    assert text.startswith(where)
    assert not CJK.search(text.removeprefix(where)), text


def test_a_pairings_counts_are_labelled_in_the_activity_log():
    """Seen on the round's activity log: "tables: — → 24", the stored keys, in Chinese too."""
    entry = AuditEntry(object_type="round", after={"tables": 24, "byes": 1, "rematches": 0})
    with translation.override("zh-hans"):
        assert [label for label, _old, _new in changes(entry)] == ["台数", "轮空", "重复对阵"]
    with translation.override("en"):
        assert [label for label, _old, _new in changes(entry)] == ["Tables", "Bye", "Rematches"]
