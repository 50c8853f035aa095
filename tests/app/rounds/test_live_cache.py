"""The round's live public answers kept under its live stamp: the status poll
every open pairings page asks every 20 s, and the projector.

A kept anonymous answer costs one SQL statement (the live stamp) and says a proxy may keep
it a second; a saved table moves the stamp, so the next poll shows it; a signed-in user's
poll is never kept and never says public.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import login
from tournament.core import page_cache
from tournament.core.actors import user_actor
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]  # the live stamp query too
PUBLIC = "public, max-age=1, stale-while-revalidate=1"
PRIVATE = "private, no-cache"


@pytest.fixture
def round1(tournament, pairs8, make_round):
    tournament.publish_pairings = True
    tournament.save()
    round_ = make_round(tournament, pairs8)
    cache.clear()
    page_cache._page_copies.clear()
    return round_


def poll_url(round_, **query) -> str:
    url = reverse("round_status_json", args=[round_.tournament.slug, round_.number])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def projector_url(round_) -> str:
    return reverse("projector", args=[round_.tournament.slug, round_.number])


def enter_table_1(round_, user) -> None:
    table = round_.tables.get(number=1)
    values = ResultValues(ew_level="A+", ns_level="K", winner="EW")
    submit_result(table, values, version=table.version, by=user_actor(user))


@pytest.mark.parametrize("url", [poll_url, projector_url])
def test_a_kept_live_answer_takes_one_statement_the_live_stamp(round1, url):
    first = Client().get(url(round1))
    with CaptureQueriesContext(connection) as captured:
        again = Client().get(url(round1))
    assert again.status_code == 200 and again.content == first.content
    assert len(captured) == 1, [q["sql"] for q in captured]
    assert '"change_seq"' in captured[0]["sql"] and '"stamp"' in captured[0]["sql"]


@pytest.mark.parametrize("url", [poll_url, projector_url])
def test_an_anonymous_live_answer_may_be_kept_a_second_and_revalidated(round1, url):
    first = Client().get(url(round1))
    assert first["Cache-Control"] == PUBLIC and first["ETag"]
    revalidated = Client().get(url(round1), HTTP_IF_NONE_MATCH=first["ETag"])
    assert revalidated.status_code == 304 and revalidated["Cache-Control"] == PUBLIC


def test_a_saved_table_shows_in_the_next_poll(round1, referee):
    before = Client().get(poll_url(round1)).json()
    etag = Client().get(poll_url(round1))["ETag"]
    enter_table_1(round1, referee)
    after = Client().get(poll_url(round1), HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200 and after["ETag"] != etag
    assert after.json()["finished"] == before["finished"] + 1
    assert after.json()["live"] != before["live"]


def test_a_signed_in_poll_is_never_kept_nor_public(round1, chief, referee):
    assert Client().get(poll_url(round1)).status_code == 200  # an anonymous copy is kept
    staff = login(chief)
    seq = staff.get(poll_url(round1)).json()["seq"]
    enter_table_1(round1, referee)
    answer = staff.get(poll_url(round1, since=seq))
    assert answer["Cache-Control"] == PRIVATE
    assert [row["table"] for row in answer.json()["changed"]] == [1]  # the referee's own
    assert "changed" not in Client().get(poll_url(round1, since=seq)).json()


def test_a_poll_with_parameters_it_does_not_read_is_sent_to_its_own_url(round1):
    answer = Client().get(poll_url(round1, since=3, x=1))
    assert answer.status_code == 302 and answer["Location"] == poll_url(round1, since=3)


def test_an_unpublished_round_is_never_kept(round1):
    round1.tournament.publish_pairings = False
    round1.tournament.save()
    answer = Client().get(poll_url(round1))
    assert answer.status_code == 404 and "public" not in answer["Cache-Control"]
    missing = reverse("round_status_json", args=[round1.tournament.slug, 99])
    assert Client().get(missing).status_code == 404
