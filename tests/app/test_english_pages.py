"""Every staff page an organizer reaches by following links, in English: no Chinese word of
ours. Found in the English pass: a pair's unit in Chinese parentheses ("广陵二队（扬州市体育总会）")
on the keep-apart and check-in pages, and the players on the standings page joined with 、.

What stays Chinese is the organizer's data (event, pairs, players, units, stages, host,
venue), the language names, and the column names the registration sheet must have.
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tests.app.conftest import organizers_words
from tournament.registration.registration_spreadsheet import HEADERS
from tournament.results.results_spreadsheet import HEADERS as RESULT_HEADERS
from tournament.results.results_spreadsheet import PAIR_NAME_HEADERS as PAIR_NAMES
from tournament.spreadsheets.table_file import IGNORED_HEADERS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
MAX_PAGES = 120
# Chinese characters, full-width punctuation (（）、：…) and the curly quotes a Chinese font
# draws full-width (“”), which English pages do not use.
CHINESE = re.compile(r"[\u201c\u201d\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+")
LANGUAGE_NAMES = ("简体中文", "中文")


def visible_text(page: str) -> str:
    page = re.sub(r"<script.*?</script>|<style.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_no_chinese_word_of_ours_on_the_organizers_pages_in_english(
    tournament, pairs8, make_round, organizer
):
    make_round(tournament, pairs8, status="locked")
    make_round(tournament, pairs8, number=2)
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(organizer)
    start = f"/t/{tournament.slug}/"
    words = [*organizers_words(tournament), *LANGUAGE_NAMES]
    queue, seen, found = [start], set(), {}
    while queue and len(seen) < MAX_PAGES:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            continue
        page = response.content.decode()
        queue += [link for link in re.findall(r'href="(/[^"#?]*)"', page) if link.startswith(start)]
        text = visible_text(page)
        if url.endswith("/teams/import/"):
            sheet = [h for names in HEADERS.values() for h in names] + list(IGNORED_HEADERS)
            words_here = sorted({*words, *sheet}, key=len, reverse=True)
        elif url.endswith("/import/"):  # the clerk's sheet: its headers are never translated
            sheet = [h for names in RESULT_HEADERS.values() for h in names] + list(PAIR_NAMES)
            words_here = sorted({*words, *sheet}, key=len, reverse=True)
        else:
            words_here = words
        for word in words_here:
            text = text.replace(word, "")
        if CHINESE.search(text):
            found[url] = sorted(set(CHINESE.findall(text)))
    assert len(seen) > 40, "the crawl should reach the event's pages"
    assert found == {}
