"""The staff's pages and downloads walked in English by each role: organizer,
chief referee and referee of an event with results, a deal-by-deal sheet, fouls, a
dispute and a withdrawn pair. No Chinese word of ours may remain; the organizer's data
(names of the event, pairs, players, units, stages, remarks) stays as entered.

tests/app/test_english_pages.py walks the organizer's pages of a bare event; the prints
are checked one by one in tests/app/printing/test_english_prints.py. Here the prints are
the ones the pages link to, the event's print language set to English; a side's name cut
short in a narrow column ("North–So…") counts as a failure too.
"""

from __future__ import annotations

import io
import re

import openpyxl
import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from tests.app.conftest import (
    english,  # noqa: F401 - the pending translations compiled in
    organizers_words,
)
from tests.app.printing.conftest import pages_text
from tests.app.test_english_pages import CHINESE, LANGUAGE_NAMES, visible_text
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Pair, Table
from tournament.registration.registration_spreadsheet import HEADERS
from tournament.registration.services import pair_set_status
from tournament.results.checks import ResultValues
from tournament.results.results_spreadsheet import HEADERS as RESULT_HEADERS
from tournament.results.results_spreadsheet import PAIR_NAME_HEADERS as PAIR_NAMES
from tournament.results.services import submit_result
from tournament.spreadsheets.table_file import IGNORED_HEADERS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
MAX_PAGES = 150
SKIP = ("/logout", "/accounts/", "/backups/download", "archive", "/api/")
# The sheets to fill in and import are read by their Chinese column names (as
# tests/app/test_english_pages.py allows on the import pages): their headers stay.
SHEET_HEADERS = sorted(
    {
        *(h for names in HEADERS.values() for h in names),
        *IGNORED_HEADERS,
        *(h for names in RESULT_HEADERS.values() for h in names),
        *PAIR_NAMES,
    },
    key=len,
    reverse=True,
)
TEMPLATES = ("/teams/template.xlsx",)  # a sample sheet: Chinese sample names and headers
CUT_SIDE = re.compile(r"(?:North|South|East|West)[–-]\w*…")


def download_text(response) -> str | None:
    kind = response["Content-Type"]
    if "pdf" not in kind and "spreadsheetml" not in kind:
        return None
    data = b"".join(response.streaming_content) if response.streaming else response.content
    if "pdf" in kind:
        return "\n".join(pages_text(data))
    if "spreadsheetml" in kind:
        book = openpyxl.load_workbook(io.BytesIO(data))
        cells = (str(c.value) for ws in book for row in ws.iter_rows() for c in row if c.value)
        return "\n".join([*cells, *book.sheetnames])
    return None


def walk(client, start: str, words: list[str]) -> tuple[set[str], dict[str, list[str]]]:
    queue, seen, found = [start], set(), {}
    while queue and len(seen) < MAX_PAGES:
        url = queue.pop(0)
        if url in seen or any(part in url for part in SKIP + TEMPLATES):
            continue
        seen.add(url)
        response = client.get(url)
        if response.status_code != 200:
            continue
        if "text/html" in response["Content-Type"]:
            page = response.content.decode()
            links = re.findall(r'href="(/[^"#]*)"', page)
            queue += [link.replace("&amp;", "&") for link in links if link.startswith(start)]
            text = visible_text(page)
        else:
            text = download_text(response)
            if text is None:
                continue
        cut = CUT_SIDE.findall(text)
        for word in words:
            text = text.replace(word, "")
        if cut:
            found[url] = sorted(set(cut))
        elif CHINESE.search(text):
            found[url] = sorted(set(CHINESE.findall(text)))
    return seen, found


@pytest.fixture
def busy_event(event):
    """``event`` with a dispute on a table of round 2 and a withdrawn pair."""
    cache.clear()
    chief, referee = User.objects.get(username="chief"), User.objects.get(username="ref")
    m = Table.objects.filter(round__number=2, state=Table.EMPTY).exclude(ns=None).first()
    m = submit_result(
        m, ResultValues("A+", "K", winner="EW"), version=m.version, by=user_actor(referee)
    )
    submit_result(m, ResultValues("A+", "5", winner="EW"), version=m.version, by=user_actor(chief))
    pair_set_status(
        pair=Pair.objects.filter(tournament=event).last(),
        status=Pair.WITHDRAWN,
        by=user_actor(None),
    )
    event.print_language = "en"  # the prints in English (the event's choice, not the reader's)
    event.save()
    return event


# The organizer's and the chief's walks are slow (the most pages): the full run walks them,
# the full run walks them (a quick run: tests/app/test_english_pages.py, the organizer's pages).
@pytest.mark.parametrize(
    "username",
    [
        pytest.param("alice", marks=pytest.mark.slow),
        pytest.param("chief", marks=pytest.mark.slow),
        pytest.param("ref", marks=pytest.mark.slow),
    ],
)
def test_no_chinese_word_of_ours_on_the_staffs_pages_and_prints_in_english(busy_event, username):
    client = login(User.objects.get(username=username))
    client.cookies["django_language"] = "en"
    # An older audit entry's summary is shown as it was written (AuditEntry.summary_text).
    entries = AuditEntry.objects.filter(tournament=busy_event)
    written = [e.summary for e in entries if e.summary and not e.summary_message]
    words = [*organizers_words(busy_event), *LANGUAGE_NAMES, *SHEET_HEADERS, *written]
    seen, found = walk(client, f"/t/{busy_event.slug}/", words)
    assert len(seen) > 15, "the walk should reach the event's pages"
    assert found == {}
