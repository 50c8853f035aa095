"""Live pages: change numbers, the status JSON's changes, round control and the projector
at many tables, and the round clock from 开赛 until the round is locked."""

from __future__ import annotations

import doctest
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import (
    built_once,
    login,
    new_round,
    new_staff,
    new_tournament,
    register_pair,
)
from tournament.core import params
from tournament.core.actors import user_actor
from tournament.models import Round, Table
from tournament.results.checks import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds import views_projector as projector_views
from tournament.rounds.lifecycle import lock_round, start_round

pytestmark = pytest.mark.django_db


def values(ew="A+", ns="K"):
    return ResultValues(ew_level=ew, ns_level=ns, winner="EW" if ew == "A+" else "NS")


def enter(table, user, **kw):
    table.refresh_from_db()
    return submit_result(table, values(**kw), version=table.version, by=user_actor(user))


@pytest.fixture
def round1(tournament, pairs8, make_round):
    tournament.publish_pairings = True
    tournament.save()
    return make_round(tournament, pairs8)


def status(client, round_, since=None):
    url = reverse("round_status_json", args=[round_.tournament.slug, round_.number])
    return client.get(url, {"since": since} if since is not None else {}).json()


def test_every_table_save_takes_the_next_change_number(round1, referee):
    t1, t2 = round1.tables.get(number=1), round1.tables.get(number=2)
    enter(t1, referee)
    enter(t2, referee, ew="5", ns="A+")
    t1.refresh_from_db()
    t2.refresh_from_db()
    round1.refresh_from_db()
    assert (t1.change_seq, t2.change_seq, round1.change_seq) == (1, 2, 2)


def test_a_round_saved_from_an_old_copy_keeps_its_change_number(round1, referee, chief):
    old_copy = Round.objects.get(pk=round1.pk)
    enter(round1.tables.get(number=1), referee)
    old_copy.stale = True
    old_copy.save()
    old_copy.refresh_from_db()
    assert old_copy.change_seq == 1


def test_status_json_sends_only_the_tables_changed_since_the_page(round1, referee, chief):
    client = login(chief)
    before = status(client, round1)
    assert "changed" not in before and before["seq"] == 0
    enter(round1.tables.get(number=3), referee)
    after = status(client, round1, since=before["seq"])
    assert [row["table"] for row in after["changed"]] == [3]
    assert 'data-table="3"' in after["changed"][0]["html"]
    assert after["counts"]["entered"] == 1 and after["attention"] == 1
    assert after["finished"] == 1 and after["playing"] == 3
    assert "changed" not in status(client, round1, since=after["seq"])


@pytest.mark.parametrize("since", ["²", "-1", "10000000000000000000000000", "abc"])
def test_status_json_ignores_a_since_that_is_not_a_number(round1, chief, since):
    assert "changed" not in status(login(chief), round1, since=since)


def test_public_status_has_no_tables_and_its_stamp_ignores_results(round1, referee):
    public = Client()
    before = status(public, round1)
    enter(round1.tables.get(number=1), referee)
    after = status(public, round1)
    assert "counts" not in after and "changed" not in after
    # Results move the live stamp (projector) but not the pairings stamp (phones).
    assert after["live"] != before["live"]
    round1.refresh_from_db()
    assert after["stamp"] == f"{round1.status}:{round1.version}"


def test_round_control_rows_escape_what_the_organizer_typed(round1, chief):
    table = round1.tables.get(number=1)
    table.ew.name = '<img src=x onerror="alert(1)">'
    table.ew.save()
    page = login(chief).get(reverse("round_control", args=["spring", 1])).content.decode()
    assert "<img src=x" not in page and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page


def test_small_round_control_lists_every_table(round1, chief):
    page = login(chief).get(reverse("round_control", args=["spring", 1])).content.decode()
    assert page.count("<tr data-table=") == 4


@pytest.fixture(scope="class")
def big_event(django_db_setup, django_db_blocker):
    """A round of 120 tables (more than one page of round control) and its referees, built
    once for a class: each test runs in a savepoint rolled back after it (built_once)."""
    with built_once(django_db_blocker):
        organizer, chief, referee = new_staff()
        tournament = new_tournament(organizer, chief, referee)
        tournament.publish_pairings = True
        tournament.save()
        pairs = [register_pair(tournament, f"组合{i:03d}") for i in range(240)]
        yield SimpleNamespace(round=new_round(tournament, pairs), chief=chief, referee=referee)


