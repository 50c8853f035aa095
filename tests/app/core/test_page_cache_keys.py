"""The public page cache cannot be filled by anyone: a page keys only on
the query parameters it reads; any other is redirected to the URL without it, so a flood of
made-up query strings adds nothing to the cache."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_event(tournament, pairs8, make_round):
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    make_round(tournament, pairs8)
    cache.clear()
    return tournament


def page_keys() -> set[str]:
    """The whole pages kept (the default cache of the tests is per-process memory)."""
    return {key for key in cache._cache if ":gd:page2:" in key}


@pytest.mark.parametrize("name", ["pairings", "standings", "pair_history"])
def test_a_flood_of_made_up_query_strings_does_not_grow_the_cache(public_event, pairs8, name):
    args = {
        "pairings": ["spring", 1],
        "standings": ["spring"],
        "pair_history": ["spring", pairs8[0].pk],
    }[name]
    url = reverse(name, args=args)
    visitor = Client()
    assert visitor.get(url).status_code == 200
    kept = page_keys()
    assert len(kept) == 1
    for n in range(200):
        answer = visitor.get(url, {f"x{n}": n})
        assert answer.status_code == 302 and answer["Location"] == url
    assert page_keys() == kept


def test_the_parameters_a_page_reads_are_kept_and_the_others_dropped(public_event):
    url = reverse("pairings", args=["spring", 1])
    answer = Client().get(url, {"q": "队1", "utm_source": "wechat", "from": "singlemessage"})
    assert answer.status_code == 302
    assert answer["Location"] == url + "?q=%E9%98%9F1"
    assert Client().get(answer["Location"]).status_code == 200
