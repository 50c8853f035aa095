"""The stamp memo (tournament/core/stamps.py): a process answers anonymous public pages from
the stamp it read at most ``STAMP_MEMO_MS`` ago, shows its own public changes at once, and
reads the stamp again once the memo is older (a cached answer on PostgreSQL then
costs what it costs on SQLite)."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.timezone import now

from tournament.core import page_cache, stamps
from tournament.core.actors import user_actor
from tournament.models import Pair, Tournament
from tournament.registration.services import PairData, pair_update

# Real commits: in a test's wrapping transaction the memo is (rightly) never used.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def memo(settings, tournament, pairs8, make_round, monkeypatch):
    """Public pairings of round 1, the memo on (500 ms) and its clock in the test's hands."""
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    make_round(tournament, pairs8)
    settings.STAMP_MEMO_MS = 500
    stamps._MEMO.clear()
    page_cache._page_copies.clear()
    clock = [1000.0]
    monkeypatch.setattr(stamps.time, "monotonic", lambda: clock[0])
    yield clock
    stamps._MEMO.clear()


def statements(url: str) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as captured:
        page = Client().get(url).content.decode()
    return len(captured), page


def test_answers_within_the_memo_read_no_stamp_and_later_ones_do(memo):
    url = reverse("pairings", args=["spring", 1])
    Client().get(url)  # the page and its stamp are read
    assert statements(url)[0] == 0
    memo[0] += 0.499
    assert statements(url)[0] == 0
    memo[0] += 0.002  # 501 ms after the read
    assert statements(url)[0] == 1
    assert statements(url)[0] == 0


def rename(pair) -> None:
    pair.refresh_from_db()
    data = PairData(name="新名队", unit="", player1="甲", player2="乙")
    pair_update(
        pair=pair, data=data, version=pair.version, by=user_actor(None)
    )  # moves the public stamp


def test_this_processs_own_public_change_shows_at_once(
    memo, pairs8, django_capture_on_commit_callbacks
):
    url = reverse("pairings", args=["spring", 1])
    assert "新名队" not in Client().get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # as the request's commit
        rename(pairs8[0])
    count, page = statements(url)
    assert "新名队" in page and count >= 1


def test_another_processs_change_shows_once_the_memo_is_older(memo, pairs8):
    url = reverse("pairings", args=["spring", 1])
    assert "新名队" not in Client().get(url).content.decode()
    # What another worker's rename leaves in the database (this process's memo stays).
    Pair.objects.filter(pk=pairs8[0].pk).update(name="新名队")
    Tournament.objects.filter(slug="spring").update(stamp=F("stamp") + 1, updated_at=now())
    memo[0] += 0.3
    assert "新名队" not in statements(url)[1]
    memo[0] += 0.201
    assert "新名队" in statements(url)[1]


def test_inside_a_transaction_the_stamp_is_always_read(memo):
    with transaction.atomic():
        assert stamps.shared_page_stamp("spring") is not None
        with CaptureQueriesContext(connection) as captured:
            stamps.shared_page_stamp("spring")
    assert len(captured) == 1


def test_made_up_slugs_cannot_grow_the_memo_past_its_bound(memo, monkeypatch):
    monkeypatch.setattr(stamps, "MEMO_MAX", 5)
    for n in range(12):  # a hostile visitor asking for events that do not exist
        assert Client().get(reverse("pairings", args=[f"no-such-{n}", 1])).status_code == 404
    assert 0 < len(stamps._MEMO) <= 5
