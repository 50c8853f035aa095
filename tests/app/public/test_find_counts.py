"""What find my table costs for a name nobody asked before, in counts, not times.

When a round is published every player asks for their own name: each answer is new to the
page cache. Such an answer reads no entry of the round but those it shows (the round's
index answers without going through the others) and takes one SQL statement (the stamp);
it is the page the view itself renders, byte for byte.
"""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.core import page_cache
from tournament.core.actors import user_actor
from tournament.public import find_page, find_table, views_pairings
from tournament.public.find_index import FindIndex
from tournament.registration.services import PairData, pair_update

pytestmark = pytest.mark.django_db
# Every player's name, pinyin, initials, a part of a name, a unit, a team; nothing found; a
# query that HTML or a URL would take apart.
QUERIES = ["队1", "dui1", "d", "队", "苏州", "suzhou", "无此人", "<b>&amp;", "a+b%20c", "队 3"]


class Counted(list):
    """The round's entries, counting the ones read after the index was built."""

    reads = 0

    def __getitem__(self, i):
        Counted.reads += 1
        return super().__getitem__(i)

    def __iter__(self):
        for item in super().__iter__():
            Counted.reads += 1
            yield item


def ask(query: str):
    return Client().get(reverse("pairings", args=["spring", 1]), {"q": query})


def test_a_new_name_reads_only_the_entries_it_shows_and_takes_one_statement(
    public_event, monkeypatch
):
    build = find_table.build_index
    monkeypatch.setattr(find_table, "build_index", lambda *a, **k: Counted(build(*a, **k)))
    ask("队1")  # the round's index and the page's frame
    for query in ("队12", "dui13", "jia14", "乙15", "无此人"):
        Counted.reads = 0
        with CaptureQueriesContext(connection) as captured:
            page = ask(query).content.decode()
        shown = page.split('id="find-results"')[1].split("</ul>")[0].count("<li>")
        # Before the index every search read all 40 entries, and took five statements.
        assert Counted.reads <= shown, (query, Counted.reads)
        assert len(captured) == 1, [q["sql"] for q in captured]


def test_the_prepared_answer_is_the_page_the_view_renders(public_event, monkeypatch):
    fast = [ask(query).content for query in QUERIES]
    cache.clear()
    page_cache._page_copies.clear()
    monkeypatch.setattr(views_pairings, "prepared_answer", lambda *args: None)
    assert [ask(query).content for query in QUERIES] == fast
    assert "没有找到“无此人”" in fast[6].decode()
    assert "&lt;b&gt;&amp;amp;" in fast[7].decode() and "<b>&amp;" not in fast[7].decode()


def test_the_index_finds_what_a_scan_finds():
    rng = random.Random(48)
    letters = "abzh诸葛亮张伟0123"
    entries = [
        {"keys": "\n".join("".join(rng.choices(letters, k=rng.randint(1, 8))) for _ in range(3))}
        for _ in range(300)
    ]
    index = FindIndex(entries)
    for _ in range(500):
        query = "".join(rng.choices(letters, k=rng.randint(1, 4)))
        scan = [i for i, e in enumerate(entries) if any(query in k for k in e["keys"].split())]
        assert index.matching(query) == scan, query


def test_a_change_is_found_at_once_and_the_old_frame_is_let_go(public_event, pairs8):
    assert "队1" in ask("dui1").content.decode()
    pair = pairs8[0]
    pair.refresh_from_db()
    data = PairData(name="新名队", unit="", player1="甲", player2="乙")
    pair_update(pair=pair, data=data, version=pair.version, by=user_actor(None))
    page = ask("xinming").content.decode()
    assert "新名队" in page and "没有找到" not in page
    assert len(find_page._frames) == 1  # one frame per round and language, of its last stamp
