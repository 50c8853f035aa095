"""What a cached public answer costs and who may keep it.

A cached anonymous answer takes one SQL statement (the stamp) and, with a shared cache
between processes, no call to it once this process holds a copy; the copies are bounded and
checked against the stamp. Anonymous public answers say a proxy may keep them a second
(``public, max-age=1``); nothing personal ever says so.
"""

from __future__ import annotations

import pytest
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache, caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import login
from tournament.core import page_cache
from tournament.core.actors import user_actor
from tournament.core.page_cache import LocalCopies
from tournament.events.api_tokens import token_create
from tournament.models import Table
from tournament.registration.services import PairData, pair_update

pytestmark = pytest.mark.django_db
PUBLIC = "public, max-age=1, stale-while-revalidate=1"
PRIVATE = "private, no-cache"


@pytest.fixture
def public_event(tournament, pairs8, make_round):
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    make_round(tournament, pairs8)
    cache.clear()
    page_cache._page_copies.clear()
    return tournament


@pytest.fixture
def shared_cache(settings, tmp_path):
    """A cache shared between processes (files in a folder) instead of this process's memory."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "cache"),
        }
    }
    page_cache._page_copies.clear()
    yield caches["default"]
    page_cache._page_copies.clear()


def counted(backend, monkeypatch) -> list[str]:
    """The names of the calls made to the shared cache ``backend`` from now on."""
    calls: list[str] = []
    for name in ("get", "set", "get_many", "add", "has_key"):
        original = getattr(backend, name)

        def call(*args, _name=name, _original=original, **kwargs):
            calls.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(backend, name, call)
    return calls


def find_url() -> str:
    return reverse("pairings", args=["spring", 1]) + "?q=%E9%98%9F1"


def test_a_cached_answer_takes_one_statement_the_stamp(public_event):
    visitor = Client()
    first = visitor.get(find_url())
    with CaptureQueriesContext(connection) as captured:
        again = Client().get(find_url())
    assert again.content == first.content
    assert len(captured) == 1, [q["sql"] for q in captured]
    assert '"stamp"' in captured[0]["sql"] and '"version"' in captured[0]["sql"]


def test_with_a_shared_cache_a_worker_answers_from_its_own_copy(
    public_event, shared_cache, monkeypatch
):
    first = Client().get(find_url())
    calls = counted(shared_cache, monkeypatch)
    with CaptureQueriesContext(connection) as captured:
        again = Client().get(find_url())
    assert again.content == first.content and len(captured) == 1 and calls == []
    page_cache._page_copies.clear()  # as a worker that has not read it yet
    assert Client().get(find_url()).content == first.content and calls == ["get"]
    assert Client().get(find_url()).content == first.content and calls == ["get"]


def test_a_worker_copy_is_never_served_after_a_change(public_event, shared_cache, pairs8):
    url = reverse("pairings", args=["spring", 1])
    assert "新名队" not in Client().get(url).content.decode()
    pair = pairs8[0]
    pair.refresh_from_db()
    data = PairData(name="新名队", unit="", player1="甲", player2="乙")
    pair_update(
        pair=pair, data=data, version=pair.version, by=user_actor(None)
    )  # moves the public stamp
    assert "新名队" in Client().get(url).content.decode()


def test_the_copies_keep_the_most_recently_used_within_their_size():
    copies = LocalCopies(limit=100)
    copies.put("a", "A", 40)
    copies.put("b", "B", 40)
    assert copies.get("a") == "A"  # now the most recently used
    copies.put("c", "C", 40)
    assert copies.get("b") is None and copies.get("a") == "A" and copies.get("c") == "C"
    assert copies.size == 80 and len(copies) == 2
    copies.put("big", "X", 101)  # larger than the whole limit: not kept
    assert copies.get("big") is None and copies.size == 80


def test_anonymous_public_answers_may_be_kept_by_a_proxy(public_event, pairs8):
    urls = [
        find_url(),
        reverse("standings", args=["spring"]),
        reverse("pair_history", args=["spring", pairs8[0].pk]),
        reverse("api-v1:event", args=["spring"]),
        reverse("api-v1:event_standings", args=["spring"]),
    ]
    for url in urls:
        first = Client().get(url)
        assert first.status_code == 200 and first["Cache-Control"] == PUBLIC, url
        assert first["ETag"]
        revalidated = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert revalidated.status_code == 304 and revalidated["Cache-Control"] == PUBLIC


def test_nothing_personal_says_public(public_event, organizer, rf):
    staff = login(organizer)
    _token, secret = token_create(tournament=public_event, name="大屏", by=user_actor(None))
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    standings = reverse("standings", args=["spring"])
    public_event.table_entry = True
    public_event.save()
    table = Table.objects.get(round__tournament=public_event, round__number=1, number=1)
    entry = reverse("side_entry", args=["spring", table.pk, table.ew_code])
    waiting = Client()  # a flash message waits in the visitor's cookie
    waiting.cookies["messages"] = CookieStorage(rf.get("/"))._encode([Message(20, "已保存")])
    answers = {
        "signed in": staff.get(standings),
        "signed-in api": staff.get(reverse("api-v1:event", args=["spring"])),
        "staff token": Client().get(reverse("api-v1:event", args=["spring"]), **bearer),
        "a stale session cookie": Client(HTTP_COOKIE="sessionid=gone").get(standings),
        "a player's table link": Client().get(entry),
        "a message waiting": waiting.get(standings),
    }
    for kind, response in answers.items():
        assert response.status_code == 200, kind
        assert "public" not in response.get("Cache-Control", ""), kind
    assert "已保存" in answers["a message waiting"].content.decode()


def test_a_phone_asking_for_gzip_gets_the_kept_compressed_copy(public_event, monkeypatch):
    """The page is compressed once, when it is kept; each later phone gets that copy."""
    import gzip

    from django.utils.text import compress_string as compress

    from tournament.public import conditional

    compressions: list[int] = []
    monkeypatch.setattr(
        conditional,
        "compress_string",
        lambda body: compressions.append(1) or compress(body),
        raising=False,
    )
    monkeypatch.setattr(
        "django.middleware.gzip.compress_string", lambda *a, **k: pytest.fail("compressed again")
    )
    url = reverse("standings", args=["spring"])
    plain = Client().get(url)
    phones = [Client().get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br") for _ in range(3)]
    assert compressions == [1]
    for phone in phones:
        assert phone["Content-Encoding"] == "gzip" and "Accept-Encoding" in phone["Vary"]
        assert gzip.decompress(phone.content) == plain.content
        assert phone["ETag"] == "W/" + plain["ETag"]
        again = Client().get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=phone["ETag"])
        assert again.status_code == 304
    assert "Content-Encoding" not in Client().get(url) and "Accept-Encoding" in plain["Vary"]