class TestBigRound:
    """Round control and the projector at 120 tables (``big_event``)."""

    @pytest.fixture
    def big_round(self, big_event):
        cache.clear()  # nothing computed by the test before (see built_once)
        return Round.objects.get(pk=big_event.round.pk)

    @pytest.fixture
    def chief(self, big_event):
        return big_event.chief

    @pytest.fixture
    def referee(self, big_event):
        return big_event.referee

    def test_big_round_control_opens_on_the_tables_that_need_attention(
        self, big_round, referee, chief
    ):
        enter(big_round.tables.get(number=7), referee)
        url = reverse("round_control", args=["spring", 1])
        page = login(chief).get(url).content.decode()
        assert page.count("<tr data-table=") == 1 and 'data-table="7"' in page
        everything = login(chief).get(url, {"state": ""}).content.decode()
        assert everything.count("<tr data-table=") == 100
        assert 'href="?state=&amp;page=2"' in everything  # the next page keeps the filter
        assert (
            login(chief)
            .get(url, {"state": "", "page": "2"})
            .content.decode()
            .count("<tr data-table=")
            == 20
        )
        one = login(chief).get(url, {"table": "115"}).content.decode()
        assert one.count("<tr data-table=") == 1 and 'data-table="115"' in one

    def test_round_control_costs_the_same_queries_for_one_row_or_a_hundred(self, big_round, chief):
        url = reverse("round_control", args=["spring", 1])
        client = login(chief)
        with CaptureQueriesContext(connection) as one:
            assert client.get(url, {"table": "5"}).content.decode().count("<tr data-table=") == 1
        with CaptureQueriesContext(connection) as hundred:
            assert client.get(url, {"state": ""}).content.decode().count("<tr data-table=") == 100
        # Not one more for a hundred rows (and one fewer: the first page's count is the
        # summary's, where a table number is counted by the query).
        assert len(hundred) == len(one) - 1, [q["sql"][:80] for q in hundred]

    def test_projector_shows_a_page_of_tables_and_fetches_the_next(self, big_round):
        url = reverse("projector", args=["spring", 1])
        page = Client().get(url).content.decode()
        assert page.count("<tr data-table=") == 40 and 'data-pages="3"' in page
        rows = Client().get(url, {"page": "3", "part": "rows"}).content.decode()
        assert rows.count("<tr data-table=") == 40 and 'data-table="81"' in rows


def test_projector_lists_unfinished_tables_and_byes_once_started(
    tournament, register, make_round, referee, chief
):
    tournament.publish_pairings = True
    tournament.save()
    pairs = [register(tournament, f"队{i}") for i in range(5)]
    round_ = make_round(tournament, pairs)
    start_round(round_, by=user_actor(chief))
    enter(round_.tables.get(number=1), referee)
    page = Client().get(reverse("projector", args=["spring", 1])).content.decode()
    assert "未完成的台" in page and "<span>2</span>" in page and "<span>1</span>" not in page
    assert "轮空" in page and "队4" in page
    assert 'data-started="' in page and 'data-started=""' not in page


def test_projector_clock_runs_until_the_round_is_locked(round1, referee, chief):
    start_round(round1, by=user_actor(chief))
    for table in round1.tables.all():
        table = enter(table, referee)
        confirm_result(table, version=table.version, by=user_actor(chief))
    url = reverse("projector", args=["spring", 1])
    # Every result is in: the clock still runs (it stopped showing before).
    assert "data-done" not in Client().get(url).content.decode()
    round1.refresh_from_db()
    lock_round(round1, by=user_actor(chief))
    assert 'data-done="本轮已结束"' in Client().get(url).content.decode()


def test_a_round_with_results_before_start_can_still_start_its_clock(round1, referee, chief):
    enter(round1.tables.get(number=1), referee)
    round1.refresh_from_db()
    assert round1.status == Round.IN_PLAY and round1.started_at is None
    page = login(chief).get(reverse("round_control", args=["spring", 1])).content.decode()
    assert "开赛计时" in page
    start_round(round1, by=user_actor(chief))
    round1.refresh_from_db()
    assert round1.started_at is not None and round1.status == Round.IN_PLAY
    assert Table.objects.filter(round=round1, state=Table.ENTERED).count() == 1


@pytest.mark.parametrize("module", [projector_views, params])
def test_docstring_examples(module):
    assert doctest.testmod(module).failed == 0
